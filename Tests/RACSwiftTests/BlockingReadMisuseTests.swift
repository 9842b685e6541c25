import CShims
import Foundation
@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// docs/Concurrency.md point 11: a blocking read that only the calling
/// thread could answer (it is inside a delivery of the subject it reads,
/// and nothing else can send) is recognised, so `first()`, `toArray()` and
/// `waitUntilCompleted()` stop with a message instead of hanging. Those
/// calls stop the process (`racMisuse`), so these tests ask the check
/// they rely on.
final class BlockingReadMisuseTests: XCTestCase {
    /// Runs `body` inside a delivery of `subject`, sent from this thread.
    private func insideDelivery<T>(of subject: RACSubject<T>, value: T, _ body: @escaping @Sendable () -> Void) {
        let disposable = subject.subscribeNext { _ in body() }
        subject.sendNext(value)
        disposable.dispose()
    }

    func testReadOfTheSubjectBeingDeliveredIsRecognised() {
        let subject = RACSubject<Int>()
        let verdicts = Shared<[racs_probe_verdict]>([])
        insideDelivery(of: subject, value: 1) {
            verdicts.value.append(subject.subscribeForBlockingRead { _ in }.verdict)
            verdicts.value.append(subject.skip(1).map { $0 * 2 }.subscribeForBlockingRead { _ in }.verdict)
        }
        XCTAssertEqual(verdicts.value, [.owned_subjects, .owned_subjects])
    }

    func testReplayThatSkipsItsValueIsRecognised() {
        let subject = RACBehaviorSubject(defaultValue: 0)
        let verdict = Shared<racs_probe_verdict?>(nil)
        insideDelivery(of: subject, value: 1) {
            verdict.value = subject.skip(1).subscribeForBlockingRead { _ in }.verdict
        }
        XCTAssertEqual(verdict.value, .owned_subjects)
    }

    func testReadThatAnotherSourceCanAnswerIsNot() {
        let subject = RACSubject<Int>()
        let verdicts = Shared<[racs_probe_verdict]>([])
        insideDelivery(of: subject, value: 1) {
            let other = RACSignal<Int>.createSignal { _ in nil }
            verdicts.value.append(subject.merge(other).subscribeForBlockingRead { _ in }.verdict)
            let later = subject.timeout(10, onScheduler: RACScheduler.scheduler())
            verdicts.value.append(later.subscribeForBlockingRead { _ in }.verdict)
            verdicts.value.append(RACSubject<Int>().subscribeForBlockingRead { _ in }.verdict)
        }
        XCTAssertEqual(verdicts.value, [.answerable, .answerable, .answerable])
    }

    func testReadOutsideADeliveryIsNot() {
        let subject = RACSubject<Int>()
        XCTAssertEqual(subject.subscribeForBlockingRead { _ in }.verdict, .answerable)
    }

    func testReplayedValueStillAnswersAtOnce() {
        let subject = RACReplaySubject<Int>()
        let read = Shared<Int?>(nil)
        insideDelivery(of: subject, value: 7) {
            read.value = subject.first()
        }
        XCTAssertEqual(read.value, 7)
    }

    func testCapacityZeroReplayIsRecognised() {
        let subject = RACReplaySubject<Int>(capacity: 0)
        let verdict = Shared<racs_probe_verdict?>(nil)
        insideDelivery(of: subject, value: 1) {
            verdict.value = subject.subscribeForBlockingRead { _ in }.verdict
        }
        XCTAssertEqual(verdict.value, .owned_subjects)
    }

    // MARK: Through a multicast connection

    /// `publish`, `replay` and their kin read inside a delivery of their
    /// source, with nothing to replay: the connection's subject can only be
    /// fed by that source, which only this thread can deliver.
    func testReadThroughAConnectionToTheSubjectBeingDeliveredIsRecognised() {
        let subject = RACSubject<Int>()
        let verdicts = Shared<[(String, racs_probe_verdict)]>([])
        insideDelivery(of: subject, value: 1) {
            let shapes: [(String, RACSignal<Int>)] = [
                ("multicast(capacity 0).autoconnect()", subject.multicast(RACReplaySubject(capacity: 0)).autoconnect()),
                ("publish().autoconnect()", subject.publish().autoconnect()),
                ("replayLazily()", subject.replayLazily()),
                ("replayLast()", subject.replayLast()),
                ("replay()", subject.replay()),
                ("map, then replay()", subject.map { $0 * 2 }.replay()),
                ("replay() of publish().autoconnect()", subject.publish().autoconnect().replay()),
            ]
            for (name, signal) in shapes {
                let (subscription, verdict) = signal.subscribeForBlockingRead { _ in }
                subscription.dispose()
                verdicts.value.append((name, verdict))
            }
        }
        XCTAssertEqual(verdicts.value.count, 7)
        for (name, verdict) in verdicts.value { XCTAssertEqual(verdict, .owned_subjects, name) }
    }

    func testReadThroughAConnectionThatAnotherSourceCanFeedIsNot() {
        let subject = RACSubject<Int>()
        let other = RACSubject<Int>()
        let verdicts = Shared<[(String, racs_probe_verdict)]>([])
        insideDelivery(of: subject, value: 1) {
            let running = RACSignal<Int>.createSignal { _ in nil }
            let shapes: [(String, RACSignal<Int>)] = [
                ("merged with a running createSignal", subject.merge(running).replay()),
                ("merged with another subject", subject.merge(other).publish().autoconnect()),
                ("of another subject", other.replayLazily()),
                ("multicast to twice", Self.multicastTwice(subject, other)),
            ]
            for (name, signal) in shapes {
                let (subscription, verdict) = signal.subscribeForBlockingRead { _ in }
                subscription.dispose()
                verdicts.value.append((name, verdict))
            }
        }
        let (subscription, verdict) = subject.replay().subscribeForBlockingRead { _ in }
        subscription.dispose()
        verdicts.value.append(("outside a delivery", verdict))
        XCTAssertEqual(verdicts.value.count, 5)
        for (name, verdict) in verdicts.value { XCTAssertEqual(verdict, .answerable, name) }
    }

    /// A subject fed by two connections, the second of another subject.
    private static func multicastTwice(_ first: RACSubject<Int>, _ second: RACSubject<Int>) -> RACSignal<Int> {
        let shared = RACReplaySubject<Int>(capacity: 0)
        first.multicast(shared).connect()
        second.multicast(shared).connect()
        return shared
    }

    /// With something to replay, a read through a connection returns it at
    /// once, inside a delivery of the source too.
    func testReadThroughAConnectionReturnsWhatItReplays() {
        let subject = RACSubject<Int>()
        let replay = subject.replay()
        let replayLast = subject.replayLast()
        let lazily = subject.replayLazily()
        let connecting = lazily.subscribeNext { _ in }
        subject.sendNext(1)
        let reads = Shared<[Int?]>([])
        insideDelivery(of: subject, value: 2) {
            reads.value = [replay.first(), replayLast.first(), lazily.first()]
        }
        connecting.dispose()
        XCTAssertEqual(reads.value, [1, 2, 1])

        let replaying = RACReplaySubject<Int>()
        insideDelivery(of: replaying, value: 3) {
            reads.value = [replaying.replayLazily().first(), replaying.publish().autoconnect().first(),
                           replaying.multicast(RACReplaySubject(capacity: 0)).autoconnect().first(),
                           replaying.replayLast().first()]
        }
        XCTAssertEqual(reads.value, [3, 3, 3, 3])
    }

    /// The real call, in a forked child: `first()` through a connection
    /// inside its source's delivery stops at once with the message.
    func testFirstThroughAConnectionInsideItsSourcesDeliveryStopsWithAMessage() {
        let shapes: [(String, @Sendable (RACSubject<Int>) -> RACSignal<Int>)] = [
            ("multicast(capacity 0).autoconnect()", { $0.multicast(RACReplaySubject(capacity: 0)).autoconnect() }),
            ("replayLazily()", { $0.replayLazily() }),
        ]
        for (name, shape) in shapes {
            let message = runInForkedChild {
                let subject = RACSubject<Int>()
                subject.subscribeNext { _ in _ = shape(subject).first() }
                subject.sendNext(1)
            }
            XCTAssertTrue(message.contains("first() was called from inside a subscriber's block of a subject it reads"),
                          "\(name): \(message)")
        }
    }

    /// The real call, in a forked child (it stops the process): `first()`
    /// inside its own subject's delivery stops at once, with a message that
    /// names the misuse, instead of hanging.
    func testFirstInsideItsSubjectsDeliveryStopsWithAMessage() {
        let message = runInForkedChild {
            let subject = RACSubject<Int>()
            subject.subscribeNext { _ in _ = subject.first() }
            subject.sendNext(1)
        }
        XCTAssertTrue(message.contains("first() was called from inside a subscriber's block of a subject it reads"),
                      message)
    }

    /// Runs `misuse` in a forked child, which must stop on a trap (one that
    /// has not by the hang guard is killed, and fails the test), and
    /// returns what it wrote to standard error.
    private func runInForkedChild(_ misuse: () -> Void) -> String {
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        let pid = fork()
        if pid == 0 {
            // The child: the crash must end it at once, without the
            // backtracer, and say why on the pipe.
            signal(SIGILL, SIG_DFL)
            signal(SIGTRAP, SIG_DFL)
            dup2(pipeEnds[1], 2)
            misuse()
            _exit(0) // not reached: the call would have hung
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        // A hang guard, not a bound (it was 20 s, which a loaded machine
        // can take to start a child and print a backtrace): a read that
        // does not trap blocks for good.
        let deadline = Date().addingTimeInterval(HangGuard.seconds)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("hang: the blocking read hung")
                break
            }
            usleep(10_000)
        }
        let signalled = status & 0x7f != 0 && status & 0x7f != 0x7f
        XCTAssertTrue(signalled, "the child stopped on a trap (status \(status))")
        return String(decoding: FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: true).readDataToEndOfFile(),
                      as: UTF8.self)
    }

    // MARK: On the main thread (XCTest runs tests there)

    func testMainThreadWorkAloneIsRecognisedOnTheMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        let main = RACScheduler.mainThreadScheduler
        let cases: [(String, RACSignal<Int>)] = [
            ("return(1).deliverOn(main)", RACSignal.return(1).deliverOn(main)),
            ("a failing attempt, then retry", RACSignal<Int>.error(TestError(code: 1)).retry(1).deliverOn(main)),
            ("subscribeOn(main)", RACSignal.return(1).subscribeOn(main)),
        ]
        for (name, signal) in cases {
            let (subscription, verdict) = signal.subscribeForBlockingRead { _ in }
            subscription.dispose()
            XCTAssertEqual(verdict, .main_thread, name)
        }
    }

    func testMainThreadWorkWithASourceStillRunningIsNot() {
        let source = RACSubject<Int>()
        let (subscription, verdict) = source.deliverOn(RACScheduler.mainThreadScheduler)
            .subscribeForBlockingRead { _ in }
        subscription.dispose()
        XCTAssertEqual(verdict, .answerable, "the subject may send from another thread")
    }

    func testWorkForAnotherSchedulerIsNot() {
        let (subscription, verdict) = RACSignal.return(1).deliverOn(RACScheduler.scheduler())
            .subscribeForBlockingRead { _ in }
        subscription.dispose()
        XCTAssertEqual(verdict, .answerable)
    }

    /// A `RACCommand`'s execution read on the main thread before the block
    /// that subscribes its signal has run: that block waits for the main
    /// queue, whatever the signal block returned.
    func testCommandExecutionReadOnTheMainThreadIsRecognised() {
        let shapes: [(String, @Sendable (Int) -> RACSignal<Int>)] = [
            ("return(x)", { RACSignal.return($0) }),
            ("empty()", { _ in RACSignal.empty() }),
            ("createSignal sending at once", { input in
                RACSignal.createSignal { subscriber in
                    subscriber.sendNext(input)
                    subscriber.sendCompleted()
                    return nil
                }
            }),
        ]
        for (name, signalBlock) in shapes {
            let (subscription, verdict) = RACCommand(signalBlock: signalBlock).execute(7)
                .subscribeForBlockingRead { _ in }
            subscription.dispose()
            XCTAssertEqual(verdict, .main_thread, name)
        }
    }

    /// Once the execution's block has run, the execution is fed by its
    /// signal: a read returns what it replays, or waits for a signal still
    /// running. A command on another scheduler is read as usual.
    func testCommandExecutionReadOnceItRanOrOffTheMainQueueIsNot() {
        let ran = expectation(description: "the executions' blocks ran")
        ran.expectedFulfillmentCount = 2
        let finished = RACCommand<Int, Int> { .return($0) }.execute(7)
        finished.subscribeCompleted { ran.fulfill() }
        let running = RACCommand<Int, Int> { _ in
            RACSignal.createSignal { _ in
                ran.fulfill()
                return nil
            }
        }.execute(8)
        wait(for: [ran], timeout: HangGuard.seconds)
        XCTAssertEqual(finished.first(), 7)
        let (subscription, verdict) = running.subscribeForBlockingRead { _ in }
        subscription.dispose()
        XCTAssertEqual(verdict, .answerable, "its signal may still send")

        let elsewhere = RACCommand<Int, Int>(enabled: nil, scheduler: RACScheduler.scheduler()) { .return($0) }
        XCTAssertEqual(elsewhere.execute(9).first(), 9)
    }

    /// The real call, in a forked child: the documented misuse of a command
    /// on the main thread stops with a message instead of hanging.
    func testFirstOfACommandExecutionOnTheMainThreadStopsWithAMessage() {
        let message = runInForkedChild {
            _ = RACCommand<Int, Int> { .return($0) }.execute(7).first()
        }
        XCTAssertTrue(message.contains("first() was called on the main thread"), message)
    }

    /// The real call, in a forked child: `first()` on the main thread of a
    /// signal delivered on the main thread scheduler stops with a message.
    func testFirstOnTheMainThreadOfMainThreadWorkStopsWithAMessage() {
        let message = runInForkedChild {
            _ = RACSignal.return(1).deliverOn(RACScheduler.mainThreadScheduler).first()
        }
        XCTAssertTrue(message.contains("first() was called on the main thread"), message)
    }

    /// The main queue's warning names the blocking read the main thread is
    /// waiting in (the release-build check is CI's `mainqueue-dispatch
    /// --blocking-read`), and says what it said before otherwise.
    func testTheMainQueuesWarningNamesTheBlockingReadTheMainThreadIsIn() {
        XCTAssertTrue(RACMainQueueWatch.stallWarning.contains("nothing is running the main queue"))
        RACMainQueueWatch.whileMainThreadBlocks(in: "toArray()") {
            let warning = RACMainQueueWatch.stallWarning
            XCTAssertTrue(warning.contains("the main thread is blocked in toArray(), a blocking read"), warning)
            XCTAssertFalse(warning.contains("nothing is running the main queue"), warning)
        }
        XCTAssertTrue(RACMainQueueWatch.stallWarning.contains("nothing is running the main queue"))
    }
}

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

    /// Runs `misuse` in a forked child, which must stop on a trap
    /// (within 20 s: a hang fails the test), and returns what it wrote to
    /// standard error.
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
        let deadline = Date().addingTimeInterval(20)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("the blocking read hung")
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

    /// The real call, in a forked child: `first()` on the main thread of a
    /// signal delivered on the main thread scheduler stops with a message.
    func testFirstOnTheMainThreadOfMainThreadWorkStopsWithAMessage() {
        let message = runInForkedChild {
            _ = RACSignal.return(1).deliverOn(RACScheduler.mainThreadScheduler).first()
        }
        XCTAssertTrue(message.contains("first() was called on the main thread"), message)
    }
}

import Foundation
@testable import RACSwift
import XCTest

/// ENGINE.md contract point 12: a blocking read that only the calling
/// thread could answer (it is inside a delivery of the subject it reads,
/// and nothing else can send) is recognised, so `first()`, `toArray()` and
/// `waitUntilCompleted()` stop with a message instead of hanging. Those
/// calls stop the process (a precondition), so these tests ask the check
/// they rely on.
final class BlockingReadMisuseTests: XCTestCase {
    /// Runs `body` inside a delivery of `subject`, sent from this thread.
    private func insideDelivery<T>(of subject: RACSubject<T>, value: T, _ body: @escaping () -> Void) {
        let disposable = subject.subscribeNext { _ in body() }
        subject.sendNext(value)
        disposable.dispose()
    }

    func testReadOfTheSubjectBeingDeliveredIsRecognised() {
        let subject = RACSubject<Int>()
        var verdicts: [Bool] = []
        insideDelivery(of: subject, value: 1) {
            verdicts.append(subject.subscribeForBlockingRead { _ in }.onlyThisThreadCanAnswer)
            verdicts.append(subject.skip(1).map { $0 * 2 }.subscribeForBlockingRead { _ in }.onlyThisThreadCanAnswer)
        }
        XCTAssertEqual(verdicts, [true, true])
    }

    func testReplayThatSkipsItsValueIsRecognised() {
        let subject = RACBehaviorSubject(defaultValue: 0)
        var verdict: Bool?
        insideDelivery(of: subject, value: 1) {
            verdict = subject.skip(1).subscribeForBlockingRead { _ in }.onlyThisThreadCanAnswer
        }
        XCTAssertEqual(verdict, true)
    }

    func testReadThatAnotherSourceCanAnswerIsNot() {
        let subject = RACSubject<Int>()
        var verdicts: [Bool] = []
        insideDelivery(of: subject, value: 1) {
            let other = RACSignal<Int>.createSignal { _ in nil }
            verdicts.append(subject.merge(other).subscribeForBlockingRead { _ in }.onlyThisThreadCanAnswer)
            let later = subject.timeout(10, onScheduler: RACScheduler.scheduler())
            verdicts.append(later.subscribeForBlockingRead { _ in }.onlyThisThreadCanAnswer)
            verdicts.append(RACSubject<Int>().subscribeForBlockingRead { _ in }.onlyThisThreadCanAnswer)
        }
        XCTAssertEqual(verdicts, [false, false, false])
    }

    func testReadOutsideADeliveryIsNot() {
        let subject = RACSubject<Int>()
        XCTAssertFalse(subject.subscribeForBlockingRead { _ in }.onlyThisThreadCanAnswer)
    }

    func testReplayedValueStillAnswersAtOnce() {
        let subject = RACReplaySubject<Int>()
        var read: Int?
        insideDelivery(of: subject, value: 7) {
            read = subject.first()
        }
        XCTAssertEqual(read, 7)
    }

    func testCapacityZeroReplayIsRecognised() {
        let subject = RACReplaySubject<Int>(capacity: 0)
        var verdict: Bool?
        insideDelivery(of: subject, value: 1) {
            verdict = subject.subscribeForBlockingRead { _ in }.onlyThisThreadCanAnswer
        }
        XCTAssertEqual(verdict, true)
    }

    /// The real call, in a forked child (it stops the process): `first()`
    /// inside its own subject's delivery stops at once, with a message that
    /// names the misuse, instead of hanging.
    func testFirstInsideItsSubjectsDeliveryStopsWithAMessage() {
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        let pid = fork()
        if pid == 0 {
            // The child: the crash must end it at once, without the
            // backtracer, and say why on the pipe.
            signal(SIGILL, SIG_DFL)
            signal(SIGTRAP, SIG_DFL)
            dup2(pipeEnds[1], 2)
            let subject = RACSubject<Int>()
            subject.subscribeNext { _ in _ = subject.first() }
            subject.sendNext(1)
            _exit(0) // not reached: first() would have hung
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(20)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("first() inside its subject's delivery hung")
                break
            }
            usleep(10_000)
        }
        let message = String(decoding: FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: true).readDataToEndOfFile(),
                             as: UTF8.self)
        let signalled = status & 0x7f != 0 && status & 0x7f != 0x7f
        XCTAssertTrue(signalled, "the child stopped on a precondition (status \(status))")
        XCTAssertTrue(message.contains("first() was called from inside a subscriber's block of a subject it reads"),
                      message)
    }
}

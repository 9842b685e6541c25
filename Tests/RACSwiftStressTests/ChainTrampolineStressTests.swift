import Dispatch
import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// The chain's trampoline (`concat`, `catch`, `retry`): sources that end
/// inside their own subscription, sources that end on another thread while
/// their `subscribe` is still running (the next one must wait for it to
/// return), and sources that end later on another thread. Every value
/// arrives once, in order, and the terminal event once.
final class ChainTrampolineStressTests: XCTestCase {
    private struct Failure: Error {}

    /// A source that sends `value` and completes on another thread, before
    /// its `subscribe` returns.
    private static func endingElsewhereDuringSubscribe(_ value: Int) -> RACSignal<Int> {
        RACSignal.createSignal { subscriber in
            let ended = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                subscriber.sendNext(value)
                subscriber.sendCompleted()
                ended.signal()
            }
            ended.wait()
            return nil
        }
    }

    /// A source that sends `value` and completes on another thread, later.
    private static func endingLater(_ value: Int) -> RACSignal<Int> {
        RACSignal.createSignal { subscriber in
            DispatchQueue.global().async {
                subscriber.sendNext(value)
                subscriber.sendCompleted()
            }
            return nil
        }
    }

    func testConcatOfSourcesEndingInsideDuringAndAfterTheirSubscription() {
        let runs = 100, perRun = 30
        for run in 0..<runs {
            let sources: [RACSignal<Int>] = (0..<perRun).map { value in
                switch (value + run) % 4 {
                case 0: return .return(value)
                case 1: return Self.endingElsewhereDuringSubscribe(value)
                case 2: return Self.endingLater(value)
                default: return RACSignal.error(Failure()).catch { _ in .return(value) }
                }
            }
            let recorder = OrderRecorder()
            RACSignal.concat(sources).subscribeNext({ recorder.next($0) }, error: { _ in recorder.terminal() },
                                                    completed: { recorder.terminal() })
            XCTAssertTrue(recorder.waitForTerminal(), "hang: run \(run): no terminal event")
            XCTAssertEqual(recorder.overlaps, 0)
            XCTAssertEqual(recorder.terminals, 1)
            XCTAssertEqual(recorder.eventsAfterTerminal, 0)
            XCTAssertEqual(recorder.values, Array(0..<perRun), "run \(run)")
        }
    }

    /// Attempts that fail on another thread, during their subscription or
    /// later, until the last one succeeds.
    func testRetryOfAttemptsFailingOnOtherThreads() {
        final class Attempts: @unchecked Sendable {
            private let lock = NSLock()
            private var count = 0
            func next() -> Int { lock.lock(); defer { lock.unlock() }; count += 1; return count }
        }
        for run in 0..<100 {
            let attempts = Attempts()
            let source = RACSignal<Int>.createSignal { subscriber in
                let attempt = attempts.next()
                let ended = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    subscriber.sendNext(attempt)
                    if attempt < 5 { subscriber.sendError(Failure()) } else { subscriber.sendCompleted() }
                    ended.signal()
                }
                if attempt % 2 == 0 { ended.wait() }
                return nil
            }
            let recorder = OrderRecorder()
            source.retry(10).subscribeNext({ recorder.next($0) }, error: { _ in recorder.terminal() },
                                           completed: { recorder.terminal() })
            XCTAssertTrue(recorder.waitForTerminal(), "hang: run \(run): no terminal event")
            XCTAssertEqual(recorder.overlaps, 0)
            XCTAssertEqual(recorder.terminals, 1)
            XCTAssertEqual(recorder.values, [1, 2, 3, 4, 5], "run \(run)")
        }
    }
}

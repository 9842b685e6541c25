import RACSwift
import XCTest

final class SideEffectsOperatorsTests: XCTestCase {
    func testDoNextRunsBeforeEachValueIsSent() {
        var log: [String] = []
        let signal = coldValues(1, 2).doNext { log.append("do \($0)") }
        XCTAssertEqual(log, [], "nothing runs before subscription")
        signal.subscribeNext({ log.append("next \($0)") }, completed: { log.append("completed") })
        XCTAssertEqual(log, ["do 1", "next 1", "do 2", "next 2", "completed"])
    }

    func testDoNextRunsOncePerSubscription() {
        var calls = 0
        let signal = coldValues(1).doNext { _ in calls += 1 }
        signal.subscribeNext { _ in }
        signal.subscribeNext { _ in }
        XCTAssertEqual(calls, 2)
    }

    func testDoNextDisposesSourceWithTheSubscription() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.doNext { _ in }.record()
        recorder.disposable?.dispose()
        XCTAssertEqual(source.disposals, 1)
    }

    func testDoErrorRunsBeforeTheErrorIsSent() {
        var log: [String] = []
        coldFailing(1, error: TestError(code: 3))
            .doError { log.append("do \(($0 as? TestError)?.code ?? 0)") }
            .subscribeNext({ log.append("next \($0)") }, error: { _ in log.append("error") })
        XCTAssertEqual(log, ["next 1", "do 3", "error"])
    }

    func testDoErrorDoesNotRunOnCompletion() {
        var calls = 0
        let recorder = coldValues(1).doError { _ in calls += 1 }.record()
        XCTAssertEqual(calls, 0)
        XCTAssertEqual(recorder.completions, 1)
    }

    func testDoCompletedRunsBeforeTheCompletionIsSent() {
        var log: [String] = []
        coldValues(1)
            .doCompleted { log.append("do") }
            .subscribeNext({ log.append("next \($0)") }, completed: { log.append("completed") })
        XCTAssertEqual(log, ["next 1", "do", "completed"])
    }

    func testDoCompletedDoesNotRunOnError() {
        var calls = 0
        let recorder = coldFailing(1).doCompleted { calls += 1 }.record()
        XCTAssertEqual(calls, 0)
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testInitiallyRunsOnEachSubscriptionBeforeTheSourceIsSubscribed() {
        let source = DrivenSource<Int>()
        var seen: [Int] = []
        let signal = source.signal.initially { seen.append(source.subscriptions) }
        XCTAssertEqual(seen, [])
        signal.subscribeNext { _ in }
        signal.subscribeNext { _ in }
        XCTAssertEqual(seen, [0, 1])
        XCTAssertEqual(source.subscriptions, 2)
    }

    func testFinallyRunsBeforeCompletionAndBeforeError() {
        var log: [String] = []
        coldValues(1).finally { log.append("finally") }.subscribeCompleted { log.append("completed") }
        coldFailing(1).finally { log.append("finally") }.subscribeError { _ in log.append("error") }
        XCTAssertEqual(log, ["finally", "completed", "finally", "error"])
    }

    func testFinallyDoesNotRunOnDisposal() {
        let source = DrivenSource<Int>()
        var calls = 0
        let recorder = source.signal.finally { calls += 1 }.record()
        recorder.disposable?.dispose()
        source.sendCompleted()
        XCTAssertEqual(calls, 0)
        XCTAssertEqual(source.disposals, 1)
    }
}

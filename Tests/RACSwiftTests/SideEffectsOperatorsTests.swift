import RACSwift
import RACSwiftTestSupport
import XCTest

final class SideEffectsOperatorsTests: XCTestCase {
    func testDoNextRunsBeforeEachValueIsSent() {
        let log = Shared<[String]>([])
        let signal = coldValues(1, 2).doNext { log.value.append("do \($0)") }
        XCTAssertEqual(log.value, [], "nothing runs before subscription")
        signal.subscribeNext({ log.value.append("next \($0)") }, completed: { log.value.append("completed") })
        XCTAssertEqual(log.value, ["do 1", "next 1", "do 2", "next 2", "completed"])
    }

    func testDoNextRunsOncePerSubscription() {
        let calls = Shared(0)
        let signal = coldValues(1).doNext { _ in calls.value += 1 }
        signal.subscribeNext { _ in }
        signal.subscribeNext { _ in }
        XCTAssertEqual(calls.value, 2)
    }

    func testDoNextDisposesSourceWithTheSubscription() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.doNext { _ in }.record()
        recorder.disposable?.dispose()
        XCTAssertEqual(source.disposals, 1)
    }

    func testDoErrorRunsBeforeTheErrorIsSent() {
        let log = Shared<[String]>([])
        coldFailing(1, error: TestError(code: 3))
            .doError { log.value.append("do \(($0 as? TestError)?.code ?? 0)") }
            .subscribeNext({ log.value.append("next \($0)") }, error: { _ in log.value.append("error") })
        XCTAssertEqual(log.value, ["next 1", "do 3", "error"])
    }

    func testDoErrorDoesNotRunOnCompletion() {
        let calls = Shared(0)
        let recorder = coldValues(1).doError { _ in calls.value += 1 }.record()
        XCTAssertEqual(calls.value, 0)
        XCTAssertEqual(recorder.completions, 1)
    }

    func testDoCompletedRunsBeforeTheCompletionIsSent() {
        let log = Shared<[String]>([])
        coldValues(1)
            .doCompleted { log.value.append("do") }
            .subscribeNext({ log.value.append("next \($0)") }, completed: { log.value.append("completed") })
        XCTAssertEqual(log.value, ["next 1", "do", "completed"])
    }

    func testDoCompletedDoesNotRunOnError() {
        let calls = Shared(0)
        let recorder = coldFailing(1).doCompleted { calls.value += 1 }.record()
        XCTAssertEqual(calls.value, 0)
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testInitiallyRunsOnEachSubscriptionBeforeTheSourceIsSubscribed() {
        let source = DrivenSource<Int>()
        let seen = Shared<[Int]>([])
        let signal = source.signal.initially { seen.value.append(source.subscriptions) }
        XCTAssertEqual(seen.value, [])
        signal.subscribeNext { _ in }
        signal.subscribeNext { _ in }
        XCTAssertEqual(seen.value, [0, 1])
        XCTAssertEqual(source.subscriptions, 2)
    }

    func testFinallyRunsBeforeCompletionAndBeforeError() {
        let log = Shared<[String]>([])
        coldValues(1).finally { log.value.append("finally") }.subscribeCompleted { log.value.append("completed") }
        coldFailing(1).finally { log.value.append("finally") }.subscribeError { _ in log.value.append("error") }
        XCTAssertEqual(log.value, ["finally", "completed", "finally", "error"])
    }

    func testFinallyDoesNotRunOnDisposal() {
        let source = DrivenSource<Int>()
        let calls = Shared(0)
        let recorder = source.signal.finally { calls.value += 1 }.record()
        recorder.disposable?.dispose()
        source.sendCompleted()
        XCTAssertEqual(calls.value, 0)
        XCTAssertEqual(source.disposals, 1)
    }
}

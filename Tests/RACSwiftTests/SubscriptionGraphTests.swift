import RACSwift
import XCTest

/// `RACDisposable.graph()`: the graph reachable from a subscription, taken
/// in site mode when it was made.
final class SubscriptionGraphTests: XCTestCase {
    override func tearDown() {
        RACLiveSubscriptions.recordsSites = false
        super.tearDown()
    }

    func testASubscriptionDrawsTheChainItWasMadeOnAfterTheSignalsAreGone() {
        RACLiveSubscriptions.recordsSites = true
        let searches = RACSubject<String>()
        searches.setName("searches")
        // The operators' signals are not kept: only the subscription is.
        let subscription = searches
            .filter { !$0.isEmpty }
            .map { $0.lowercased() }
            .subscribeNext { _ in }
        let graph = subscription.graph()
        XCTAssertEqual(graph?.description, """
            n0 operator -map: <- n1
            n1 operator -filter: <- n2
            n2 subject RACSubject "searches", 1 subscriber
            """)
        XCTAssertEqual(graph?.dot.contains("n1 -> n0;"), true)
        let other = searches.subscribeNext { _ in }
        XCTAssertEqual(subscription.graph()?.nodes.last?.subscribers, 2, "counted when asked")
        other.dispose()
        subscription.dispose()
        XCTAssertNil(subscription.graph(), "the subscription ended")
    }

    func testAnOperatorWithSeveralSourcesDrawsThemAll() {
        let check = RACLeakCheck()
        let text = RACSubject<String>()
        text.setName("text")
        let stop = RACSubject<Void>()
        stop.setName("stop")
        let subscription = text.takeUntil(stop).subscribeNext { _ in }
        XCTAssertEqual(subscription.graph()?.description, """
            n0 operator -takeUntil: stop <- n1, n2
            n1 subject RACSubject "text", 1 subscriber
            n2 subject RACSubject "stop", 1 subscriber
            """)
        subscription.dispose()
        check.finish()
    }

    func testWithoutSiteModeOrForAnotherDisposableThereIsNoGraph() {
        let subject = RACSubject<Int>()
        let unrecorded = subject.subscribeNext { _ in }
        XCTAssertNil(unrecorded.graph(), "made with the site mode off")
        unrecorded.dispose()
        RACLiveSubscriptions.recordsSites = true
        let recorded = subject.subscribeNext { _ in }
        XCTAssertNotNil(recorded.graph())
        XCTAssertNil(RACDisposable().graph(), "no subscription's")
        recorded.dispose()
    }
}

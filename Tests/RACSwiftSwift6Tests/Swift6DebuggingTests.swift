import Foundation
import RACSwift
import XCTest

// The debugging and testing tools as a Swift 6 test writes them: leak
// checks, marbles and graphs, with XCTFail handed over as the failure.

final class Swift6DebuggingTests: XCTestCase {
    func testALeakCheckAndMarblesInSwift6Mode() {
        let scheduler = RACTestScheduler()
        let recorder = RACTestSubscriber<String>(scheduler: scheduler)
        assertNoLiveSubscriptions(onFailure: XCTFail) {
            let typing: RACSignal<String> = scheduler.createHotSignal(marbles: "-a-b|")
            let subscription = typing.map { $0.uppercased() }.subscribe(recorder)
            scheduler.advance(by: 10)
            subscription.dispose()
        }
        assertMarbles(recorder, "-A-B|", values: ["A": "A", "B": "B"], onFailure: XCTFail)
    }

    func testTheGraphAndTheCountFromAnotherThread() async {
        let subject = RACSubject<Int>().setName("numbers")
        let before = RACLiveSubscriptions.count
        let subscription = subject.map { $0 + 1 }.subscribeNext { _ in }
        let graph = await Task.detached { subject.map { $0 }.graph() }.value
        XCTAssertEqual(graph.nodes.last?.kind, .subject)
        XCTAssertEqual(graph.nodes.last?.subscribers, 1)
        XCTAssertEqual(RACLiveSubscriptions.count, before + 2)
        subscription.dispose()
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }

    func testTheDoubleRequestReadsInTheGraphFromAnotherThread() async {
        let request = RACSignal<Data>.createSignal { _ in RACDisposable {} }.setName("request")
        let parsed = request.map { $0.count }
        let a = parsed.subscribeNext { _ in }
        let b = await Task.detached { parsed.subscribeNext { _ in } }.value
        let cold = await Task.detached { parsed.graph().nodes.last?.coldSubscriptions }.value
        XCTAssertEqual(cold?.description, "subscribed 2 times, 2 live (each subscription runs its side effects)")
        a.dispose()
        b.dispose()
        XCTAssertEqual(parsed.graph().nodes.last?.coldSubscriptions?.live, 0)
    }

    func testOperatorSitesAndASubscriptionsGraphInSwift6Mode() async {
        let check = RACLeakCheck()
        let queries = RACSubject<String>()
        queries.setName("queries")
        let results = RACSubject<Int>()
        let line = #line + 1
        let searched = queries.flattenMap { _ in results }.catch { _ in RACSignal.empty() }
        let subscription = searched.subscribeNext { _ in }
        queries.sendNext("a")
        let graph = await Task.detached { subscription.graph() }.value
        XCTAssertEqual(graph?.nodes.map(\.kind), [.operator, .operator, .subject])
        XCTAssertTrue(check.leaks.contains { $0.site == "RACSwiftSwift6Tests/Swift6DebuggingTests.swift:\(line)"
                                             && $0.signalName == "[queries] -flattenMap:" },
                      "the flattenMap's inner subscription, at its line")
        subscription.dispose()
        let left = check.finish()
        XCTAssertEqual(left.count, 0, "\(left)")
    }
}

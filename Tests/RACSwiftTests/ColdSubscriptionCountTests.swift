import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A request as the articles on RAC's cold signals write it, in flight until
/// `answer()`: each subscription runs the block, which counts its runs and
/// keeps its subscriber, as a network request's callback would.
private final class Request: @unchecked Sendable {
    private(set) var runs = 0
    private var waiting: [any RACSubscriber<Data>] = []
    private(set) lazy var signal: RACSignal<Data> = RACSignal<Data>.createSignal { [unowned self] subscriber in
        runs += 1
        waiting.append(subscriber)
        return nil
    }.setName("request")

    /// The server answers every request sent.
    func answer() {
        let answered = waiting
        waiting = []
        for subscriber in answered {
            subscriber.sendNext(Data([1, 2, 3]))
            subscriber.sendCompleted()
        }
    }
}

/// `graph()` and `RACLiveSubscriptions.report()` mark how many times each
/// `createSignal` was subscribed and how many of those subscriptions are
/// live: RAC 2.5's cold-signal pitfall, the double request, made visible.
final class ColdSubscriptionCountTests: XCTestCase {
    override func tearDown() {
        RACLiveSubscriptions.recordsSites = false
        super.tearDown()
    }

    func testTheDoubleRequestReadsSubscribedTwiceTwoLive() {
        let request = Request()
        let parsed = request.signal.map { data in data.count }
        let a = parsed.subscribeNext { _ in }
        let b = parsed.subscribeNext { _ in }
        XCTAssertEqual(request.runs, 2, "each subscriber sends the request")
        XCTAssertEqual(parsed.graph().description, """
            n0 operator -map: <- n1
            n1 createSignal "request", subscribed 2 times, 2 live (each subscription runs its side effects)
            """)
        let node = parsed.graph().nodes[1]
        XCTAssertEqual(node.kind, .source)
        XCTAssertEqual(node.coldSubscriptions?.made, 2)
        XCTAssertEqual(node.coldSubscriptions?.live, 2)
        XCTAssertEqual(node.coldSubscriptions?.runsSideEffectsPerSubscriber, true)
        XCTAssertNil(parsed.graph().nodes[0].coldSubscriptions, "an operator is not counted")

        a.dispose()
        XCTAssertEqual(parsed.graph().description.split(separator: "\n").last,
                       "n1 createSignal \"request\", subscribed 2 times, 1 live")
        request.answer()
        XCTAssertEqual(parsed.graph().description.split(separator: "\n").last,
                       "n1 createSignal \"request\", subscribed 2 times, 0 live", "the completion ended the other")
        b.dispose()
        XCTAssertEqual(parsed.graph().nodes[1].coldSubscriptions?.live, 0, "a dispose after the end ends nothing more")
    }

    func testWithHotInFrontTheRequestIsSubscribedOnce() {
        let request = Request()
        let parsed = request.signal.hot().map { data in data.count }
        let a = parsed.subscribeNext { _ in }
        let b = parsed.subscribeNext { _ in }
        XCTAssertEqual(request.runs, 1, "one request however many subscribe at once")
        XCTAssertEqual(parsed.graph().description, """
            n0 subject RACHotSignal "-map:", 2 subscribers <- n1
            n1 operator -map: <- n2
            n2 subject RACHotSignal "-hot", 1 subscriber <- n3
            n3 createSignal "request", subscribed 1 time, 1 live
            """)
        a.dispose()
        b.dispose()
        XCTAssertEqual(parsed.graph().description.split(separator: "\n").last,
                       "n3 createSignal \"request\", subscribed 1 time, 0 live", "the last dispose disposed it")
    }

    func testTheDotCarriesTheCountsAndFillsTheDoubleRequest() {
        let request = Request()
        let parsed = request.signal.map { data in data.count }
        let a = parsed.subscribeNext { _ in }
        let b = parsed.subscribeNext { _ in }
        XCTAssertEqual(parsed.graph().dot, """
            digraph signals {
                rankdir=LR;
                node [fontname="Helvetica", fontsize=11];
                n0 [label="-map:", shape=box];
                n1 [label="request\\ncreateSignal, subscribed 2 times, 2 live\\n(each subscription runs its side effects)", \
            shape=ellipse, style=filled, fillcolor="#ffe2c6"];
                n1 -> n0;
            }
            """)
        a.dispose()
        XCTAssertTrue(parsed.graph().dot.contains("""
            n1 [label="request\\ncreateSignal, subscribed 2 times, 1 live", shape=ellipse];
            """), parsed.graph().dot)
        b.dispose()
    }

    func testARequestThatAnswersAtOnceIsSubscribedTwiceWithNoneLive() {
        // docs/Porting.md's first example: the block sends and completes
        // while it is subscribed.
        let runs = Shared(0)
        let request = RACSignal<Data>.createSignal { subscriber in
            runs.value += 1
            subscriber.sendNext(Data())
            subscriber.sendCompleted()
            return nil
        }
        let parsed = request.map { data in data.count }
        parsed.subscribeNext { _ in }
        parsed.subscribeNext { _ in }
        XCTAssertEqual(runs.value, 2)
        XCTAssertEqual(parsed.graph().description.split(separator: "\n").last,
                       "n1 createSignal, subscribed 2 times, 0 live", "no parenthesis: none runs now")
        XCTAssertEqual(RACSignal<Int>.return(1).graph().description, "n0 source +return:", "a constant is not counted")
    }

    func testASubscriptionNothingKeepsEndsWhenFreed() {
        let never = RACSignal<Int>.createSignal { _ in nil }   // drops its subscriber
        do {
            _ = never.map { $0 }.subscribeNext { _ in }
        }
        XCTAssertEqual(never.graph().nodes[0].coldSubscriptions?.made, 1)
        XCTAssertEqual(never.graph().nodes[0].coldSubscriptions?.live, 0, "freed undisposed: it ended")
        let kept = never.subscribeNext { _ in }
        XCTAssertEqual(never.graph().nodes[0].coldSubscriptions?.live, 1, "its disposable is kept")
        kept.dispose()
        XCTAssertEqual(never.graph().nodes[0].coldSubscriptions?.live, 0)
    }

    func testASubscriptionsGraphReadsTheCountsAfterTheSignalIsGone() {
        RACLiveSubscriptions.recordsSites = true
        let waiting = Shared<[any RACSubscriber<Int>]>([])
        weak var source: RACSignal<Int>?
        let (a, b): (RACDisposable, RACDisposable) = {
            let request = RACSignal<Int>.createSignal { subscriber in
                waiting.value.append(subscriber)
                return nil
            }.setName("request")
            source = request
            let parsed = request.map { $0 }
            return (parsed.subscribeNext { _ in }, parsed.subscribeNext { _ in })
        }()
        XCTAssertNil(source, "the createSignal is gone; its subscriptions are not")
        XCTAssertEqual(a.graph()?.description, """
            n0 operator -map: <- n1
            n1 createSignal "request", subscribed 2 times, 2 live (each subscription runs its side effects)
            """)
        b.dispose()
        XCTAssertEqual(a.graph()?.nodes[1].coldSubscriptions?.live, 1, "read when asked")
        waiting.value.forEach { $0.sendCompleted() }
        XCTAssertNil(a.graph(), "the subscription ended")
        a.dispose()
    }

    func testTheReportGroupsTheLiveSubscriptionsOfOneCreateSignal() {
        RACLiveSubscriptions.recordsSites = true
        let request = Request()
        let parsed = request.signal.map { data in data.count }
        let first = #line + 1
        let a = parsed.subscribeNext { _ in }
        let second = #line + 1
        let b = parsed.subscribeNext { _ in }
        var more: [RACDisposable] = []
        let loop = #line + 1
        for _ in 0..<3 { more.append(request.signal.subscribeNext { _ in }) }
        let file = "RACSwiftTests/ColdSubscriptionCountTests.swift"
        let report = RACLiveSubscriptions.report()
        let lines = report.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("""
            createSignal "request", subscribed 5 times, 5 live (each subscription runs its side effects), \
            for the subscriptions made at \(file):\(first), \(file):\(second), \(file):\(loop) (3)
            """), report)
        XCTAssertEqual(lines.filter { $0.hasPrefix("createSignal \"request\"") }.count, 1, "one line per signal")
        XCTAssertTrue(lines.contains("1 live subscription made at \(file):\(first) on [request] -map: "
            + "(and 1 of its operators' own)"), "the site lines stay: \(report)")

        more.forEach { $0.dispose() }
        a.dispose()
        XCTAssertTrue(RACLiveSubscriptions.report().contains("""
            createSignal "request", subscribed 5 times, 1 live, for the subscription made at \(file):\(second)
            """), RACLiveSubscriptions.report())
        b.dispose()
        XCTAssertFalse(RACLiveSubscriptions.report().contains("createSignal \"request\""), "none live: no line")
    }
}

import RACSwift
import XCTest

/// `graph()`: the signals a signal is built from, as text and as DOT.
final class SignalGraphTests: XCTestCase {
    func testTheReadmeSearchExampleDrawsItsChain() {
        // The README's example, as written there.
        let searches = RACSubject<String>()
        let results = searches
            .filter { !$0.isEmpty }
            .map { $0.lowercased() }
            .distinctUntilChanged()
        let subscription = results.subscribeNext { print("search:", $0) }
        defer { subscription.dispose() }

        let graph = results.graph()
        XCTAssertEqual(graph.description, """
            n0 operator -distinctUntilChanged <- n1
            n1 operator -map: <- n2
            n2 operator -filter: <- n3
            n3 subject RACSubject, 1 subscriber
            """)
        XCTAssertEqual(graph.nodes.map(\.kind), [.operator, .operator, .operator, .subject])
        XCTAssertEqual(graph.nodes.last?.subscribers, 1)
        subscription.dispose()
        XCTAssertEqual(results.graph().nodes.last?.subscribers, 0, "counted when asked")
    }

    func testSharedSignalsAppearOnceAndSeveralInputsAreListed() {
        let text = RACSubject<String>().setName("text")
        let other = RACSubject<String>().setName("other")
        let trimmed = text.map { $0 }
        let all = RACSignal.combineLatest([trimmed, trimmed.map { $0.uppercased() }, other])
        let graph = all.graph()
        XCTAssertEqual(graph.nodes.count, 5, graph.description)
        XCTAssertEqual(graph.nodes[0].inputs.count, 3)
        XCTAssertEqual(graph.nodes.filter { $0.name == "text" }.count, 1, "one node for a signal used twice")
        XCTAssertEqual(graph.nodes.filter { $0.kind == .subject }.map(\.name).sorted(), ["other", "text"])
    }

    func testFlattenMapTakeUntilAndReplayLazilyNameWhatTheySubscribe() {
        let queries = RACSubject<String>().setName("queries")
        let stop = RACSubject<Void>().setName("stop")
        let shared = queries
            .flattenMap { RACSignal.return($0) }
            .takeUntil(stop)
            .replayLazily()
        let first = shared.subscribeNext { _ in }
        let second = shared.subscribeNext { _ in }
        defer { first.dispose(); second.dispose() }
        let graph = shared.graph()
        XCTAssertEqual(graph.description, """
            n0 operator -replayLazily <- n1
            n1 subject RACReplaySubject "-multicast:", 2 subscribers <- n2
            n2 operator -takeUntil: stop <- n3, n4
            n3 operator -flattenMap: <- n5
            n4 subject RACSubject "stop", 1 subscriber
            n5 subject RACSubject "queries", 1 subscriber
            """)
    }

    func testTheDotNamesEveryNodeAndEdge() {
        let source = RACSignal<Int>.createSignal { _ in nil }.setName("numbers")
        let graph = source.map { $0 + 1 }.filter { $0 > 1 }.graph()
        XCTAssertEqual(graph.dot, """
            digraph signals {
                rankdir=LR;
                node [fontname="Helvetica", fontsize=11];
                n0 [label="-filter:", shape=box];
                n1 [label="-map:", shape=box];
                n2 [label="numbers\\ncreateSignal, subscribed 0 times, 0 live", shape=ellipse];
                n1 -> n0;
                n2 -> n1;
            }
            """)
    }
}

import RACSwift
import XCTest

final class GroupByTests: XCTestCase {
    func testGroupsByKeyInOrderOfFirstAppearance() {
        let source = RACSubject<Int>()
        var groups: [RACGroupedSignal<Bool, Int>] = []
        var values: [Bool: [Int]] = [:]
        source.groupBy { $0 % 2 == 0 }.subscribeNext { group in
            groups.append(group)
            group.subscribeNext { values[group.key, default: []].append($0) }
        }
        for value in [1, 2, 3, 4, 5] { source.sendNext(value) }
        XCTAssertEqual(groups.map(\.key), [false, true])
        XCTAssertEqual(values[false], [1, 3, 5], "a group subscribed in next gets its first value")
        XCTAssertEqual(values[true], [2, 4])
    }

    func testTransformAppliesToGroupValues() {
        let source = RACSubject<Int>()
        var values: [String] = []
        source.groupBy({ $0 / 10 }, transform: { "v\($0)" }).subscribeNext { group in
            group.subscribeNext { values.append("\(group.key):\($0)") }
        }
        source.sendNext(11)
        source.sendNext(25)
        source.sendNext(12)
        XCTAssertEqual(values, ["1:v11", "2:v25", "1:v12"])
    }

    func testGroupsCompleteAndFailWithSource() {
        for fails in [false, true] {
            let source = RACSubject<Int>()
            var events: [String] = []
            source.groupBy { $0 }.subscribeNext({ group in
                group.subscribeError({ _ in events.append("group \(group.key) error") },
                                     completed: { events.append("group \(group.key) completed") })
            }, error: { _ in events.append("outer error") }, completed: { events.append("outer completed") })
            source.sendNext(1)
            source.sendNext(2)
            if fails { source.sendError(TestError()) } else { source.sendCompleted() }
            let end = fails ? "error" : "completed"
            XCTAssertEqual(events, ["outer \(end)", "group 1 \(end)", "group 2 \(end)"])
        }
    }

    func testEachSubscriptionHasItsOwnGroups() {
        let signal = RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }.groupBy { $0 }
        var first: [RACGroupedSignal<Int, Int>] = []
        var second: [RACGroupedSignal<Int, Int>] = []
        signal.subscribeNext { first.append($0) }
        signal.subscribeNext { second.append($0) }
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(second.count, 1)
        XCTAssertFalse(first[0] === second[0])
    }
}

import RACSwift
import RACSwiftTestSupport
import XCTest

final class GroupByTests: XCTestCase {
    func testGroupsByKeyInOrderOfFirstAppearance() {
        let source = RACSubject<Int>()
        let groups = Shared<[RACGroupedSignal<Bool, Int>]>([])
        let values = Shared<[Bool: [Int]]>([:])
        source.groupBy { $0 % 2 == 0 }.subscribeNext { group in
            groups.value.append(group)
            group.subscribeNext { values.value[group.key, default: []].append($0) }
        }
        for value in [1, 2, 3, 4, 5] { source.sendNext(value) }
        XCTAssertEqual(groups.value.map(\.key), [false, true])
        XCTAssertEqual(values.value[false], [1, 3, 5], "a group subscribed in next gets its first value")
        XCTAssertEqual(values.value[true], [2, 4])
    }

    func testTransformAppliesToGroupValues() {
        let source = RACSubject<Int>()
        let values = Shared<[String]>([])
        source.groupBy({ $0 / 10 }, transform: { "v\($0)" }).subscribeNext { group in
            group.subscribeNext { values.value.append("\(group.key):\($0)") }
        }
        source.sendNext(11)
        source.sendNext(25)
        source.sendNext(12)
        XCTAssertEqual(values.value, ["1:v11", "2:v25", "1:v12"])
    }

    func testGroupsCompleteAndFailWithSource() {
        for fails in [false, true] {
            let source = RACSubject<Int>()
            let events = Shared<[String]>([])
            source.groupBy { $0 }.subscribeNext({ group in
                group.subscribeError({ _ in events.value.append("group \(group.key) error") },
                                     completed: { events.value.append("group \(group.key) completed") })
            }, error: { _ in events.value.append("outer error") }, completed: { events.value.append("outer completed") })
            source.sendNext(1)
            source.sendNext(2)
            if fails { source.sendError(TestError()) } else { source.sendCompleted() }
            let end = fails ? "error" : "completed"
            XCTAssertEqual(events.value, ["outer \(end)", "group 1 \(end)", "group 2 \(end)"])
        }
    }

    func testEachSubscriptionHasItsOwnGroups() {
        let signal = RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }.groupBy { $0 }
        let first = Shared<[RACGroupedSignal<Int, Int>]>([])
        let second = Shared<[RACGroupedSignal<Int, Int>]>([])
        signal.subscribeNext { first.value.append($0) }
        signal.subscribeNext { second.value.append($0) }
        XCTAssertEqual(first.value.count, 1)
        XCTAssertEqual(second.value.count, 1)
        XCTAssertFalse(first.value[0] === second.value[0])
    }
}

import RACSwift
import RACSwiftTestSupport
import XCTest

/// RAC 2.5's `-scanWithStart:reduceWithIndex:`,
/// `-aggregateWithStart:reduceWithIndex:`, `-aggregateWithStartFactory:reduce:`
/// and `+[RACGroupedSignal signalWithKey:]`.
final class IndexedReductionTests: XCTestCase {
    private let letters = RACSignal<String>.createSignal { subscriber in
        for letter in ["a", "b", "c"] { subscriber.sendNext(letter) }
        subscriber.sendCompleted()
        return nil
    }

    func testScanWithIndex() {
        let values = Shared<[String]>([])
        letters.scanWithStart("", reduceWithIndex: { $0 + "\($2)\($1)" }).subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, ["0a", "0a1b", "0a1b2c"])
        values.value = []
        letters.scanWithStart("", reduceWithIndex: { $0 + "\($2)\($1)" }).subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, ["0a", "0a1b", "0a1b2c"], "each subscription counts from 0")
    }

    func testAggregateWithIndex() {
        let values = Shared<[String]>([])
        letters.aggregateWithStart("", reduceWithIndex: { $0 + "\($2)\($1)" }).subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, ["0a1b2c"])
    }

    func testAggregateWithAStartFactoryStartsFreshForEachSubscription() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Box: @unchecked Sendable { var items: [String] = [] }
        let made = Shared(0)
        let aggregated = letters.aggregateWithStartFactory({ () -> Box in made.value += 1; return Box() }) { box, letter in
            box.items.append(letter)
            return box
        }
        let results = Shared<[[String]]>([])
        aggregated.subscribeNext { results.value.append($0.items) }
        aggregated.subscribeNext { results.value.append($0.items) }
        XCTAssertEqual(results.value, [["a", "b", "c"], ["a", "b", "c"]])
        XCTAssertEqual(made.value, 2)
    }

    func testGroupedSignalWithKey() {
        let group = RACGroupedSignal<String, Int>(key: "odd")
        let values = Shared<[Int]>([])
        group.subscribeNext { values.value.append($0) }
        group.sendNext(1)
        XCTAssertEqual(group.key, "odd")
        XCTAssertEqual(values.value, [1])
    }
}

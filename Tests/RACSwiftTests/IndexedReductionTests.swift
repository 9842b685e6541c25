import RACSwift
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
        var values: [String] = []
        letters.scanWithStart("", reduceWithIndex: { $0 + "\($2)\($1)" }).subscribeNext { values.append($0) }
        XCTAssertEqual(values, ["0a", "0a1b", "0a1b2c"])
        values = []
        letters.scanWithStart("", reduceWithIndex: { $0 + "\($2)\($1)" }).subscribeNext { values.append($0) }
        XCTAssertEqual(values, ["0a", "0a1b", "0a1b2c"], "each subscription counts from 0")
    }

    func testAggregateWithIndex() {
        var values: [String] = []
        letters.aggregateWithStart("", reduceWithIndex: { $0 + "\($2)\($1)" }).subscribeNext { values.append($0) }
        XCTAssertEqual(values, ["0a1b2c"])
    }

    func testAggregateWithAStartFactoryStartsFreshForEachSubscription() {
        final class Box { var items: [String] = [] }
        var made = 0
        let aggregated = letters.aggregateWithStartFactory({ () -> Box in made += 1; return Box() }) { box, letter in
            box.items.append(letter)
            return box
        }
        var results: [[String]] = []
        aggregated.subscribeNext { results.append($0.items) }
        aggregated.subscribeNext { results.append($0.items) }
        XCTAssertEqual(results, [["a", "b", "c"], ["a", "b", "c"]])
        XCTAssertEqual(made, 2)
    }

    func testGroupedSignalWithKey() {
        let group = RACGroupedSignal<String, Int>(key: "odd")
        var values: [Int] = []
        group.subscribeNext { values.append($0) }
        group.sendNext(1)
        XCTAssertEqual(group.key, "odd")
        XCTAssertEqual(values, [1])
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `RACProperty` set from several threads while others subscribe and read.
final class PropertyStressTests: XCTestCase {
    /// Appends what one subscriber hears; only that subscription's
    /// serialized deliveries touch it. Test scaffolding.
    private final class Heard: @unchecked Sendable {
        var values: [Int] = []
    }

    func testConcurrentSetsAreSeenInOneOrderByEverySubscriber() {
        let setters = 4, perSetter = 2_000
        let property = RACProperty(-1)
        let heard = (0..<3).map { _ in Heard() }
        for record in heard { property.signal.subscribeNext { record.values.append($0) } }
        runConcurrently(threads: setters) { setter in
            for index in 0..<perSetter {
                property.value = setter * perSetter + index
                // A set returns once delivered: the thread reads back its
                // own value or a later one, never an earlier one of its own.
                let read = property.value
                if read / perSetter == setter { XCTAssertGreaterThanOrEqual(read, setter * perSetter + index) }
            }
        }
        let first = heard[0].values
        XCTAssertEqual(first.count, 1 + setters * perSetter, "every set heard once")
        XCTAssertEqual(Set(first).count, first.count)
        for other in heard.dropFirst() { XCTAssertEqual(other.values, first, "one order for all") }
        XCTAssertEqual(property.value, first.last, "the value is the last set delivered")
        for setter in 0..<setters {
            let own = first.filter { $0 >= 0 && $0 / perSetter == setter }
            XCTAssertEqual(own, Array(setter * perSetter..<(setter + 1) * perSetter), "each thread's sets in its order")
        }
    }

    func testSubscribersJoiningDuringSetsHearTheCurrentValueThenARunOfLaterSets() {
        let perSetter = 3_000
        let property = RACProperty(0)
        let joins = 200
        let joined = (0..<joins).map { _ in Heard() }
        runConcurrently(threads: 3) { thread in
            if thread < 2 {
                // Two setters, each setting increasing values of its parity.
                for index in 1...perSetter { property.value = index * 2 + thread }
            } else {
                for record in joined {
                    _ = property.signal.take(5).subscribeNext { record.values.append($0) }
                }
            }
        }
        for record in joined {
            XCTAssertFalse(record.values.isEmpty, "the current value at once")
            XCTAssertEqual(Set(record.values).count, record.values.count, "no set twice")
            for parity in 0...1 {
                let own = record.values.filter { $0 % 2 == parity }
                XCTAssertEqual(own, own.sorted(), "each setter's values in its order")
            }
        }
    }

    func testChannelsSetFromSeveralThreadsWithoutEchoes() {
        let property = RACProperty(0)
        let terminals = (0..<3).map { _ in property.channel }
        let echoes = Tally()
        let heard = Tally()
        for (index, terminal) in terminals.enumerated() {
            terminal.skip(1).subscribeNext { value in
                if value % 3 == index { echoes.add() } else { heard.add(index) }
            }
        }
        runConcurrently(threads: 3) { index in
            for step in 1...2_000 { terminals[index].sendNext(step * 3 + index) }
        }
        XCTAssertEqual(echoes.total, 0, "no terminal hears its own values")
        for index in 0..<3 {
            XCTAssertEqual(heard.count(index), 2 * 2_000, "terminal \(index) hears every value the others set")
        }
    }

    func testReadersReadBoxedValuesWhileSettersReplaceThem() {
        // A String does not fit in a word: each set boxes it, and readers
        // must never see a box that a set has just released.
        let property = RACProperty("start")
        let valid = Tally()
        let backwards = Tally()
        runConcurrently(threads: 4) { thread in
            // What this reader last saw of each setter: a later read never
            // shows an earlier set of the same setter.
            var lastSeen = [-1, -1]
            for index in 0..<3_000 {
                if thread < 2 {
                    property.value = "value \(thread) \(index)"
                } else {
                    let read = property.value
                    if read == "start" { valid.add(); continue }
                    let parts = read.split(separator: " ")
                    guard parts.count == 3, parts[0] == "value", let setter = Int(parts[1]),
                          let set = Int(parts[2]), (0..<2).contains(setter) else { continue }
                    valid.add()
                    if set < lastSeen[setter] { backwards.add() }
                    lastSeen[setter] = set
                }
            }
        }
        XCTAssertEqual(valid.total, 2 * 3_000, "every read is a value some setter set, whole")
        XCTAssertEqual(backwards.total, 0, "no reader sees a setter's values go backwards")
        XCTAssertTrue(["value 0 2999", "value 1 2999"].contains(property.value))
    }
}

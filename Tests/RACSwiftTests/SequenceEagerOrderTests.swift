import RACSwift
import RACSwiftTestSupport
import XCTest

/// The order in which an eager sequence's operators run their blocks, and
/// which of the static sequence operators are lazy: as ReactiveObjC's
/// `RACEagerSequence` and `RACStream` (RAC 2.5) do.
// @unchecked Sendable: test scaffolding, used one thread at a time.
final class SequenceEagerOrderTests: XCTestCase, @unchecked Sendable {
    /// RAC's eager `-bind:` (which `-flattenMap:` is) runs the block for a
    /// value, then reads the whole sequence it returned, before it runs
    /// the block for the next value.
    func testEagerFlattenMapReadsEachSequenceBeforeTheNextBlock() {
        let log = Shared<[String]>([])
        let flattened = [1, 2].rac_sequence.eagerSequence.flattenMap { value -> RACSequence<Int> in
            log.value.append("block \(value)")
            return [value * 10, value * 10 + 1].rac_sequence.map { inner -> Int in
                log.value.append("value \(inner)")
                return inner
            }
        }
        XCTAssertEqual(log.value, ["block 1", "value 10", "value 11", "block 2", "value 20", "value 21"])
        XCTAssertEqual(flattened.array, [10, 11, 20, 21])
    }

    /// The same order through `bind`, whose `stop` ends the walk after the
    /// sequence of the value that set it.
    func testEagerBindStopsAfterTheSequenceOfTheValueThatStopped() {
        let log = Shared<[String]>([])
        let bound = [1, 2, 3].rac_sequence.eagerSequence.bind {
            { (value: Int, stop: inout Bool) -> RACSequence<Int>? in
                log.value.append("block \(value)")
                stop = value == 2
                return [value].rac_sequence.map { inner -> Int in
                    log.value.append("value \(inner)")
                    return inner
                }
            }
        }
        XCTAssertEqual(log.value, ["block 1", "value 1", "block 2", "value 2"])
        XCTAssertEqual(bound.array, [1, 2])
    }

    /// RACStream's `+concat:` concatenates onto the empty sequence, which
    /// is lazy: the result is lazy whatever the sequences are.
    func testStaticConcatOfEagerSequencesIsLazy() {
        let mapped = Shared(0)
        let concatenated = RACSequence.concat([[1, 2].rac_sequence.eagerSequence, [3].rac_sequence.eagerSequence])
        let doubled = concatenated.map { value -> Int in
            mapped.value += 1
            return value * 2
        }
        XCTAssertEqual(mapped.value, 0, "map of a lazy sequence computes nothing before it is read")
        XCTAssertEqual(doubled.array, [2, 4, 6])
        XCTAssertEqual(mapped.value, 3)
    }

    /// An eager operator runs its block once per value, in order, before
    /// it returns.
    func testEagerScanRunsItsBlockOncePerValueInOrder() {
        let seen = Shared<[Int]>([])
        let scanned = [1, 2, 3, 4].rac_sequence.eagerSequence.scanWithStart(0) { running, value -> Int in
            seen.value.append(value)
            return running + value
        }
        XCTAssertEqual(seen.value, [1, 2, 3, 4])
        XCTAssertEqual(scanned.array, [1, 3, 6, 10])
    }

    /// `zip` of many sequences reads the heads in order up to the first
    /// sequence that has none, and nothing past it.
    func testZipOfSequencesStopsAtTheFirstEmptyOne() {
        let read = Shared<[Int]>([])
        func logged(_ index: Int, _ values: [Int]) -> RACSequence<Int> {
            values.rac_sequence.map { value -> Int in
                read.value.append(index)
                return value
            }
        }
        let zipped = RACSequence.zip([logged(0, [1]), .empty(), logged(2, [3])])
        XCTAssertNil(zipped.head)
        XCTAssertEqual(read.value, [0])
        XCTAssertEqual(RACSequence.zip([logged(3, [1, 2]), logged(4, [5, 6])]).array, [[1, 5], [2, 6]])
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// RACStream's `-bind:`, `-reduceEach:`, `+zip:`, `+zip:reduce:`, `+concat:`
/// and `-scanWithStart:reduceWithIndex:` on sequences: RAC 2.5's values, its
/// laziness, and eagerness on an eager sequence.
final class SequenceBindAndZipTests: XCTestCase {
    /// 0, 1, 2, … for ever, counting the values computed.
    // @unchecked Sendable: test scaffolding, used one thread at a time.
    private final class Naturals: @unchecked Sendable {
        var computed = 0
        func from(_ n: Int) -> RACSequence<Int> {
            RACSequence(headBlock: { self.computed += 1; return n }, tailBlock: { self.from(n + 1) })
        }
    }

    func testBindEndsOnNilWithoutThatValue() {
        let bound = [1, 2, 3, 4].rac_sequence.bind { { value, _ in value == 3 ? nil : [value, value].rac_sequence } }
        XCTAssertEqual(bound.array, [1, 1, 2, 2])
    }

    func testBindStopReadsThatValuesSequenceToItsEnd() {
        let bound = [1, 2, 3].rac_sequence.bind { { value, stop in
            stop = value == 2
            return [value, -value].rac_sequence
        } }
        XCTAssertEqual(bound.array, [1, -1, 2, -2])
    }

    func testBindSkipsEmptySequences() {
        let odd = Array(1...9).rac_sequence.bind { { value, _ in value % 2 == 0 ? .empty() : .return(value) } }
        XCTAssertEqual(odd.array, [1, 3, 5, 7, 9])
        XCTAssertEqual(RACSequence<Int>.empty().bind { { value, _ in .return(value) } }.array, [])
    }

    func testTheBindBlockIsMadeOnceAndKeepsItsState() {
        // RAC's own -take: is a bind block that counts.
        let made = Shared(0)
        let calls = Shared(0)
        let firstTwo = [5, 6, 7, 8].rac_sequence.bind { () -> (Int, inout Bool) -> RACSequence<Int>? in
            made.value += 1
            var taken = 0
            return { value, stop in
                calls.value += 1
                taken += 1
                stop = taken == 2
                return .return(value)
            }
        }
        XCTAssertEqual(made.value, 1, "block() is called when bind is")
        XCTAssertEqual(calls.value, 0, "lazy: nothing bound before a read")
        XCTAssertEqual(firstTwo.array, [5, 6])
        XCTAssertEqual(firstTwo.array, [5, 6], "read again, not bound again")
        XCTAssertEqual(calls.value, 2)
    }

    func testBindIsLazyOnAnInfiniteSequence() {
        let naturals = Naturals()
        let tripled = naturals.from(0).bind { { value, _ in .return(value * 3) } }
        XCTAssertEqual(naturals.computed, 0)
        XCTAssertEqual(tripled.take(3).array, [0, 3, 6])
        XCTAssertLessThan(naturals.computed, 6)
    }

    func testBindOnAnEagerSequenceBindsAtOnce() {
        let calls = Shared(0)
        let bound = [1, 2, 3].rac_sequence.eagerSequence.bind { { value, _ in calls.value += 1; return .return(value) } }
        XCTAssertEqual(calls.value, 3)
        XCTAssertEqual(bound.array, [1, 2, 3])
    }

    func testBindWalksALongRunOfEmptySequencesWithAFlatStack() {
        let count = 300_000
        let last = Array(0..<count).rac_sequence.map { $0 }
            .bind { { value, _ in value == count - 1 ? .return(value) : .empty() } }
        XCTAssertEqual(last.array, [count - 1])
    }

    func testReduceEachOnTuplesOfAnySize() {
        let triples = RACSequence.zip([1, 2].rac_sequence, ["a", "b"].rac_sequence).zipWith([true, false].rac_sequence)
        XCTAssertEqual(triples.reduceEach { pair, flag in "\(pair.0)\(pair.1)\(flag)" }.array, ["1atrue", "2bfalse"])
        let three = [(1, 2, 3), (4, 5, 6)].rac_sequence.reduceEach { x, y, z in x * y * z }
        XCTAssertEqual(three.array, [6, 120])
    }

    func testZipStopsAtTheShortestAndIsEmptyForNone() {
        let zipped = RACSequence.zip([[1, 2, 3].rac_sequence, [4, 5].rac_sequence, [6, 7, 8, 9].rac_sequence])
        XCTAssertEqual(zipped.array, [[1, 4, 6], [2, 5, 7]])
        XCTAssertEqual(RACSequence<Int>.zip([]).array, [])
        XCTAssertEqual(RACSequence.zip([[1].rac_sequence]).array, [[1]])
        XCTAssertEqual(RACSequence.zip([1, 2, 3].rac_sequence, ["x"].rac_sequence, reduce: { "\($0)\($1)" }).array, ["1x"])
        let tuples: RACSequence<(Int, String)> = RACSequence.zip([1].rac_sequence, ["y"].rac_sequence)
        XCTAssertEqual(tuples.array.map { "\($0.0)\($0.1)" }, ["1y"])
    }

    func testZipAndConcatAreLazy() {
        let naturals = Naturals()
        let zipped = RACSequence.zip([naturals.from(0), naturals.from(10)])
        let chained = RACSequence.concat([naturals.from(0), .return(-1)])
        XCTAssertEqual(naturals.computed, 0)
        XCTAssertEqual(zipped.take(2).array, [[0, 10], [1, 11]])
        XCTAssertEqual(chained.take(2).array, [0, 1])
        XCTAssertLessThan(naturals.computed, 10)
    }

    func testConcatOfSequences() {
        XCTAssertEqual(RACSequence.concat([[1].rac_sequence, .empty(), [2, 3].rac_sequence]).array, [1, 2, 3])
        XCTAssertEqual(RACSequence<Int>.concat([]).array, [])
    }

    func testScanWithIndex() {
        let indexed = ["a", "b", "c"].rac_sequence.scanWithStart("") { running, value, index in running + "\(value)\(index)" }
        XCTAssertEqual(indexed.array, ["a0", "a0b1", "a0b1c2"])
        XCTAssertEqual([Int]().rac_sequence.scanWithStart(0) { $0 + $1 * $2 }.array, [])
        let naturals = Naturals()
        XCTAssertEqual(naturals.from(5).scanWithStart(0) { _, value, index in value * index }.take(3).array, [0, 6, 14])
    }
}

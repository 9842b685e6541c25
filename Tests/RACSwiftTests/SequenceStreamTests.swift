import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// RACStream's operators on sequences (API.md, "Round 2 additions"): exact
/// values, laziness on an infinite sequence, eagerness on an eager one.
final class SequenceStreamTests: XCTestCase {
    /// 0, 1, 2, … for ever, counting the values computed.
    // @unchecked Sendable: test scaffolding, used one thread at a time.
    private final class Naturals: @unchecked Sendable {
        var computed = 0
        func from(_ n: Int) -> RACSequence<Int> {
            RACSequence(headBlock: { self.computed += 1; return n }, tailBlock: { self.from(n + 1) })
        }
    }

    private let abc = ["a", "b", "c"].rac_sequence

    func testReturnAndEmpty() {
        XCTAssertEqual(RACSequence.return(7).array, [7])
        XCTAssertEqual(RACSequence<Int>.empty().array, [])
    }

    func testCombining() {
        XCTAssertEqual(abc.concat(["d"].rac_sequence).array, ["a", "b", "c", "d"])
        XCTAssertEqual(abc.flattenMap { [$0, $0.uppercased()].rac_sequence }.array, ["a", "A", "b", "B", "c", "C"])
        XCTAssertEqual([abc, .empty(), ["z"].rac_sequence].rac_sequence.flatten().array, ["a", "b", "c", "z"])
        XCTAssertEqual(abc.zipWith([1, 2].rac_sequence).array.map { "\($0.0)\($0.1)" }, ["a1", "b2"])
        XCTAssertEqual(abc.startWith("_").array, ["_", "a", "b", "c"])
    }

    func testTransforming() {
        XCTAssertEqual(abc.mapReplace(1).array, [1, 1, 1])
        XCTAssertEqual(abc.scanWithStart("") { $0 + $1 }.array, ["a", "ab", "abc"])
        XCTAssertEqual([1, 2, 4].rac_sequence.combinePreviousWithStart(0) { $1 - $0 }.array, [1, 1, 2])
        XCTAssertEqual([1, 1, 2, 2, 1].rac_sequence.distinctUntilChanged().array, [1, 2, 1])
        XCTAssertEqual([1, 2, 1, 3].rac_sequence.ignore(1).array, [2, 3])
    }

    func testTakingAndSkipping() {
        let numbers = [1, 2, 3, 4, 5].rac_sequence
        XCTAssertEqual(numbers.take(2).array, [1, 2])
        XCTAssertEqual(numbers.take(0).array, [])
        XCTAssertEqual(numbers.skip(3).array, [4, 5])
        XCTAssertEqual(numbers.skip(9).array, [])
        XCTAssertEqual(numbers.takeUntilBlock { $0 == 3 }.array, [1, 2])
        XCTAssertEqual(numbers.takeWhileBlock { $0 < 4 }.array, [1, 2, 3])
        XCTAssertEqual(numbers.skipUntilBlock { $0 == 3 }.array, [3, 4, 5])
        XCTAssertEqual(numbers.skipWhileBlock { $0 < 4 }.array, [4, 5])
    }

    func testFoldsAndSearches() {
        XCTAssertEqual(abc.foldRightWithStart("") { value, rest in value + rest.head! }, "abc")
        XCTAssertTrue(abc.any { $0 == "b" })
        XCTAssertFalse(abc.all { $0 == "b" })
        XCTAssertEqual(abc.objectPassingTest { $0 > "a" }, "b")
        XCTAssertNil(abc.objectPassingTest { $0 == "z" })
    }

    /// On an infinite sequence, operators return at once and compute only
    /// what is read.
    func testOperatorsAreLazyOnAnInfiniteSequence() {
        let naturals = Naturals()
        let evens = naturals.from(0).skip(2).scanWithStart(0) { $1 }.skipWhileBlock { $0 % 2 != 0 }
            .flattenMap { RACSequence.return($0).concat(.return(-$0)) }
            .takeWhileBlock { _ in true }.zipWith(naturals.from(100)).distinctUntilChanged(by: { $0.0 == $1.0 })
        XCTAssertEqual(naturals.computed, 0, "nothing computed before a read")
        XCTAssertEqual(evens.take(3).array.map { $0.0 }, [2, -2, 3])
        XCTAssertLessThan(naturals.computed, 20)
        // A short-circuiting search stops at its answer.
        let searched = Naturals()
        XCTAssertTrue(searched.from(0).any { $0 == 5 })
        XCTAssertEqual(searched.computed, 6)
        // A fold that does not read the rest stops at once.
        XCTAssertEqual(Naturals().from(1).foldRightWithStart(0) { value, _ in value }, 1)
    }

    func testLongRunsDoNotGrowTheStack() {
        XCTAssertEqual([1, 2, 3].rac_sequence.skip(2).array, [3], "an elements sequence skips by index")
        // Deep enough that recursion per value would overflow the stack.
        let count = 300_000
        let many = Array(0..<count).rac_sequence.map { $0 }
        XCTAssertEqual(many.skipUntilBlock { $0 == count - 1 }.array, [count - 1])
        XCTAssertEqual(many.skip(count - 2).array, [count - 2, count - 1])
        XCTAssertEqual(many.flattenMap { $0 < count - 1 ? .empty() : .return($0) }.array, [count - 1])
        XCTAssertEqual(many.take(count).concat(.return(-1)).array.last, -1)
    }

    func testAnEagerSequenceComputesAtOnce() {
        let calls = Shared(0)
        let eager = [1, 2, 3].rac_sequence.eagerSequence
        _ = eager.scanWithStart(0) { calls.value += 1; return $0 + $1 }
        XCTAssertEqual(calls.value, 3)
    }

    /// RAC 2.5's eager sequences make `bind` and `concat` (and what RACStream
    /// builds on them) eager, but not `zipWith:`, and hand
    /// `foldRightWithStart:reduce:`'s block an eager rest.
    func testOnAnEagerSequenceZipWithIsLazyAndFoldRightIsEager() {
        let reads = Shared(0)
        let eager = [1, 2, 3].rac_sequence.eagerSequence
        let mapped = [10, 20, 30].rac_sequence.map { value -> Int in reads.value += 1; return value }
        let zipped = eager.zipWith(mapped)
        XCTAssertEqual(reads.value, 0, "zipWith computes no pair before it is read")
        XCTAssertEqual(zipped.head.map { [$0.0, $0.1] }, [1, 10])
        XCTAssertEqual(reads.value, 1)

        let folds = Shared<[Int]>([])
        let first = eager.foldRightWithStart(0) { value, _ in folds.value.append(value); return value }
        XCTAssertEqual(first, 1)
        XCTAssertEqual(folds.value, [3, 2, 1], "the rest is folded before the block runs, from the right")
        folds.value = []
        _ = [1, 2, 3].rac_sequence.foldRightWithStart(0) { value, _ in folds.value.append(value); return value }
        XCTAssertEqual(folds.value, [1], "lazily, a block that does not read the rest stops the fold")
    }

    /// RAC's `-all:` folds with `accumulator && block(value)`: the block runs
    /// up to the first false and no further. RACSwift also stops computing
    /// the values there (documented in Porting.md).
    func testAllCallsThePredicateUpToTheFirstFalse() {
        let tested = Shared<[Int]>([])
        XCTAssertFalse([1, 2, 3, 4].rac_sequence.all { tested.value.append($0); return $0 < 2 })
        XCTAssertEqual(tested.value, [1, 2])
        XCTAssertTrue([1, 2].rac_sequence.all { $0 > 0 })
        XCTAssertTrue(RACSequence<Int>.empty().all { _ in false })
        XCTAssertFalse(Naturals().from(0).all { $0 < 5 }, "answers on an infinite sequence")
    }
}

private extension RACSequence {
    /// A test helper: `distinctUntilChanged` by a comparison, for tuples.
    func distinctUntilChanged(by equal: @escaping @Sendable (Value, Value) -> Bool) -> RACSequence<Value> {
        let previous = Shared<Value?>(nil)
        return filter { value in
            defer { previous.value = value }
            guard let last = previous.value else { return true }
            return !equal(last, value)
        }
    }
}

/// `rac_keySequence`, `rac_valueSequence`, and `rac_sequence` on sets and
/// iterators.
final class CollectionSequenceTests: XCTestCase {
    func testDictionaryKeysAndValues() {
        let dictionary = ["a": 1, "b": 2]
        XCTAssertEqual(dictionary.rac_keySequence.array, Array(dictionary.keys))
        XCTAssertEqual(dictionary.rac_valueSequence.array, Array(dictionary.values))
    }

    func testSet() {
        let set: Set = [1, 2, 3]
        XCTAssertEqual(Set(set.rac_sequence.array), set)
        XCTAssertEqual(IndexSet([5, 1, 3]).rac_sequence.array, [1, 3, 5])
    }

    func testOrderedSetAndEnumerator() {
        let ordered = NSOrderedSet(array: ["b", "a", "c"])
        XCTAssertEqual(ordered.rac_sequence.array.map { $0 as? String }, ["b", "a", "c"])
        let enumerator = NSArray(array: [1, 2, 3]).objectEnumerator()
        XCTAssertEqual(enumerator.rac_sequence.array.map { $0 as? Int }, [1, 2, 3])
        XCTAssertEqual(NSArray(array: [1, 2]).rac_sequence.array.map { $0 as? Int }, [1, 2])
        XCTAssertEqual(NSSet(array: [4]).rac_sequence.array.map { $0 as? Int }, [4])
    }

    func testIteratorIsPulledLazilyOnce() {
        var pulled = 0
        let iterator = AnyIterator<Int> {
            pulled += 1
            return pulled <= 3 ? pulled : nil
        }
        let sequence = iterator.rac_sequence
        XCTAssertEqual(pulled, 0)
        XCTAssertEqual(sequence.head, 1)
        XCTAssertEqual(pulled, 1)
        XCTAssertEqual(sequence.array, [1, 2, 3])
        XCTAssertEqual(sequence.array, [1, 2, 3], "read again, not pulled again")
        XCTAssertEqual(pulled, 4)
    }
}

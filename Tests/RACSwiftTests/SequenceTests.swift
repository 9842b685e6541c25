import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SequenceTests: XCTestCase {
    // MARK: Head and tail

    func testHeadAndTailWalkTheValues() {
        let sequence = [1, 2, 3].rac_sequence
        XCTAssertEqual(sequence.head, 1)
        XCTAssertEqual(sequence.tail?.head, 2)
        XCTAssertEqual(sequence.tail?.tail?.head, 3)
        XCTAssertNil(sequence.tail?.tail?.tail)
        XCTAssertNil([Int]().rac_sequence.head)
        XCTAssertNil(RACSequence<Int>.empty().head)
    }

    /// The sequence 0, 1, whose head and tail blocks count their runs.
    private func countingSequence() -> (sequence: RACSequence<Int>, runs: () -> [Int]) {
        let heads = Shared(0)
        let tails = Shared(0)
        let sequence = RACSequence<Int>(headBlock: {
            heads.value += 1
            return 0
        }, tailBlock: {
            tails.value += 1
            return [1].rac_sequence
        })
        return (sequence, { [heads.value, tails.value] })
    }

    func testHeadBlockAndTailBlockRunLazilyAndOnce() {
        let (sequence, runs) = countingSequence()
        XCTAssertEqual(runs(), [0, 0])
        XCTAssertEqual(sequence.head, 0)
        XCTAssertEqual(runs(), [1, 0], "the head does not evaluate the tail")
        XCTAssertEqual(sequence.tail?.head, 1)
        XCTAssertEqual(sequence.head, 0)
        XCTAssertEqual(sequence.tail?.head, 1)
        XCTAssertEqual(runs(), [1, 1], "evaluated once, then remembered")
        XCTAssertNil(sequence.tail?.tail)
    }

    func testOptionalValuesAreNotTheEnd() {
        let sequence: RACSequence<Int?> = [nil, 1, nil].rac_sequence
        XCTAssertEqual(sequence.array, [nil, 1, nil])
        XCTAssertEqual(sequence.head, .some(nil))
    }

    // MARK: Collections

    func testArrayDictionaryAndStringSequences() {
        XCTAssertEqual(["a", "b"].rac_sequence.array, ["a", "b"])
        let pairs = ["one": 1, "two": 2].rac_sequence.array
        XCTAssertEqual(pairs.map(\.key).sorted(), ["one", "two"])
        for pair in ["one": 1, "two": 2].rac_sequence {
            let (key, value) = pair
            XCTAssertEqual(key == "one" ? 1 : 2, value)
        }
        XCTAssertEqual("héllo👋🏽".rac_sequence.array, ["h", "é", "l", "l", "o", "👋🏽"])
        XCTAssertEqual(String("ab".rac_sequence.tail!.array), "b")
    }

    func testIteratesWithForIn() {
        var values: [Int] = []
        for value in [3, 4].rac_sequence.map({ $0 * 2 }) { values.append(value) }
        XCTAssertEqual(values, [6, 8])
    }

    // MARK: Laziness

    func testMapAndFilterAreLazyAndEvaluateEachValueOnce() {
        let mapped = Shared<[Int]>([])
        let tested = Shared<[Int]>([])
        let sequence = [1, 2, 3, 4].rac_sequence
            .map { value -> Int in
                mapped.value.append(value)
                return value * 10
            }
            .filter { value -> Bool in
                tested.value.append(value)
                return value != 20
            }
        XCTAssertEqual(mapped.value, [], "nothing runs before a value is read")
        XCTAssertEqual(sequence.head, 10)
        XCTAssertEqual(mapped.value, [1])
        XCTAssertEqual(sequence.tail?.head, 30)
        XCTAssertEqual(mapped.value, [1, 2, 3], "the filter skipped 20 to reach 30")
        XCTAssertEqual(sequence.array, [10, 30, 40])
        XCTAssertEqual(sequence.array, [10, 30, 40])
        XCTAssertEqual(mapped.value, [1, 2, 3, 4], "every value mapped once")
        XCTAssertEqual(tested.value, [10, 20, 30, 40], "every value tested once")
    }

    func testIterationEvaluatesHeadsOnlyAsItGoes() {
        let evaluated = Shared<[Int]>([])
        let sequence = [1, 2, 3].rac_sequence.map { value -> Int in
            evaluated.value.append(value)
            return value
        }
        var iterator = sequence.makeIterator()
        XCTAssertEqual(evaluated.value, [])
        XCTAssertEqual(iterator.next(), 1)
        XCTAssertEqual(evaluated.value, [1])
        XCTAssertEqual(iterator.next(), 2)
        XCTAssertEqual(evaluated.value, [1, 2])
        XCTAssertEqual(iterator.next(), 3)
        XCTAssertNil(iterator.next())
    }

    func testTheIteratorLetsWalkedNodesGo() {
        weak var weakFirst: RACSequence<Int>?
        var iterator: RACSequenceIterator<Int>
        do {
            let first = RACSequence<Int>(headBlock: { 1 }, tailBlock: { [2].rac_sequence })
            weakFirst = first
            iterator = first.makeIterator()
        }
        XCTAssertEqual(iterator.next(), 1)
        XCTAssertNil(weakFirst, "the iterator holds only what is ahead")
        XCTAssertEqual(iterator.next(), 2)
    }

    func testEvaluatesEachValueOnceAcrossThreads() {
        // The block takes long enough for every thread to ask for the same
        // head while the first is still evaluating it: they must wait for
        // its result, not evaluate again.
        let evaluations = Atomic(0)
        let sequence = [1].rac_sequence.map { value -> Int in
            evaluations.add(1, ordering: .relaxed)
            Thread.sleep(forTimeInterval: 0.05)
            return value * 10
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            XCTAssertEqual(sequence.head, 10)
        }
        XCTAssertEqual(evaluations.load(ordering: .relaxed), 1)

        let counted = Atomic(0)
        let long = Array(0..<1_000).rac_sequence.map { value -> Int in
            counted.add(1, ordering: .relaxed)
            return value
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            XCTAssertEqual(long.array, Array(0..<1_000))
        }
        XCTAssertEqual(counted.load(ordering: .relaxed), 1_000)
    }

    // MARK: Eager and lazy

    func testEagerSequenceEvaluatesEverythingAtOnce() {
        let (lazy, runs) = countingSequence()
        let eager = lazy.eagerSequence
        XCTAssertEqual(runs(), [1, 1])
        XCTAssertEqual(eager.array, [0, 1])
        XCTAssertTrue(eager.eagerSequence === eager)

        let mapped = Shared(0)
        let eagerMapped = eager.map { value -> Int in
            mapped.value += 1
            return value
        }
        XCTAssertEqual(mapped.value, 2, "operators on an eager sequence run at once")
        XCTAssertEqual(eager.filter { $0 > 0 }.array, [1])
        XCTAssertEqual(eagerMapped.tail?.array, [1])

        let lazyMapped = Shared(0)
        let lazyAgain = eager.lazySequence.map { value -> Int in
            lazyMapped.value += 1
            return value
        }
        XCTAssertEqual(lazyMapped.value, 0, "lazySequence makes operators lazy again")
        XCTAssertEqual(lazyAgain.array, [0, 1])
        let plain = [1].rac_sequence
        XCTAssertTrue(plain.lazySequence === plain)
    }

    // MARK: Folding and signals

    func testFoldLeftIsLeftAssociativeFromTheStart() {
        XCTAssertEqual([1, 2, 3].rac_sequence.foldLeftWithStart(0) { $0 - $1 }, -6)
        XCTAssertEqual([Int]().rac_sequence.foldLeftWithStart(3) { $0 + $1 }, 3)
        XCTAssertEqual(["a", "b"].rac_sequence.foldLeftWithStart("") { $0 + $1 }, "ab")
    }

    func testSignalWithSchedulerSendsTheValuesThenCompletes() {
        let scheduler = RACTestScheduler()
        let values = Shared<[Int]>([])
        let completed = Shared(false)
        let walked = Shared<[Int]>([])
        let sequence = [1, 2, 3].rac_sequence.map { value -> Int in
            walked.value.append(value)
            return value
        }
        sequence.signal(with: scheduler).subscribeNext({
            XCTAssertTrue(RACScheduler.currentScheduler === scheduler)
            values.value.append($0)
        }, completed: { completed.value = true })
        XCTAssertEqual(walked.value, [])
        scheduler.step()
        XCTAssertEqual(values.value, [1], "one value per scheduled block")
        scheduler.stepAll()
        XCTAssertEqual(values.value, [1, 2, 3])
        XCTAssertTrue(completed.value)
    }

    func testSignalStopsWalkingWhenDisposed() {
        let scheduler = RACTestScheduler()
        let values = Shared<[Int]>([])
        let disposable = [1, 2, 3].rac_sequence.signal(with: scheduler).subscribeNext { values.value.append($0) }
        scheduler.step()
        disposable.dispose()
        scheduler.stepAll()
        XCTAssertEqual(values.value, [1])
    }

    func testSignalRunsOnABackgroundScheduler() {
        let values = Shared<[Int]>([])
        let onMain = Shared(true)
        let done = expectation(description: "completed")
        [1, 2].rac_sequence.signal().subscribeNext({
            onMain.value = Thread.isMainThread
            values.value.append($0)
        }, completed: { done.fulfill() })
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertFalse(onMain.value)
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A million values: walking, folding and releasing must take constant
/// stack. Recursion over that length would overflow the stack, which
/// crashes the test process rather than failing one test.
// @unchecked Sendable: test scaffolding, used one thread at a time.
final class SequenceLongTests: XCTestCase, @unchecked Sendable {
    private let count = 1_000_000

    func testIteratesAMillionValues() {
        var sum = 0
        for value in Array(0..<count).rac_sequence { sum &+= value }
        XCTAssertEqual(sum, count * (count - 1) / 2)
    }

    func testMapFilterChainOverAMillionValues() {
        let sequence = Array(0..<count).rac_sequence
            .map { $0 * 2 }
            .filter { $0 % 3 == 0 }
            .map { $0 + 1 }
        XCTAssertEqual(sequence.foldLeftWithStart(0) { $0 &+ $1 }, expectedChainSum())
        XCTAssertEqual(sequence.array.count, (count + 2) / 3)
    }

    func testFilterSkipsAMillionRejectedValues() {
        let sequence = Array(0..<count).rac_sequence.filter { $0 == self.count - 1 }
        XCTAssertEqual(sequence.head, count - 1)
    }

    func testReleasesAMillionEvaluatedNodes() {
        // Evaluated, the mapped sequence is a linked list of a million
        // nodes; its release must not recurse from node to node.
        weak var weakSequence: RACSequence<Int>?
        do {
            let sequence = Array(0..<count).rac_sequence.map { $0 }.filter { _ in true }
            weakSequence = sequence
            XCTAssertEqual(sequence.array.count, count)
        }
        XCTAssertNil(weakSequence)
    }

    func testReleasesAMillionNodesOnABackgroundThread() {
        // Secondary threads have far smaller stacks than the main thread.
        let done = expectation(description: "released")
        Thread.detachNewThread { [count] in
            do {
                let sequence = Array(0..<count).rac_sequence.map { $0 + 1 }
                XCTAssertEqual(sequence.array.last, count)
            }
            done.fulfill()
        }
        wait(for: [done], timeout: HangGuard.seconds)
    }

    func testSendsAMillionValuesOnTheImmediateScheduler() {
        let sum = Shared(0)
        let completed = Shared(false)
        Array(0..<count).rac_sequence.signal(with: .immediateScheduler)
            .subscribeNext({ sum.value &+= $0 }, completed: { completed.value = true })
        XCTAssertEqual(sum.value, count * (count - 1) / 2)
        XCTAssertTrue(completed.value)
    }

    func testBuildsAndWalksAMillionNodeHeadBlockChain() {
        // A chain made with init(headBlock:tailBlock:), each tail made on demand.
        let count = self.count
        @Sendable func chain(from value: Int) -> RACSequence<Int> {
            RACSequence(headBlock: { value }, tailBlock: {
                value + 1 < count ? chain(from: value + 1) : nil
            })
        }
        XCTAssertEqual(chain(from: 0).foldLeftWithStart(0) { $0 &+ $1 }, count * (count - 1) / 2)
    }

    func testEagerOperatorsOverManyValues() {
        // Each operator computes its values at once; its steps (each on the
        // tail of the one before) must not compute the rest again, each
        // inside the last: that recursed once per value. Fewer values than
        // the other tests (ten operators each), still far past the stack.
        let count = 200_000
        let eager = Array(0..<count).rac_sequence.eagerSequence
        let result = eager
            .take(count)
            .scanWithStart(0) { _, value in value }
            .concat(.return(count))
            .takeUntilBlock { _ in false }
            .combinePreviousWithStart(0) { _, value in value }
            .flattenMap { RACSequence.return($0) }
            .startWith(-1)
        XCTAssertEqual(result.array.count, count + 2)
        XCTAssertEqual(result.foldLeftWithStart(0) { $0 &+ $1 }, count * (count - 1) / 2 + count - 1)
    }

    func testEagerFoldRightOverAMillionValues() {
        // An eager fold folds all of the sequence before the first `reduce`
        // returns: from the last value back, in a loop.
        let eager = Array(0..<count).rac_sequence.eagerSequence
        XCTAssertEqual(eager.foldRightWithStart(0) { value, rest in value &+ rest.head! }, count * (count - 1) / 2)
    }

    func testConcatAndZipOfManySequences() {
        let many = 100_000
        let sequences = (0..<many).map { RACSequence.return($0) }
        XCTAssertEqual(RACSequence.concat(sequences).foldLeftWithStart(0) { $0 &+ $1 }, many * (many - 1) / 2)
        let zipped = RACSequence.zip(sequences + [[7].rac_sequence])
        XCTAssertEqual(zipped.array.map(\.count), [many + 1])
        XCTAssertEqual(zipped.head?.last, 7)
    }

    private func expectedChainSum() -> Int {
        var sum = 0
        for value in 0..<count where (value * 2) % 3 == 0 { sum &+= value * 2 + 1 }
        return sum
    }
}

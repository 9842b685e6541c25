@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// `RACDisposable` finds its atomic words by offset, after its `block`
/// (`RACInlineAtomics.word(_:of:after:)`), and a sink's `nextBlock` must
/// follow the state word for a delivery to read one cache line. Both rest
/// on Swift laying stored properties out in declaration order; these tests
/// fail if that ever changes.
final class DisposableLayoutTests: XCTestCase {
    func testTheWordsAreTheTupleAfterTheBlockWithTheStateLast() {
        let disposable = RACDisposable(block: {})
        withUnsafeMutablePointer(to: &disposable._atomics) { tuple in
            let first = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: Int.self)
            for index in 0..<5 {
                XCTAssertEqual(disposable.word(index).address, first + index, "word \(index)")
            }
            XCTAssertEqual(disposable.stateWord.address, first + 5)
        }
        // The block was not overwritten by the words, and disposing sets
        // the state word's bit 0.
        let ran = Shared(false)
        let probe = RACDisposable { ran.value = true }
        probe.dispose()
        XCTAssertTrue(ran.value)
        XCTAssertEqual(probe.stateWord.load(.relaxed) & 1, 1)
    }

    func testASinksNextBlockFollowsTheStateWord() {
        func wordAfterState(_ sink: RACSubscriptionSink<Int>) -> Int {
            (sink.stateWord.address + 1).pointee
        }
        // A nil closure is a null function pointer; a block is not.
        let withNext = RACBlockSubscriber<Int>(next: { _ in }, error: nil, completed: nil)
        let withoutNext = RACBlockSubscriber<Int>(next: nil, error: { _ in }, completed: {})
        XCTAssertNotEqual(wordAfterState(withNext), 0)
        XCTAssertEqual(wordAfterState(withoutNext), 0)
        XCTAssertNotNil(withNext.nextBlock)
        XCTAssertNil(withoutNext.nextBlock)
    }
}

import RACSwift
import RACSwiftTestSupport
import XCTest

/// The chain's trampoline (`RACSignal.concat`, `concat(_:)`, `then`,
/// `catch`): a source that ends inside its own subscription has the next
/// one subscribed after that call returns, at the same stack depth, so a
/// run of synchronous sources loops instead of recursing.
final class ChainTrampolineTests: XCTestCase {
    /// The address of a local of the caller's frame: how deep the stack is.
    @inline(never)
    private static func stackDepth() -> Int {
        var local = 0
        return withUnsafeMutablePointer(to: &local) { Int(bitPattern: $0) }
    }

    func testSynchronousSourcesAreSubscribedAtOneDepth() {
        let depths = Shared<[Int]>([])
        let sources = (0..<2_000).map { value in
            RACSignal<Int>.createSignal { subscriber in
                depths.value.append(Self.stackDepth())
                subscriber.sendNext(value)
                subscriber.sendCompleted()
                return nil
            }
        }
        let recorder = RACSignal.concat(sources).record()
        XCTAssertEqual(recorder.values, Array(0..<2_000))
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(Set(depths.value).count, 1, "every source subscribed at the first one's depth")
    }

    func testCatchOfASynchronousErrorSubscribesTheRecoveryAfterIt() {
        let depths = Shared<[Int]>([])
        // One closure for both sources, so that their frames are alike.
        let source = { (fails: Bool) in
            RACSignal<Int>.createSignal { subscriber in
                depths.value.append(Self.stackDepth())
                if fails {
                    subscriber.sendError(TestError())
                } else {
                    subscriber.sendNext(1)
                    subscriber.sendCompleted()
                }
                return nil
            }
        }
        let recorder = source(true).catch { _ in source(false) }.record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(depths.value.count, 2)
        XCTAssertEqual(Set(depths.value).count, 1, "the recovery subscribed at the failing source's depth")
    }
}

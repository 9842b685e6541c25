import RACSwift
import RACSwiftTestSupport
import XCTest

/// `flatten(_:)`'s count of running inner signals when several complete
/// inside one change: one waiting signal is started per completion, and
/// the whole completes once the last one has.
final class FlattenLimiterTests: XCTestCase {
    func testCompletionsInsideAStartFreeOneSlotEach() {
        let outer = RACSubject<RACSignal<Int>>()
        let first = RACSubject<Int>()
        let second = RACSubject<Int>()
        let last = RACSubject<Int>()
        // Started when `second` completes; completes `first`, then itself,
        // inside its subscription.
        let third = RACSignal<Int>.createSignal { subscriber in
            first.sendNext(1)
            first.sendCompleted()
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        let recorder = outer.flatten(2).record()
        for inner in [first, second, third, last] { outer.sendNext(inner) }
        second.sendCompleted()
        XCTAssertEqual(recorder.values, [1, 2])
        outer.sendCompleted()
        XCTAssertEqual(recorder.completions, 0, "`last` still runs")
        last.sendNext(3)
        XCTAssertEqual(recorder.values, [1, 2, 3], "`last` was started")
        last.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
    }
}

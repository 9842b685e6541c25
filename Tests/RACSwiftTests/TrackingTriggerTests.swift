@testable import RACSwift
import XCTest

/// `RACTrackingTrigger`: what a `RACObserve` tracking calls on a change. A
/// tracking that Observation leaves registered (a change announced while
/// it was being installed) calls it at every later change; only the first
/// call may schedule a read.
final class TrackingTriggerTests: XCTestCase {
    func testOnlyTheFirstCallRunsTheBlock() {
        let runs = Counter()
        let trigger = RACTrackingTrigger { runs.add() }
        for _ in 0..<3 { trigger.fire() }
        XCTAssertEqual(runs.value, 1)
    }

    /// A registration left behind keeps the trigger, not the observation:
    /// the block, and what it holds, go once it ran.
    func testTheBlockIsReleasedOnceItRan() {
        final class Held {}
        var held: Held? = Held()
        weak let watched = held
        let trigger = RACTrackingTrigger { [held] in _ = held }
        held = nil
        XCTAssertNotNil(watched, "held by the block until it runs")
        trigger.fire()
        XCTAssertNil(watched, "still held after the block ran")
        withExtendedLifetime(trigger) {}
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}

@testable import RACSwift
import Foundation
import XCTest

/// `RACTrackingTrigger` fired by several threads at once, as the changes of
/// several threads announce themselves to a registration Observation left
/// behind: the block runs exactly once per trigger.
final class TrackingTriggerStressTests: XCTestCase {
    func testThreadsFiringAtOnceRunTheBlockOnce() {
        let rounds = 2_000, threads = 4
        let runs = UnsafeMutablePointer<Int>.allocate(capacity: rounds)
        runs.initialize(repeating: 0, count: rounds)
        defer { runs.deallocate() }
        let lock = NSLock()
        let triggers = (0..<rounds).map { round in
            RACTrackingTrigger { lock.withLock { runs[round] += 1 } }
        }
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for trigger in triggers { trigger.fire() }
        }
        XCTAssertEqual((0..<rounds).filter { runs[$0] != 1 }.count, 0, "a block ran other than once")
    }
}

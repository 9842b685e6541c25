import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `RACLiveSubscriptions.scheduledBlocks`: blocks scheduled and not yet run
/// or cancelled.
final class ScheduledBlocksCountTests: XCTestCase {
    func testATestSchedulersBlocksCountUntilTheyRunOrAreCancelled() {
        let before = RACLiveSubscriptions.scheduledBlocks
        let scheduler = RACTestScheduler()
        scheduler.schedule {}
        let cancelled = scheduler.afterDelay(5) {}
        scheduler.afterDelay(10) {}
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before + 3)
        cancelled?.dispose()
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before + 2)
        scheduler.advance(by: 1)
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before + 1)
        scheduler.advance(by: 10)
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before)
    }

    func testATestSchedulerFreedWithBlocksLeftTakesThemOffTheCount() {
        let before = RACLiveSubscriptions.scheduledBlocks
        var scheduler: RACTestScheduler? = RACTestScheduler()
        scheduler?.afterDelay(1) {}
        scheduler?.after(Date(timeIntervalSinceReferenceDate: 0), repeatingEvery: 1, withLeeway: 0) {}
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before + 2)
        scheduler = nil
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before)
    }

    func testAQueueSchedulersBlocksCountUntilTheirTurnComes() {
        let queue = DispatchQueue(label: "ScheduledBlocksCountTests")
        let scheduler = RACQueueScheduler(name: nil, queue: queue)
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }   // holds the queue
        let before = RACLiveSubscriptions.scheduledBlocks
        let ran = Shared(0)
        scheduler.schedule { ran.value += 1 }
        scheduler.schedule { ran.value += 1 }?.dispose()
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before + 2, "a cancelled one until its turn")
        gate.signal()
        queue.sync {}
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before)
        XCTAssertEqual(ran.value, 1)
    }

    func testARepeatingTimerCountsUntilDisposed() {
        let scheduler = RACQueueScheduler(name: nil, queue: DispatchQueue(label: "ScheduledBlocksCountTests.timer"))
        let before = RACLiveSubscriptions.scheduledBlocks
        let timer = scheduler.after(Date().addingTimeInterval(3_600), repeatingEvery: 60, withLeeway: 0) {}
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before + 1)
        timer?.dispose()
        timer?.dispose()
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before)
    }
}

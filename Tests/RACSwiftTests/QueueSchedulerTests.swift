import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// RAC 2.5's `RACQueueScheduler`, for schedulers of one's own over a queue.
final class QueueSchedulerTests: XCTestCase {
    /// A subclass that counts what it is given, as a user's might.
    private final class CountingScheduler: RACQueueScheduler, @unchecked Sendable {
        private let lock = NSLock()
        private var scheduledCount = 0
        var scheduled: Int { lock.lock(); defer { lock.unlock() }; return scheduledCount }

        @discardableResult
        override func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
            lock.lock()
            scheduledCount += 1
            lock.unlock()
            return super.schedule(block)
        }
    }

    func testASubclassRunsBlocksOnItsQueueAsCurrentScheduler() {
        let queue = DispatchQueue(label: "test.queue")
        let scheduler = CountingScheduler(name: "counting", queue: queue)
        XCTAssertEqual(scheduler.name, "counting")
        XCTAssertTrue(scheduler.queue === queue)
        let ran = expectation(description: "ran")
        let current = Shared<RACScheduler?>(nil)
        scheduler.schedule {
            current.value = RACScheduler.currentScheduler
            ran.fulfill()
        }
        wait(for: [ran], timeout: 5)
        XCTAssertTrue(current.value === scheduler)
        XCTAssertEqual(scheduler.scheduled, 1)
    }

    func testWallTimeWithDate() {
        let date = Date(timeIntervalSince1970: 1_000_000.25)
        XCTAssertEqual(RACQueueScheduler.wallTimeWithDate(date).rawValue != 0, true)
        XCTAssertTrue(RACScheduler.scheduler() is RACQueueScheduler, "RACTargetQueueScheduler is one")
    }
}

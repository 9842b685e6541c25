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
        wait(for: [ran], timeout: HangGuard.seconds)
        XCTAssertTrue(current.value === scheduler)
        XCTAssertEqual(scheduler.scheduled, 1)
    }

    /// Documented difference from RAC (docs/Porting.md): RAC's repeating
    /// blocks run without the scheduler as `currentScheduler`; RACSwift's
    /// run as every other block does.
    func testARepeatingBlockRunsAsCurrentScheduler() {
        let scheduler = RACQueueScheduler(name: "repeating", queue: DispatchQueue(label: "test.repeating"))
        let ticked = expectation(description: "ticked")
        let current = Shared<RACScheduler?>(nil)
        let once = Shared(false)
        let timer = scheduler.after(Date(), repeatingEvery: 0.01, withLeeway: 0) {
            guard !once.value else { return }
            once.value = true
            current.value = RACScheduler.currentScheduler
            ticked.fulfill()
        }
        wait(for: [ticked], timeout: HangGuard.seconds)
        timer?.dispose()
        XCTAssertTrue(current.value === scheduler)
    }

    func testWallTimeWithDate() {
        let date = Date(timeIntervalSince1970: 1_000_000.25)
        XCTAssertEqual(RACQueueScheduler.wallTimeWithDate(date).rawValue != 0, true)
        XCTAssertTrue(RACScheduler.scheduler() is RACQueueScheduler, "RACTargetQueueScheduler is one")
    }
}

import Dispatch
import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A value shared between the test thread and scheduler threads.
final class SchedulerTestBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        lock.withLock { stored }
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.withLock { body(&stored) }
    }
}

extension XCTestCase {
    /// Checks that `count`, which blocks on `scheduler` (a serial one) were
    /// incrementing until they were disposed, no longer changes: a block
    /// queued there now runs after any block in progress, and the count it
    /// sees must be the same 0.1 s later.
    func assertStaysPut(_ count: SchedulerTestBox<Int>, on scheduler: RACScheduler,
                        file: StaticString = #filePath, line: UInt = #line) {
        let before = SchedulerTestBox(0)
        let after = SchedulerTestBox(0)
        let checked = expectation(description: "checked")
        scheduler.schedule {
            before.mutate { $0 = count.value }
            scheduler.afterDelay(0.1) {
                after.mutate { $0 = count.value }
                checked.fulfill()
            }
        }
        wait(for: [checked], timeout: HangGuard.seconds)
        XCTAssertEqual(after.value, before.value, file: file, line: line)
    }
}

final class SchedulerQueueTests: XCTestCase {
    func testRunsBlocksSeriallyInOrder() {
        let scheduler = RACScheduler.scheduler(priority: .high, name: "serial")
        let log = SchedulerTestBox<[Int]>([])
        let running = SchedulerTestBox(0)
        let overlapped = SchedulerTestBox(false)
        let done = expectation(description: "all blocks ran")
        for index in 0..<100 {
            scheduler.schedule {
                running.mutate { $0 += 1 }
                if running.value > 1 { overlapped.mutate { $0 = true } }
                log.mutate { $0.append(index) }
                running.mutate { $0 -= 1 }
                if index == 99 { done.fulfill() }
            }
        }
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(log.value, Array(0..<100))
        XCTAssertFalse(overlapped.value)
    }

    func testIsCurrentSchedulerWhileRunningABlock() {
        let scheduler = RACScheduler.scheduler()
        let current = SchedulerTestBox<RACScheduler?>(nil)
        let done = expectation(description: "block ran")
        scheduler.schedule {
            current.mutate { $0 = RACScheduler.currentScheduler }
            done.fulfill()
        }
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertTrue(current.value === scheduler)
    }

    func testAfterDateFires() {
        let scheduler = RACScheduler.scheduler()
        let current = SchedulerTestBox<RACScheduler?>(nil)
        let fired = expectation(description: "fired")
        scheduler.after(Date().addingTimeInterval(0.05)) {
            current.mutate { $0 = RACScheduler.currentScheduler }
            fired.fulfill()
        }
        wait(for: [fired], timeout: HangGuard.seconds)
        XCTAssertTrue(current.value === scheduler)
    }

    func testAfterDelayFires() {
        let scheduler = RACScheduler.scheduler()
        let fired = expectation(description: "fired")
        scheduler.afterDelay(0.05) { fired.fulfill() }
        wait(for: [fired], timeout: HangGuard.seconds)
    }

    func testRepeatingBlockFiresUntilDisposed() {
        let scheduler = RACScheduler.scheduler()
        let ticks = SchedulerTestBox(0)
        let thirdTick = expectation(description: "three ticks")
        let timer = scheduler.after(Date(), repeatingEvery: 0.01, withLeeway: 0) {
            ticks.mutate { $0 += 1 }
            if ticks.value == 3 { thirdTick.fulfill() }
        }
        wait(for: [thirdTick], timeout: HangGuard.seconds)
        timer?.dispose()

        XCTAssertGreaterThanOrEqual(ticks.value, 3)
        assertStaysPut(ticks, on: scheduler)
    }

    /// RAC's timer fires until its disposable is disposed, whether or not
    /// anyone keeps the scheduler; disposing it lets go of the scheduler.
    func testARepeatingBlockOnASchedulerNobodyKeepsFiresUntilDisposed() {
        let ticks = SchedulerTestBox(0)
        let tick = DispatchSemaphore(value: 0)
        weak var weakScheduler: RACScheduler?
        let queue: DispatchQueue
        let timer: RACDisposable?
        do {
            let scheduler = RACScheduler.scheduler(name: "unkept")
            weakScheduler = scheduler
            queue = (scheduler as! RACQueueScheduler).queue
            timer = scheduler.after(Date(), repeatingEvery: 0.01, withLeeway: 0) {
                ticks.mutate { $0 += 1 }
                tick.signal()
            }
        }
        for _ in 0..<3 {
            XCTAssertEqual(tick.wait(timeout: HangGuard.deadline), .success,
                           "hang: a tick of a timer on an unkept scheduler never came")
        }
        timer?.dispose()
        // A block queued behind any tick in progress sees the final count.
        let final = queue.sync { ticks.value }
        XCTAssertGreaterThanOrEqual(final, 3)
        // No tick arrives afterwards: 0.2 s is 20 intervals.
        let later = expectation(description: "later")
        queue.asyncAfter(deadline: .now() + 0.2) { later.fulfill() }
        wait(for: [later], timeout: HangGuard.seconds)
        XCTAssertEqual(ticks.value, final, "a tick after dispose() returned")
        // The cancelled timer let go of the scheduler. Dispatch releases a
        // cancelled source's handler on its queue, after hops through its
        // own threads that no count bounds: look after each block that
        // queue runs, until the hang guard (it was 10 s, a deadline that
        // a starved Dispatch could pass). A timer that keeps its scheduler
        // keeps it for good, and reaches the guard.
        let released = HangGuard.waitUntil {
            queue.sync {}
            return weakScheduler == nil
        }
        XCTAssertTrue(released, "hang: the disposed timer still holds its scheduler")
    }

    func testTargetQueueSchedulerRunsOnItsTargetQueue() {
        let key = DispatchSpecificKey<String>()
        let target = DispatchQueue(label: "target")
        target.setSpecific(key: key, value: "target")
        let scheduler = RACTargetQueueScheduler(name: "on target", targetQueue: target)
        let seen = SchedulerTestBox<String?>(nil)
        let current = SchedulerTestBox<RACScheduler?>(nil)
        let done = expectation(description: "block ran")
        scheduler.schedule {
            seen.mutate { $0 = DispatchQueue.getSpecific(key: key) }
            current.mutate { $0 = RACScheduler.currentScheduler }
            done.fulfill()
        }
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(seen.value, "target")
        XCTAssertTrue(current.value === scheduler)
    }

    func testDisposingBeforeTheBlockRunsCancelsIt() {
        let scheduler = RACTargetQueueScheduler(name: "blocked", targetQueue: DispatchQueue(label: "blocked target"))
        let release = DispatchSemaphore(value: 0)
        scheduler.schedule { release.wait() }

        let ran = SchedulerTestBox(false)
        let disposable = scheduler.schedule { ran.mutate { $0 = true } }
        XCTAssertNotNil(disposable)
        disposable?.dispose()
        release.signal()

        let drained = expectation(description: "queue drained")
        scheduler.schedule { drained.fulfill() }
        wait(for: [drained], timeout: HangGuard.seconds)
        XCTAssertFalse(ran.value)
    }
}

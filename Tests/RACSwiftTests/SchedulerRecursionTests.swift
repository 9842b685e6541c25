import Foundation
import RACSwift
import XCTest

/// An address in the caller's stack frame, to measure how deep the stack is.
@inline(never)
private func stackAddress() -> Int {
    var marker = 0
    return withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
}

/// Queues blocks until `runNext()` and hands out disposables that cancel
/// nothing, like a scheduler that cannot cancel: what tests see is what
/// `scheduleRecursiveBlock(_:)` does by itself.
private final class SchedulerManualScheduler: RACScheduler {
    private var blocks: [() -> Void] = []
    /// The disposable `schedule(_:)` returned last, while someone holds it.
    weak var lastHandedOut: RACDisposable?

    override func schedule(_ block: @escaping () -> Void) -> RACDisposable? {
        blocks.append(block)
        let disposable = RACDisposable()
        lastHandedOut = disposable
        return disposable
    }

    func runNext() {
        blocks.removeFirst()()
    }
}

final class SchedulerRecursionTests: XCTestCase {
    func testAMillionReschedulesOnTheImmediateScheduler() {
        var count = 0
        RACScheduler.immediateScheduler.scheduleRecursiveBlock { reschedule in
            count += 1
            if count < 1_000_000 { reschedule() }
        }
        XCTAssertEqual(count, 1_000_000)
    }

    func testReschedulingOnTheImmediateSchedulerDoesNotGrowTheStack() {
        var lowest = Int.max
        var highest = Int.min
        var count = 0
        RACScheduler.immediateScheduler.scheduleRecursiveBlock { reschedule in
            let address = stackAddress()
            lowest = min(lowest, address)
            highest = max(highest, address)
            count += 1
            if count < 1000 { reschedule() }
        }
        XCTAssertEqual(count, 1000)
        XCTAssertLessThan(highest - lowest, 4096)
    }

    func testRescheduleWhileRunningOnlyCountsTheRequest() {
        var running = false
        var nested = false
        var count = 0
        RACScheduler.immediateScheduler.scheduleRecursiveBlock { reschedule in
            if running { nested = true }
            running = true
            count += 1
            if count < 5 { reschedule() }
            running = false
        }
        XCTAssertFalse(nested)
        XCTAssertEqual(count, 5)
    }

    func testEachRescheduleCallSchedulesOneRun() {
        let scheduler = RACTestScheduler()
        var runs = 0
        scheduler.scheduleRecursiveBlock { reschedule in
            runs += 1
            if runs == 1 {
                reschedule()
                reschedule()
                reschedule()
            }
        }
        XCTAssertEqual(runs, 0)
        scheduler.step()
        XCTAssertEqual(runs, 1)
        scheduler.stepAll()
        XCTAssertEqual(runs, 4)
    }

    func testRescheduleAfterTheBlockReturnedSchedulesAtOnce() {
        var stored: (() -> Void)?
        var runs = 0
        RACScheduler.immediateScheduler.scheduleRecursiveBlock { reschedule in
            runs += 1
            stored = reschedule
        }
        XCTAssertEqual(runs, 1)
        stored?()
        XCTAssertEqual(runs, 2)

        let scheduler = RACTestScheduler()
        runs = 0
        scheduler.scheduleRecursiveBlock { reschedule in
            runs += 1
            stored = reschedule
        }
        scheduler.step()
        stored?()
        XCTAssertEqual(runs, 1)
        scheduler.step()
        XCTAssertEqual(runs, 2)
    }

    func testDisposingStopsRescheduling() {
        let scheduler = RACTestScheduler()
        var runs = 0
        var stored: (() -> Void)?
        let disposable = scheduler.scheduleRecursiveBlock { reschedule in
            runs += 1
            stored = reschedule
            reschedule()
        }
        scheduler.step(5)
        XCTAssertEqual(runs, 5)
        disposable?.dispose()
        stored?()
        // Bounded steps, not stepAll(): a recursion that kept going would hang.
        scheduler.step(10)
        XCTAssertEqual(runs, 5)
    }

    func testDisposingFromInsideARunStopsRescheduling() {
        let scheduler = RACTestScheduler()
        var runs = 0
        var disposable: RACDisposable?
        disposable = scheduler.scheduleRecursiveBlock { reschedule in
            runs += 1
            reschedule()
            if runs == 3 { disposable?.dispose() }
        }
        scheduler.step(10)
        XCTAssertEqual(runs, 3)
    }

    func testDisposingBeforeTheFirstRunCancelsIt() {
        let scheduler = RACTestScheduler()
        var runs = 0
        let disposable = scheduler.scheduleRecursiveBlock { _ in runs += 1 }
        disposable?.dispose()
        scheduler.stepAll()
        XCTAssertEqual(runs, 0)
    }

    func testDisposingStopsARunTheSchedulerCannotCancel() {
        let scheduler = SchedulerManualScheduler()
        var runs = 0
        let disposable = scheduler.scheduleRecursiveBlock { _ in runs += 1 }
        disposable?.dispose()
        scheduler.runNext()
        XCTAssertEqual(runs, 0)
    }

    func testLetsGoOfARunOnceItStarts() {
        let scheduler = SchedulerManualScheduler()
        var runs = 0
        let disposable = scheduler.scheduleRecursiveBlock { reschedule in
            runs += 1
            reschedule()
        }
        // Declared, then assigned: `weak let` needs Swift 6.2, and the
        // package builds with tools 5.9.
        weak var firstRun: RACDisposable?
        firstRun = scheduler.lastHandedOut
        XCTAssertNotNil(firstRun)
        scheduler.runNext()
        XCTAssertEqual(runs, 1)
        // Otherwise the disposable would grow by one run per reschedule.
        XCTAssertNil(firstRun)
        XCTAssertNotNil(scheduler.lastHandedOut)
        disposable?.dispose()
    }

    func testReschedulesOnAQueueScheduler() {
        let scheduler = RACScheduler.scheduler()
        let runs = SchedulerTestBox(0)
        let wrongScheduler = SchedulerTestBox(false)
        let done = expectation(description: "1000 runs")
        scheduler.scheduleRecursiveBlock { reschedule in
            if RACScheduler.currentScheduler !== scheduler { wrongScheduler.mutate { $0 = true } }
            runs.mutate { $0 += 1 }
            if runs.value < 1000 { reschedule() } else { done.fulfill() }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(runs.value, 1000)
        XCTAssertFalse(wrongScheduler.value)
    }

    func testDisposingStopsReschedulingOnAQueueScheduler() {
        let scheduler = RACScheduler.scheduler()
        let runs = SchedulerTestBox(0)
        let hundred = expectation(description: "100 runs")
        let disposable = scheduler.scheduleRecursiveBlock { reschedule in
            runs.mutate { $0 += 1 }
            if runs.value == 100 { hundred.fulfill() }
            reschedule()
        }
        wait(for: [hundred], timeout: 10)
        disposable?.dispose()

        assertStaysPut(runs, on: scheduler)
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
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
// @unchecked Sendable: test scaffolding, used one thread at a time.
private final class SchedulerManualScheduler: RACScheduler, @unchecked Sendable {
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
        let count = Shared(0)
        RACScheduler.immediateScheduler.scheduleRecursiveBlock { reschedule in
            count.value += 1
            if count.value < 1_000_000 { reschedule() }
        }
        XCTAssertEqual(count.value, 1_000_000)
    }

    func testReschedulingOnTheImmediateSchedulerDoesNotGrowTheStack() {
        let lowest = Shared(Int.max)
        let highest = Shared(Int.min)
        let count = Shared(0)
        RACScheduler.immediateScheduler.scheduleRecursiveBlock { reschedule in
            let address = stackAddress()
            lowest.value = min(lowest.value, address)
            highest.value = max(highest.value, address)
            count.value += 1
            if count.value < 1000 { reschedule() }
        }
        XCTAssertEqual(count.value, 1000)
        XCTAssertLessThan(highest.value - lowest.value, 4096)
    }

    func testRescheduleWhileRunningOnlyCountsTheRequest() {
        let running = Shared(false)
        let nested = Shared(false)
        let count = Shared(0)
        RACScheduler.immediateScheduler.scheduleRecursiveBlock { reschedule in
            if running.value { nested.value = true }
            running.value = true
            count.value += 1
            if count.value < 5 { reschedule() }
            running.value = false
        }
        XCTAssertFalse(nested.value)
        XCTAssertEqual(count.value, 5)
    }

    func testEachRescheduleCallSchedulesOneRun() {
        let scheduler = RACTestScheduler()
        let runs = Shared(0)
        scheduler.scheduleRecursiveBlock { reschedule in
            runs.value += 1
            if runs.value == 1 {
                reschedule()
                reschedule()
                reschedule()
            }
        }
        XCTAssertEqual(runs.value, 0)
        scheduler.step()
        XCTAssertEqual(runs.value, 1)
        scheduler.stepAll()
        XCTAssertEqual(runs.value, 4)
    }

    func testRescheduleAfterTheBlockReturnedSchedulesAtOnce() {
        let stored = Shared<(() -> Void)?>(nil)
        let runs = Shared(0)
        RACScheduler.immediateScheduler.scheduleRecursiveBlock { reschedule in
            runs.value += 1
            stored.value = reschedule
        }
        XCTAssertEqual(runs.value, 1)
        stored.value?()
        XCTAssertEqual(runs.value, 2)

        let scheduler = RACTestScheduler()
        runs.value = 0
        scheduler.scheduleRecursiveBlock { reschedule in
            runs.value += 1
            stored.value = reschedule
        }
        scheduler.step()
        stored.value?()
        XCTAssertEqual(runs.value, 1)
        scheduler.step()
        XCTAssertEqual(runs.value, 2)
    }

    func testDisposingStopsRescheduling() {
        let scheduler = RACTestScheduler()
        let runs = Shared(0)
        let stored = Shared<(() -> Void)?>(nil)
        let disposable = scheduler.scheduleRecursiveBlock { reschedule in
            runs.value += 1
            stored.value = reschedule
            reschedule()
        }
        scheduler.step(5)
        XCTAssertEqual(runs.value, 5)
        disposable?.dispose()
        stored.value?()
        // Bounded steps, not stepAll(): a recursion that kept going would hang.
        scheduler.step(10)
        XCTAssertEqual(runs.value, 5)
    }

    func testDisposingFromInsideARunStopsRescheduling() {
        let scheduler = RACTestScheduler()
        let runs = Shared(0)
        let disposable = Shared<RACDisposable?>(nil)
        disposable.value = scheduler.scheduleRecursiveBlock { reschedule in
            runs.value += 1
            reschedule()
            if runs.value == 3 { disposable.value?.dispose() }
        }
        scheduler.step(10)
        XCTAssertEqual(runs.value, 3)
    }

    func testDisposingBeforeTheFirstRunCancelsIt() {
        let scheduler = RACTestScheduler()
        let runs = Shared(0)
        let disposable = scheduler.scheduleRecursiveBlock { _ in runs.value += 1 }
        disposable?.dispose()
        scheduler.stepAll()
        XCTAssertEqual(runs.value, 0)
    }

    func testDisposingStopsARunTheSchedulerCannotCancel() {
        let scheduler = SchedulerManualScheduler()
        let runs = Shared(0)
        let disposable = scheduler.scheduleRecursiveBlock { _ in runs.value += 1 }
        disposable?.dispose()
        scheduler.runNext()
        XCTAssertEqual(runs.value, 0)
    }

    func testLetsGoOfARunOnceItStarts() {
        let scheduler = SchedulerManualScheduler()
        let runs = Shared(0)
        let disposable = scheduler.scheduleRecursiveBlock { reschedule in
            runs.value += 1
            reschedule()
        }
        // Declared, then assigned: `weak let` needs Swift 6.2, and the
        // package builds with tools 5.9.
        weak var firstRun: RACDisposable?
        firstRun = scheduler.lastHandedOut
        XCTAssertNotNil(firstRun)
        scheduler.runNext()
        XCTAssertEqual(runs.value, 1)
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
        wait(for: [done], timeout: HangGuard.seconds)
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
        wait(for: [hundred], timeout: HangGuard.seconds)
        disposable?.dispose()

        assertStaysPut(runs, on: scheduler)
    }
}

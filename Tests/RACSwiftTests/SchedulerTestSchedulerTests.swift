import Foundation
import RACSwift
import XCTest

/// A date in the test scheduler's virtual time, `seconds` after its start.
private func virtual(_ seconds: TimeInterval) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds)
}

final class SchedulerTestSchedulerTests: XCTestCase {
    func testNothingRunsUntilStepped() {
        let scheduler = RACTestScheduler()
        var ran = false
        scheduler.schedule { ran = true }
        XCTAssertFalse(ran)
        scheduler.step()
        XCTAssertTrue(ran)
    }

    func testRunsInTimeOrder() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        scheduler.after(virtual(2)) { log.append("2") }
        scheduler.after(virtual(1)) { log.append("1") }
        scheduler.schedule { log.append("now") }
        scheduler.stepAll()
        XCTAssertEqual(log, ["now", "1", "2"])
    }

    func testVirtualTimeStartsAtReferenceDate() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        scheduler.after(virtual(6)) { log.append("6") }
        scheduler.afterDelay(5) { log.append("delay 5") }
        scheduler.after(virtual(4)) { log.append("4") }
        scheduler.stepAll()
        XCTAssertEqual(log, ["4", "delay 5", "6"])
    }

    func testRunsEqualTimesInSchedulingOrder() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        scheduler.after(virtual(5)) { log.append("a") }
        scheduler.schedule { log.append("x") }
        scheduler.after(virtual(5)) { log.append("b") }
        scheduler.schedule { log.append("y") }
        scheduler.after(virtual(5)) { log.append("c") }
        scheduler.schedule { log.append("z") }
        scheduler.stepAll()
        XCTAssertEqual(log, ["x", "y", "z", "a", "b", "c"])
    }

    func testBlocksScheduledWhileSteppingRunInVirtualTime() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        scheduler.after(virtual(10)) {
            log.append("A")
            // At virtual 10: after B, which was due at 10 already.
            scheduler.schedule { log.append("X") }
            // At virtual 15: after C (12), before D (20).
            scheduler.afterDelay(5) { log.append("Y") }
        }
        scheduler.after(virtual(10)) { log.append("B") }
        scheduler.after(virtual(12)) { log.append("C") }
        scheduler.after(virtual(20)) { log.append("D") }
        scheduler.stepAll()
        XCTAssertEqual(log, ["A", "B", "X", "C", "Y", "D"])
    }

    func testVirtualTimeNeverMovesBackwards() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        scheduler.after(virtual(10)) {
            scheduler.after(virtual(1)) {
                log.append("past")
                // Still virtual 10: due at 11, after R.
                scheduler.afterDelay(1) { log.append("Q") }
            }
            scheduler.after(virtual(10.5)) { log.append("R") }
        }
        scheduler.stepAll()
        XCTAssertEqual(log, ["past", "R", "Q"])
    }

    func testStepRunsOneBlockAndStepTicksRunsThatMany() {
        let scheduler = RACTestScheduler()
        var count = 0
        for _ in 0..<4 { scheduler.schedule { count += 1 } }
        scheduler.step(0)
        XCTAssertEqual(count, 0)
        scheduler.step()
        XCTAssertEqual(count, 1)
        scheduler.step(2)
        XCTAssertEqual(count, 3)
        scheduler.step(5)
        XCTAssertEqual(count, 4)
        scheduler.step()
        XCTAssertEqual(count, 4)
    }

    func testStepCountsBlocksScheduledWhileStepping() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        scheduler.schedule {
            log.append("first")
            scheduler.schedule { log.append("second") }
        }
        scheduler.after(virtual(1)) { log.append("later") }
        scheduler.step(2)
        XCTAssertEqual(log, ["first", "second"])
    }

    func testStepAllRunsChainsScheduledWhileStepping() {
        let scheduler = RACTestScheduler()
        var count = 0
        func scheduleNext() {
            scheduler.afterDelay(1) {
                count += 1
                if count < 100 { scheduleNext() }
            }
        }
        scheduleNext()
        scheduler.stepAll()
        XCTAssertEqual(count, 100)
    }

    func testDisposingTakesABlockOffTheQueue() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        let disposable = scheduler.schedule { log.append("cancelled") }
        scheduler.schedule { log.append("kept") }
        disposable?.dispose()
        // The cancelled block does not use up the step.
        scheduler.step()
        XCTAssertEqual(log, ["kept"])
        scheduler.stepAll()
        XCTAssertEqual(log, ["kept"])
    }

    func testDisposingFromABlockCancelsALaterBlock() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        var later: RACDisposable?
        scheduler.schedule {
            log.append("first")
            later?.dispose()
        }
        later = scheduler.after(virtual(1)) { log.append("later") }
        scheduler.stepAll()
        XCTAssertEqual(log, ["first"])
    }

    func testIsCurrentSchedulerWhileRunningABlock() {
        let scheduler = RACTestScheduler()
        var current: RACScheduler?
        scheduler.schedule { current = RACScheduler.currentScheduler }
        scheduler.step()
        XCTAssertTrue(current === scheduler)
        // Restored afterwards: on the main thread, the main thread scheduler.
        XCTAssertTrue(RACScheduler.currentScheduler === RACScheduler.mainThreadScheduler)
    }

    func testRepeatingBlockRunsEveryIntervalOfVirtualTime() {
        let scheduler = RACTestScheduler()
        var log: [String] = []
        let timer = scheduler.after(virtual(10), repeatingEvery: 5, withLeeway: 0) { log.append("tick") }
        scheduler.after(virtual(17)) { log.append("17") }
        scheduler.step(4)
        XCTAssertEqual(log, ["tick", "tick", "17", "tick"])

        timer?.dispose()
        // Bounded steps, not stepAll(): a timer that kept going would hang.
        scheduler.step(10)
        XCTAssertEqual(log, ["tick", "tick", "17", "tick"])
    }

    func testRepeatingBlockStopsWhenDisposedFromInside() {
        let scheduler = RACTestScheduler()
        var ticks = 0
        var timer: RACDisposable?
        timer = scheduler.after(virtual(1), repeatingEvery: 1, withLeeway: 0) {
            ticks += 1
            if ticks == 3 { timer?.dispose() }
        }
        scheduler.step(10)
        XCTAssertEqual(ticks, 3)
    }

    func testSchedulingFromSeveralThreadsLosesNothing() {
        let scheduler = RACTestScheduler()
        let count = SchedulerTestBox(0)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in
            scheduler.schedule { count.mutate { $0 += 1 } }
        }
        scheduler.stepAll()
        XCTAssertEqual(count.value, 1000)
    }
}

/// The test scheduler's public clock: `now`, `advance(by:)`, `advance(to:)`.
final class TestSchedulerClockTests: XCTestCase {
    func testAdvanceRunsWhatIsDueInTimeOrderAndMovesTheClock() {
        let scheduler = RACTestScheduler()
        let start = scheduler.now
        XCTAssertEqual(start, Date(timeIntervalSinceReferenceDate: 0))
        var ran: [String] = []
        scheduler.afterDelay(3) { ran.append("3") }
        scheduler.afterDelay(1) {
            ran.append("1")
            scheduler.afterDelay(0.5) { ran.append("1.5") }
        }
        scheduler.afterDelay(2) { ran.append("2") }
        scheduler.advance(by: 2.5)
        XCTAssertEqual(ran, ["1", "1.5", "2"])
        XCTAssertEqual(scheduler.now, start.addingTimeInterval(2.5))
        scheduler.advance(to: start.addingTimeInterval(10))
        XCTAssertEqual(ran, ["1", "1.5", "2", "3"])
        XCTAssertEqual(scheduler.now, start.addingTimeInterval(10))
    }

    func testAdvancingNowhereRunsWhatIsDueNow() {
        let scheduler = RACTestScheduler()
        var ran = false
        scheduler.schedule { ran = true }
        scheduler.advance(by: 0)
        XCTAssertTrue(ran)
    }
}

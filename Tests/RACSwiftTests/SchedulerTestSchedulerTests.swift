import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A date in the test scheduler's virtual time, `seconds` after its start.
private func virtual(_ seconds: TimeInterval) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds)
}

final class SchedulerTestSchedulerTests: XCTestCase {
    func testNothingRunsUntilStepped() {
        let scheduler = RACTestScheduler()
        let ran = Shared(false)
        scheduler.schedule { ran.value = true }
        XCTAssertFalse(ran.value)
        scheduler.step()
        XCTAssertTrue(ran.value)
    }

    func testRunsInTimeOrder() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        scheduler.after(virtual(2)) { log.value.append("2") }
        scheduler.after(virtual(1)) { log.value.append("1") }
        scheduler.schedule { log.value.append("now") }
        scheduler.stepAll()
        XCTAssertEqual(log.value, ["now", "1", "2"])
    }

    func testVirtualTimeStartsAtReferenceDate() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        scheduler.after(virtual(6)) { log.value.append("6") }
        scheduler.afterDelay(5) { log.value.append("delay 5") }
        scheduler.after(virtual(4)) { log.value.append("4") }
        scheduler.stepAll()
        XCTAssertEqual(log.value, ["4", "delay 5", "6"])
    }

    func testRunsEqualTimesInSchedulingOrder() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        scheduler.after(virtual(5)) { log.value.append("a") }
        scheduler.schedule { log.value.append("x") }
        scheduler.after(virtual(5)) { log.value.append("b") }
        scheduler.schedule { log.value.append("y") }
        scheduler.after(virtual(5)) { log.value.append("c") }
        scheduler.schedule { log.value.append("z") }
        scheduler.stepAll()
        XCTAssertEqual(log.value, ["x", "y", "z", "a", "b", "c"])
    }

    func testBlocksScheduledWhileSteppingRunInVirtualTime() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        scheduler.after(virtual(10)) {
            log.value.append("A")
            // At virtual 10: after B, which was due at 10 already.
            scheduler.schedule { log.value.append("X") }
            // At virtual 15: after C (12), before D (20).
            scheduler.afterDelay(5) { log.value.append("Y") }
        }
        scheduler.after(virtual(10)) { log.value.append("B") }
        scheduler.after(virtual(12)) { log.value.append("C") }
        scheduler.after(virtual(20)) { log.value.append("D") }
        scheduler.stepAll()
        XCTAssertEqual(log.value, ["A", "B", "X", "C", "Y", "D"])
    }

    func testVirtualTimeNeverMovesBackwards() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        scheduler.after(virtual(10)) {
            scheduler.after(virtual(1)) {
                log.value.append("past")
                // Still virtual 10: due at 11, after R.
                scheduler.afterDelay(1) { log.value.append("Q") }
            }
            scheduler.after(virtual(10.5)) { log.value.append("R") }
        }
        scheduler.stepAll()
        XCTAssertEqual(log.value, ["past", "R", "Q"])
    }

    func testStepRunsOneBlockAndStepTicksRunsThatMany() {
        let scheduler = RACTestScheduler()
        let count = Shared(0)
        for _ in 0..<4 { scheduler.schedule { count.value += 1 } }
        scheduler.step(0)
        XCTAssertEqual(count.value, 0)
        scheduler.step()
        XCTAssertEqual(count.value, 1)
        scheduler.step(2)
        XCTAssertEqual(count.value, 3)
        scheduler.step(5)
        XCTAssertEqual(count.value, 4)
        scheduler.step()
        XCTAssertEqual(count.value, 4)
    }

    func testStepCountsBlocksScheduledWhileStepping() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        scheduler.schedule {
            log.value.append("first")
            scheduler.schedule { log.value.append("second") }
        }
        scheduler.after(virtual(1)) { log.value.append("later") }
        scheduler.step(2)
        XCTAssertEqual(log.value, ["first", "second"])
    }

    func testStepAllRunsChainsScheduledWhileStepping() {
        let scheduler = RACTestScheduler()
        let count = Shared(0)
        @Sendable func scheduleNext() {
            scheduler.afterDelay(1) {
                count.value += 1
                if count.value < 100 { scheduleNext() }
            }
        }
        scheduleNext()
        scheduler.stepAll()
        XCTAssertEqual(count.value, 100)
    }

    func testDisposingTakesABlockOffTheQueue() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        let disposable = scheduler.schedule { log.value.append("cancelled") }
        scheduler.schedule { log.value.append("kept") }
        disposable?.dispose()
        // The cancelled block does not use up the step.
        scheduler.step()
        XCTAssertEqual(log.value, ["kept"])
        scheduler.stepAll()
        XCTAssertEqual(log.value, ["kept"])
    }

    func testDisposingFromABlockCancelsALaterBlock() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        let later = Shared<RACDisposable?>(nil)
        scheduler.schedule {
            log.value.append("first")
            later.value?.dispose()
        }
        later.value = scheduler.after(virtual(1)) { log.value.append("later") }
        scheduler.stepAll()
        XCTAssertEqual(log.value, ["first"])
    }

    func testIsCurrentSchedulerWhileRunningABlock() {
        let scheduler = RACTestScheduler()
        let current = Shared<RACScheduler?>(nil)
        scheduler.schedule { current.value = RACScheduler.currentScheduler }
        scheduler.step()
        XCTAssertTrue(current.value === scheduler)
        // Restored afterwards: on the main thread, the main thread scheduler.
        XCTAssertTrue(RACScheduler.currentScheduler === RACScheduler.mainThreadScheduler)
    }

    func testRepeatingBlockRunsEveryIntervalOfVirtualTime() {
        let scheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        let timer = scheduler.after(virtual(10), repeatingEvery: 5, withLeeway: 0) { log.value.append("tick") }
        scheduler.after(virtual(17)) { log.value.append("17") }
        scheduler.step(4)
        XCTAssertEqual(log.value, ["tick", "tick", "17", "tick"])

        timer?.dispose()
        // Bounded steps, not stepAll(): a timer that kept going would hang.
        scheduler.step(10)
        XCTAssertEqual(log.value, ["tick", "tick", "17", "tick"])
    }

    func testRepeatingBlockStopsWhenDisposedFromInside() {
        let scheduler = RACTestScheduler()
        let ticks = Shared(0)
        let timer = Shared<RACDisposable?>(nil)
        timer.value = scheduler.after(virtual(1), repeatingEvery: 1, withLeeway: 0) {
            ticks.value += 1
            if ticks.value == 3 { timer.value?.dispose() }
        }
        scheduler.step(10)
        XCTAssertEqual(ticks.value, 3)
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
        let ran = Shared<[String]>([])
        scheduler.afterDelay(3) { ran.value.append("3") }
        scheduler.afterDelay(1) {
            ran.value.append("1")
            scheduler.afterDelay(0.5) { ran.value.append("1.5") }
        }
        scheduler.afterDelay(2) { ran.value.append("2") }
        scheduler.advance(by: 2.5)
        XCTAssertEqual(ran.value, ["1", "1.5", "2"])
        XCTAssertEqual(scheduler.now, start.addingTimeInterval(2.5))
        scheduler.advance(to: start.addingTimeInterval(10))
        XCTAssertEqual(ran.value, ["1", "1.5", "2", "3"])
        XCTAssertEqual(scheduler.now, start.addingTimeInterval(10))
    }

    func testAdvancingNowhereRunsWhatIsDueNow() {
        let scheduler = RACTestScheduler()
        let ran = Shared(false)
        scheduler.schedule { ran.value = true }
        scheduler.advance(by: 0)
        XCTAssertTrue(ran.value)
    }
}

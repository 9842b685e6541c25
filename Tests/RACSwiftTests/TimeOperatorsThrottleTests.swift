import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

final class TimeOperatorsThrottleTests: XCTestCase {
    func testSendsTheLatestValueAfterAnIntervalOfSilence() {
        let scheduler = RACTestScheduler()
        let input: RACSignal<Int> = scheduler.createHotSignal([(0, .next(1)), (0.5, .next(2)), (2, .next(3))])
        let recorder = RACTestSubscriber<Int>(scheduler: scheduler)
        input.throttle(1, onScheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: 5)
        // 1 was replaced before its second was up; 2 waited 0.5 + 1.
        XCTAssertEqual(recorder.values, [2, 3])
        XCTAssertEqual(recorder.recorded.map(\.time), [1.5, 3])
    }
    func testSendsTheWaitingValueOnTheScheduler() {
        let scheduler = RACTestScheduler()
        let sentOn = Shared<RACScheduler?>(nil)
        let subject = RACSubject<Int>()
        subject.throttle(1, onScheduler: scheduler).subscribeNext { _ in sentOn.value = RACScheduler.currentScheduler }
        subject.sendNext(1)
        scheduler.stepAll()
        XCTAssertTrue(sentOn.value === scheduler)
    }

    func testCompletionSendsTheWaitingValueFirst() {
        let scheduler = RACTestScheduler()
        let log = TimeOpsLog()
        let subject = RACSubject<Int>()
        subject.throttle(1, onScheduler: scheduler).timeOpsRecord(into: log)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(log.entries, ["2", "completed"], "completion does not wait for the timer")
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["2", "completed"], "the value is not sent twice")
    }

    func testErrorDropsTheWaitingValue() {
        let scheduler = RACTestScheduler()
        let log = TimeOpsLog()
        let subject = RACSubject<Int>()
        subject.throttle(1, onScheduler: scheduler).timeOpsRecord(into: log)
        subject.sendNext(1)
        subject.sendError(TestError())
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["error"])
    }

    func testDisposingCancelsTheWaitingValue() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let disposable = subject.throttle(1, onScheduler: scheduler).subscribeNext { values.value.append($0) }
        subject.sendNext(1)
        disposable.dispose()
        scheduler.stepAll()
        XCTAssertEqual(values.value, [])
    }

    func testValuesFailingTheTestAreSentAtOnceAndDropTheWaitingOne() {
        let scheduler = RACTestScheduler()
        let log = TimeOpsLog()
        let subject = RACSubject<Int>()
        subject.throttle(1, onScheduler: scheduler) { $0 % 2 == 0 }.timeOpsRecord(into: log)
        scheduler.timeOpsAt(0) {
            subject.sendNext(2)
            subject.sendNext(3)
        }
        scheduler.timeOpsAt(0.5) { subject.sendNext(4) }
        scheduler.timeOpsMark(1.4, in: log)
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["3", "@1.4", "4"])
    }

    func testDefaultFormWaitsOnTheCurrentScheduler() {
        // Values sent from the test scheduler's blocks find it current, so
        // RAC's default choice throttles in its virtual time.
        let scheduler = RACTestScheduler()
        let log = TimeOpsLog()
        let subject = RACSubject<Int>()
        subject.throttle(1).timeOpsRecord(into: log)
        scheduler.timeOpsAt(0) { subject.sendNext(1) }
        scheduler.timeOpsAt(0.5) { subject.sendNext(2) }
        scheduler.timeOpsMark(1.4, in: log)
        scheduler.timeOpsMark(1.6, in: log)
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["@1.4", "2", "@1.6"])
    }

    func testDefaultFormFallsBackToABackgroundScheduler() {
        let subject = RACSubject<Int>()
        let done = expectation(description: "throttled value")
        let sentOn = Shared<RACScheduler?>(nil)
        subject.throttle(0.01).subscribeNext { _ in
            sentOn.value = RACScheduler.currentScheduler
            done.fulfill()
        }
        // No scheduler is current on a plain thread.
        Thread.detachNewThread { subject.sendNext(1) }
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertNotNil(sentOn.value)
        XCTAssertFalse(sentOn.value === RACScheduler.mainThreadScheduler)
    }

    func testRacingSourceAndTimerLoseAndDuplicateNothing() {
        // Two threads send, the timer fires on a third; with an interval of
        // 0 nearly every value races its own timer. Whatever the
        // interleaving, the last value must come out, exactly once, before
        // completion, and no two deliveries may overlap.
        let subject = RACSubject<Int>()
        let scheduler = RACScheduler.scheduler(name: "throttle race")
        let delivered = Shared<[Int]>([])
        let inside = Shared(false)
        let done = expectation(description: "completed")
        subject.throttle(0, onScheduler: scheduler).subscribeNext({
            XCTAssertFalse(inside.value)
            inside.value = true
            delivered.value.append($0)
            inside.value = false
        }, completed: { done.fulfill() })
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for value in 0..<5_000 { subject.sendNext(thread * 5_000 + value) }
        }
        subject.sendNext(-1)
        subject.sendCompleted()
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(delivered.value.last, -1)
        XCTAssertEqual(delivered.value.filter { $0 == -1 }.count, 1)
        XCTAssertEqual(Set(delivered.value).count, delivered.value.count, "no value is sent twice")
    }
}

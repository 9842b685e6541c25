import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

final class TimeOperatorsDelayTests: XCTestCase {
    // MARK: delay

    func testDelaysValuesAndCompletionInOrder() {
        let scheduler = RACTestScheduler()
        let input: RACSignal<Int> = scheduler.createHotSignal([(0, .next(1)), (0.5, .next(2)), (0.5, .completed)])
        let recorder = RACTestSubscriber<Int>(scheduler: scheduler)
        input.delay(1, onScheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: 5)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(recorder.recorded.map(\.time), [1, 1.5, 1.5])
    }
    func testSendsOnTheScheduler() {
        let scheduler = RACTestScheduler()
        let sentOn = Shared<RACScheduler?>(nil)
        RACSignal<Int>.return(1).delay(1, onScheduler: scheduler)
            .subscribeNext { _ in sentOn.value = RACScheduler.currentScheduler }
        scheduler.stepAll()
        XCTAssertTrue(sentOn.value === scheduler)
    }

    func testErrorsAtOnceDroppingDelayedValues() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = TimeOpsLog()
        subject.delay(1, onScheduler: scheduler).timeOpsRecord(into: log)
        subject.sendNext(1)
        subject.sendError(TestError())
        XCTAssertEqual(log.entries, ["error"])
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["error"])
    }

    func testDefaultFormWaitsOnTheCurrentScheduler() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = TimeOpsLog()
        subject.delay(1).timeOpsRecord(into: log)
        scheduler.timeOpsAt(0) { subject.sendNext(1) }
        scheduler.timeOpsMark(0.9, in: log)
        scheduler.timeOpsMark(1.1, in: log)
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["@0.9", "1", "@1.1"])
    }

    func testDefaultFormFallsBackToABackgroundScheduler() {
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let done = expectation(description: "completed")
        subject.delay(0.01).subscribeNext({ values.value.append($0) }, completed: { done.fulfill() })
        Thread.detachNewThread {
            subject.sendNext(1)
            subject.sendNext(2)
            subject.sendCompleted()
        }
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, [1, 2])
    }

    // MARK: timeout

    func testTimeoutErrorsAndDisposesTheSourceWithoutATerminalEventInTime() {
        let scheduler = RACTestScheduler()
        let source = DrivenSource<Int>()
        scheduler.timeOpsAt(1) { source.send(1) }
        scheduler.timeOpsAt(3) { source.send(2) }
        let recorder = RACTestSubscriber<Int>(scheduler: scheduler)
        source.signal.timeout(2, onScheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: 5)
        XCTAssertEqual(recorder.events, [.next(1), .error(RACSignalError.timedOut)], "values pass until the timeout")
        XCTAssertEqual(recorder.recorded.map(\.time), [1, 2])
        XCTAssertEqual(source.disposals, 1)
    }
    func testTimeoutForwardsATerminalEventInTimeAndCancelsTheTimer() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = TimeOpsLog()
        subject.timeout(2, onScheduler: scheduler).timeOpsRecord(into: log)
        scheduler.timeOpsAt(1) { subject.sendCompleted() }
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["completed"])

        let erroring = RACSubject<Int>()
        let errorLog = TimeOpsLog()
        erroring.timeout(2, onScheduler: scheduler).timeOpsRecord(into: errorLog)
        erroring.sendError(TestError())
        scheduler.stepAll()
        XCTAssertEqual(errorLog.entries, ["error"])
    }

    func testTimeoutIsCancelledByDisposal() {
        let scheduler = RACTestScheduler()
        let errors = Shared(0)
        RACSignal<Int>.never().timeout(1, onScheduler: scheduler).subscribeError { _ in errors.value += 1 }.dispose()
        scheduler.stepAll()
        XCTAssertEqual(errors.value, 0)
    }
}

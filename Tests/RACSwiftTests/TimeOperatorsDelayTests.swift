import Foundation
import RACSwift
import XCTest

final class TimeOperatorsDelayTests: XCTestCase {
    // MARK: delay

    func testDelaysValuesAndCompletionInOrder() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = TimeOpsLog()
        subject.delay(1, onScheduler: scheduler).timeOpsRecord(into: log)
        scheduler.timeOpsAt(0) { subject.sendNext(1) }
        scheduler.timeOpsAt(0.5) {
            subject.sendNext(2)
            subject.sendCompleted()
        }
        scheduler.timeOpsMark(0.9, in: log)
        scheduler.timeOpsMark(1.1, in: log)
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["@0.9", "1", "@1.1", "2", "completed"])
    }

    func testSendsOnTheScheduler() {
        let scheduler = RACTestScheduler()
        var sentOn: RACScheduler?
        RACSignal<Int>.return(1).delay(1, onScheduler: scheduler)
            .subscribeNext { _ in sentOn = RACScheduler.currentScheduler }
        scheduler.stepAll()
        XCTAssertTrue(sentOn === scheduler)
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
        var values: [Int] = []
        let done = expectation(description: "completed")
        subject.delay(0.01).subscribeNext({ values.append($0) }, completed: { done.fulfill() })
        Thread.detachNewThread {
            subject.sendNext(1)
            subject.sendNext(2)
            subject.sendCompleted()
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(values, [1, 2])
    }

    // MARK: timeout

    func testTimeoutErrorsAndDisposesTheSourceWithoutATerminalEventInTime() {
        let scheduler = RACTestScheduler()
        let source = TimeOpsSource<Int>()
        let log = TimeOpsLog()
        var error: (any Error)?
        source.signal.timeout(2, onScheduler: scheduler)
            .subscribeNext({ log("\($0)") }, error: { error = $0; log("error") })
        scheduler.timeOpsAt(1) { source.subscriber?.sendNext(1) }
        scheduler.timeOpsMark(1.9, in: log)
        scheduler.timeOpsMark(2.1, in: log)
        scheduler.timeOpsAt(3) { source.subscriber?.sendNext(2) }
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["1", "@1.9", "error", "@2.1"], "values pass until the timeout")
        XCTAssertEqual(error as? RACSignalError, .timedOut)
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
        var errors = 0
        RACSignal<Int>.never().timeout(1, onScheduler: scheduler).subscribeError { _ in errors += 1 }.dispose()
        scheduler.stepAll()
        XCTAssertEqual(errors, 0)
    }
}

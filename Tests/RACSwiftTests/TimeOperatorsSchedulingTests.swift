import Foundation
import RACSwift
import XCTest

final class TimeOperatorsSchedulingTests: XCTestCase {
    // MARK: deliverOn

    func testDeliverOnSendsEveryEventOnTheSchedulerInOrder() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = TimeOpsLog()
        subject.deliverOn(scheduler).subscribeNext({
            XCTAssertTrue(RACScheduler.currentScheduler === scheduler)
            log("\($0)")
        }, completed: {
            XCTAssertTrue(RACScheduler.currentScheduler === scheduler)
            log("completed")
        })
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        XCTAssertEqual(log.entries, [], "nothing is sent before the scheduler runs")
        scheduler.step()
        XCTAssertEqual(log.entries, ["1"], "each event is scheduled on its own")
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["1", "2", "completed"])
    }

    func testDeliverOnSchedulesErrors() {
        let scheduler = RACTestScheduler()
        var error: (any Error)?
        RACSignal<Int>.error(TestError(code: 7)).deliverOn(scheduler).subscribeError { error = $0 }
        XCTAssertNil(error)
        scheduler.stepAll()
        XCTAssertEqual(error as? TestError, TestError(code: 7))
    }

    func testDeliverOnKeepsOrderOnABackgroundScheduler() {
        let scheduler = RACScheduler.scheduler(name: "deliverOn order")
        let subject = RACSubject<Int>()
        var values: [Int] = []
        let done = expectation(description: "completed")
        subject.deliverOn(scheduler).subscribeNext({ values.append($0) }, completed: { done.fulfill() })
        for value in 0..<10_000 { subject.sendNext(value) }
        subject.sendCompleted()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(values, Array(0..<10_000))
    }

    // MARK: subscribeOn

    func testSubscribeOnSubscribesOnTheScheduler() {
        let scheduler = RACTestScheduler()
        var subscribedOn: RACScheduler?
        var values: [Int] = []
        RACSignal<Int>.createSignal { subscriber in
            subscribedOn = RACScheduler.currentScheduler
            subscriber.sendNext(1)
            return nil
        }
        .subscribeOn(scheduler)
        .subscribeNext { values.append($0) }
        XCTAssertNil(subscribedOn, "the subscription waits for the scheduler")
        scheduler.stepAll()
        XCTAssertTrue(subscribedOn === scheduler)
        XCTAssertEqual(values, [1])
    }

    /// RAC 2.5's `-subscribeOn:` disposes the source's subscription on the
    /// disposing thread: a source that keeps its subscriber has its cleanup
    /// run, and stops reaching the subscriber, when `dispose()` returns.
    func testSubscribeOnDisposalRunsTheSourcesCleanupAtOnce() {
        let scheduler = RACTestScheduler()
        var cleanups = 0
        var subscriber: (any RACSubscriber<Int>)?
        var values: [Int] = []
        let disposable = RACSignal<Int>.createSignal {
            subscriber = $0
            return RACDisposable { cleanups += 1 }
        }
        .subscribeOn(scheduler)
        .subscribeNext { values.append($0) }
        scheduler.stepAll()
        subscriber?.sendNext(1)
        disposable.dispose()
        subscriber?.sendNext(2)
        XCTAssertEqual(values, [1], "events stop when dispose() returns")
        XCTAssertEqual(cleanups, 1, "the source's cleanup has run when dispose() returns")
        scheduler.stepAll()
        XCTAssertEqual(cleanups, 1)
    }

    func testSubscribeOnNeverSubscribesIfDisposedFirst() {
        let scheduler = RACTestScheduler()
        let source = TimeOpsSource<Int>()
        source.signal.subscribeOn(scheduler).subscribeNext { _ in }.dispose()
        scheduler.stepAll()
        XCTAssertEqual(source.subscriptions, 0)
    }

    func testSubscribeOnForwardsTerminalEvents() {
        let scheduler = RACTestScheduler()
        let log = TimeOpsLog()
        RACSignal<Int>.return(3).subscribeOn(scheduler).timeOpsRecord(into: log)
        RACSignal<Int>.error(TestError()).subscribeOn(scheduler).timeOpsRecord(into: log)
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["3", "completed", "error"])
    }
}

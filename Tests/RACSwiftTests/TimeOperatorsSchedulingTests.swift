import Foundation
import RACSwift
import RACSwiftTestSupport
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
        // RAC 2.5's one block per event: a step delivers one event.
        scheduler.step()
        XCTAssertEqual(log.entries, ["1"], "one step delivers one event")
        scheduler.step()
        XCTAssertEqual(log.entries, ["1", "2"])
        scheduler.step()
        XCTAssertEqual(log.entries, ["1", "2", "completed"])
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["1", "2", "completed"])
    }

    func testDeliverOnKeepsEachEventsPlaceAmongTheSchedulersBlocks() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = Shared<[Int]>([])
        subject.deliverOn(scheduler).subscribeNext { log.value.append($0) }
        for value in 0..<300 { subject.sendNext(value) }
        scheduler.schedule { log.value.append(-1) }
        subject.sendNext(300)
        scheduler.step(300)
        XCTAssertEqual(log.value, Array(0..<300), "each step delivers one event")
        scheduler.step()
        XCTAssertEqual(log.value, Array(0..<300) + [-1], "the block scheduled after them runs after them")
        scheduler.step()
        XCTAssertEqual(log.value, Array(0..<300) + [-1, 300], "and before the event sent after it")
        subject.sendNext(301)
        scheduler.stepAll()
        XCTAssertEqual(log.value.last, 301)
    }

    func testDeliverOnSchedulesErrors() {
        let scheduler = RACTestScheduler()
        let error = Shared<(any Error)?>(nil)
        RACSignal<Int>.error(TestError(code: 7)).deliverOn(scheduler).subscribeError { error.value = $0 }
        XCTAssertNil(error.value)
        scheduler.stepAll()
        XCTAssertEqual(error.value as? TestError, TestError(code: 7))
    }

    func testDeliverOnKeepsOrderOnABackgroundScheduler() {
        let scheduler = RACScheduler.scheduler(name: "deliverOn order")
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let done = expectation(description: "completed")
        subject.deliverOn(scheduler).subscribeNext({ values.value.append($0) }, completed: { done.fulfill() })
        for value in 0..<10_000 { subject.sendNext(value) }
        subject.sendCompleted()
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, Array(0..<10_000))
    }

    // MARK: subscribeOn

    func testSubscribeOnSubscribesOnTheScheduler() {
        let scheduler = RACTestScheduler()
        let subscribedOn = Shared<RACScheduler?>(nil)
        let values = Shared<[Int]>([])
        RACSignal<Int>.createSignal { subscriber in
            subscribedOn.value = RACScheduler.currentScheduler
            subscriber.sendNext(1)
            return nil
        }
        .subscribeOn(scheduler)
        .subscribeNext { values.value.append($0) }
        XCTAssertNil(subscribedOn.value, "the subscription waits for the scheduler")
        scheduler.stepAll()
        XCTAssertTrue(subscribedOn.value === scheduler)
        XCTAssertEqual(values.value, [1])
    }

    /// RAC 2.5's `-subscribeOn:` disposes the source's subscription on the
    /// disposing thread: a source that keeps its subscriber has its cleanup
    /// run, and stops reaching the subscriber, when `dispose()` returns.
    func testSubscribeOnDisposalRunsTheSourcesCleanupAtOnce() {
        let scheduler = RACTestScheduler()
        let cleanups = Shared(0)
        let subscriber = Shared<(any RACSubscriber<Int>)?>(nil)
        let values = Shared<[Int]>([])
        let disposable = RACSignal<Int>.createSignal {
            subscriber.value = $0
            return RACDisposable { cleanups.value += 1 }
        }
        .subscribeOn(scheduler)
        .subscribeNext { values.value.append($0) }
        scheduler.stepAll()
        subscriber.value?.sendNext(1)
        disposable.dispose()
        subscriber.value?.sendNext(2)
        XCTAssertEqual(values.value, [1], "events stop when dispose() returns")
        XCTAssertEqual(cleanups.value, 1, "the source's cleanup has run when dispose() returns")
        scheduler.stepAll()
        XCTAssertEqual(cleanups.value, 1)
    }

    func testSubscribeOnNeverSubscribesIfDisposedFirst() {
        let scheduler = RACTestScheduler()
        let source = DrivenSource<Int>()
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

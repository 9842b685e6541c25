import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

final class StartTests: XCTestCase {
    /// A block that records each run and the scheduler it ran on, then
    /// sends 1, 2 and completes.
    // @unchecked Sendable: test scaffolding, run by one scheduler at a time.
    private final class Block: @unchecked Sendable {
        var runs = 0
        var schedulers: [RACScheduler?] = []

        func run(_ subscriber: any RACSubscriber<Int>) {
            runs += 1
            schedulers.append(RACScheduler.currentScheduler)
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
        }
    }

    // MARK: startLazily

    func testStartLazilyRunsNothingUntilSubscribed() {
        let block = Block()
        let scheduler = RACTestScheduler()
        _ = RACSignal<Int>.startLazily(with: scheduler, block: { block.run($0) })
        scheduler.stepAll()
        XCTAssertEqual(block.runs, 0)
    }

    func testStartLazilyRunsTheBlockOnTheSchedulerOnce() {
        let block = Block()
        let scheduler = RACTestScheduler()
        let signal = RACSignal<Int>.startLazily(with: scheduler, block: { block.run($0) })
        let first = Shared<[Int]>([])
        let second = Shared<[Int]>([])
        let completions = Shared(0)
        signal.subscribeNext({ first.value.append($0) }, completed: { completions.value += 1 })
        signal.subscribeNext({ second.value.append($0) }, completed: { completions.value += 1 })
        XCTAssertEqual(block.runs, 0, "the block is scheduled, not run, on subscription")
        scheduler.stepAll()
        XCTAssertEqual(block.runs, 1)
        XCTAssertTrue(block.schedulers.first! === scheduler)
        XCTAssertEqual(first.value, [1, 2])
        XCTAssertEqual(second.value, [1, 2])
        XCTAssertEqual(completions.value, 2)
    }

    func testStartLazilyReplaysToLateSubscribersOnTheScheduler() {
        let block = Block()
        let scheduler = RACTestScheduler()
        let signal = RACSignal<Int>.startLazily(with: scheduler, block: { block.run($0) })
        signal.subscribeNext { _ in }
        scheduler.stepAll()
        let values = Shared<[Int]>([])
        let completedOn = Shared<RACScheduler?>(nil)
        signal.subscribeNext({ values.value.append($0) }, completed: { completedOn.value = RACScheduler.currentScheduler })
        XCTAssertEqual(values.value, [], "the late subscription is made on the scheduler too")
        scheduler.stepAll()
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertTrue(completedOn.value === scheduler)
        XCTAssertEqual(block.runs, 1)
    }

    func testStartLazilyWithTheImmediateSchedulerRunsSynchronouslyOnFirstSubscription() {
        let block = Block()
        let signal = RACSignal<Int>.startLazily(with: .immediateScheduler, block: { block.run($0) })
        XCTAssertEqual(block.runs, 0)
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        XCTAssertEqual(block.runs, 1)
        XCTAssertEqual(values.value, [1, 2])
    }

    func testStartLazilyDisposalBeforeTheSchedulerRunsCancelsTheSubscription() {
        let block = Block()
        let scheduler = RACTestScheduler()
        let signal = RACSignal<Int>.startLazily(with: scheduler, block: { block.run($0) })
        signal.subscribeNext { _ in }.dispose()
        scheduler.stepAll()
        XCTAssertEqual(block.runs, 0)
    }

    func testStartLazilyPassesAnErrorOn() {
        let signal = RACSignal<Int>.startLazily(with: .immediateScheduler) { subscriber in
            subscriber.sendError(MulticastTestError())
        }
        let errors = Shared(0)
        signal.subscribeError { _ in errors.value += 1 }
        signal.subscribeError { _ in errors.value += 1 }
        XCTAssertEqual(errors.value, 2)
    }

    func testStartLazilyValuesSentLaterReachEarlierSubscribers() {
        let blockSubscriber = Shared<(any RACSubscriber<Int>)?>(nil)
        let signal = RACSignal<Int>.startLazily(with: .immediateScheduler) { blockSubscriber.value = $0 }
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        blockSubscriber.value?.sendNext(1)
        blockSubscriber.value?.sendNext(2)
        XCTAssertEqual(values.value, [1, 2])
    }

    // MARK: startEagerly

    func testStartEagerlyRunsTheBlockWithoutASubscriber() {
        let block = Block()
        let scheduler = RACTestScheduler()
        _ = RACSignal<Int>.startEagerly(with: scheduler, block: { block.run($0) })
        XCTAssertEqual(block.runs, 0, "the block is scheduled, not run")
        scheduler.stepAll()
        XCTAssertEqual(block.runs, 1)
        XCTAssertTrue(block.schedulers.first! === scheduler)
    }

    func testStartEagerlyRunsTheBlockOnceAndReplaysToEverySubscriber() {
        let block = Block()
        let scheduler = RACTestScheduler()
        let signal = RACSignal<Int>.startEagerly(with: scheduler, block: { block.run($0) })
        scheduler.stepAll()
        let first = Shared<[Int]>([])
        let second = Shared<[Int]>([])
        signal.subscribeNext { first.value.append($0) }
        signal.subscribeNext { second.value.append($0) }
        scheduler.stepAll()
        XCTAssertEqual(first.value, [1, 2])
        XCTAssertEqual(second.value, [1, 2])
        XCTAssertEqual(block.runs, 1)
    }

    func testStartEagerlyWithTheImmediateSchedulerRunsAtOnce() {
        let block = Block()
        let signal = RACSignal<Int>.startEagerly(with: .immediateScheduler, block: { block.run($0) })
        XCTAssertEqual(block.runs, 1)
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertEqual(block.runs, 1)
    }

    func testStartEagerlyOnABackgroundSchedulerRunsThere() {
        let scheduler = RACScheduler.scheduler()
        let ranOnScheduler = Shared(false)
        let signal = RACSignal<Int>.startEagerly(with: scheduler) { subscriber in
            ranOnScheduler.value = RACScheduler.currentScheduler === scheduler && !Thread.isMainThread
            subscriber.sendNext(1)
            subscriber.sendCompleted()
        }
        let done = expectation(description: "completed")
        let values = Shared<[Int]>([])
        signal.subscribeNext({ values.value.append($0) }, completed: { done.fulfill() })
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, [1])
        XCTAssertTrue(ranOnScheduler.value)
    }
}

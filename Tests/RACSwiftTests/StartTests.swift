import Foundation
import RACSwift
import XCTest

final class StartTests: XCTestCase {
    /// A block that records each run and the scheduler it ran on, then
    /// sends 1, 2 and completes.
    private final class Block {
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
        _ = RACSignal<Int>.startLazily(with: scheduler, block: block.run)
        scheduler.stepAll()
        XCTAssertEqual(block.runs, 0)
    }

    func testStartLazilyRunsTheBlockOnTheSchedulerOnce() {
        let block = Block()
        let scheduler = RACTestScheduler()
        let signal = RACSignal<Int>.startLazily(with: scheduler, block: block.run)
        var first: [Int] = []
        var second: [Int] = []
        var completions = 0
        signal.subscribeNext({ first.append($0) }, completed: { completions += 1 })
        signal.subscribeNext({ second.append($0) }, completed: { completions += 1 })
        XCTAssertEqual(block.runs, 0, "the block is scheduled, not run, on subscription")
        scheduler.stepAll()
        XCTAssertEqual(block.runs, 1)
        XCTAssertTrue(block.schedulers.first! === scheduler)
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2])
        XCTAssertEqual(completions, 2)
    }

    func testStartLazilyReplaysToLateSubscribersOnTheScheduler() {
        let block = Block()
        let scheduler = RACTestScheduler()
        let signal = RACSignal<Int>.startLazily(with: scheduler, block: block.run)
        signal.subscribeNext { _ in }
        scheduler.stepAll()
        var values: [Int] = []
        var completedOn: RACScheduler?
        signal.subscribeNext({ values.append($0) }, completed: { completedOn = RACScheduler.currentScheduler })
        XCTAssertEqual(values, [], "the late subscription is made on the scheduler too")
        scheduler.stepAll()
        XCTAssertEqual(values, [1, 2])
        XCTAssertTrue(completedOn === scheduler)
        XCTAssertEqual(block.runs, 1)
    }

    func testStartLazilyWithTheImmediateSchedulerRunsSynchronouslyOnFirstSubscription() {
        let block = Block()
        let signal = RACSignal<Int>.startLazily(with: .immediateScheduler, block: block.run)
        XCTAssertEqual(block.runs, 0)
        var values: [Int] = []
        signal.subscribeNext { values.append($0) }
        XCTAssertEqual(block.runs, 1)
        XCTAssertEqual(values, [1, 2])
    }

    func testStartLazilyDisposalBeforeTheSchedulerRunsCancelsTheSubscription() {
        let block = Block()
        let scheduler = RACTestScheduler()
        let signal = RACSignal<Int>.startLazily(with: scheduler, block: block.run)
        signal.subscribeNext { _ in }.dispose()
        scheduler.stepAll()
        XCTAssertEqual(block.runs, 0)
    }

    func testStartLazilyPassesAnErrorOn() {
        let signal = RACSignal<Int>.startLazily(with: .immediateScheduler) { subscriber in
            subscriber.sendError(MulticastTestError())
        }
        var errors = 0
        signal.subscribeError { _ in errors += 1 }
        signal.subscribeError { _ in errors += 1 }
        XCTAssertEqual(errors, 2)
    }

    func testStartLazilyValuesSentLaterReachEarlierSubscribers() {
        var blockSubscriber: (any RACSubscriber<Int>)?
        let signal = RACSignal<Int>.startLazily(with: .immediateScheduler) { blockSubscriber = $0 }
        var values: [Int] = []
        signal.subscribeNext { values.append($0) }
        blockSubscriber?.sendNext(1)
        blockSubscriber?.sendNext(2)
        XCTAssertEqual(values, [1, 2])
    }

    // MARK: startEagerly

    func testStartEagerlyRunsTheBlockWithoutASubscriber() {
        let block = Block()
        let scheduler = RACTestScheduler()
        _ = RACSignal<Int>.startEagerly(with: scheduler, block: block.run)
        XCTAssertEqual(block.runs, 0, "the block is scheduled, not run")
        scheduler.stepAll()
        XCTAssertEqual(block.runs, 1)
        XCTAssertTrue(block.schedulers.first! === scheduler)
    }

    func testStartEagerlyRunsTheBlockOnceAndReplaysToEverySubscriber() {
        let block = Block()
        let scheduler = RACTestScheduler()
        let signal = RACSignal<Int>.startEagerly(with: scheduler, block: block.run)
        scheduler.stepAll()
        var first: [Int] = []
        var second: [Int] = []
        signal.subscribeNext { first.append($0) }
        signal.subscribeNext { second.append($0) }
        scheduler.stepAll()
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2])
        XCTAssertEqual(block.runs, 1)
    }

    func testStartEagerlyWithTheImmediateSchedulerRunsAtOnce() {
        let block = Block()
        let signal = RACSignal<Int>.startEagerly(with: .immediateScheduler, block: block.run)
        XCTAssertEqual(block.runs, 1)
        var values: [Int] = []
        signal.subscribeNext { values.append($0) }
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(block.runs, 1)
    }

    func testStartEagerlyOnABackgroundSchedulerRunsThere() {
        let scheduler = RACScheduler.scheduler()
        let ranOnScheduler = MulticastTestBox(false)
        let signal = RACSignal<Int>.startEagerly(with: scheduler) { subscriber in
            ranOnScheduler.value = RACScheduler.currentScheduler === scheduler && !Thread.isMainThread
            subscriber.sendNext(1)
            subscriber.sendCompleted()
        }
        let done = expectation(description: "completed")
        let values = MulticastTestBox<[Int]>([])
        signal.subscribeNext({ values.value.append($0) }, completed: { done.fulfill() })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(values.value, [1])
        XCTAssertTrue(ranOnScheduler.value)
    }
}

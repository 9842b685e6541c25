import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A command made without a scheduler works on the main thread, as in RAC.
/// XCTest runs tests on the main thread, and waiting for an expectation runs
/// the main run loop, which runs the main queue: the blocks the main thread
/// scheduler was given.
final class CommandMainThreadTests: XCTestCase {
    func testExecutionSignalsAndExecutingArriveOnTheMainThread() {
        let command = RACCommand<Int, Int> { .return($0) }
        let executionScheduler = Shared<RACScheduler?>(nil)
        let executingScheduler = Shared<RACScheduler?>(nil)
        let received = expectation(description: "execution signal")
        let executingDone = expectation(description: "executing went true")
        command.executionSignals.subscribeNext { _ in
            executionScheduler.value = RACScheduler.currentScheduler
            received.fulfill()
        }
        command.executing.subscribeNext { executing in
            guard executing else { return }
            executingScheduler.value = RACScheduler.currentScheduler
            executingDone.fulfill()
        }
        let values = expectation(description: "value")
        RACScheduler.scheduler().schedule {
            command.execute(5).subscribeNext { _ in values.fulfill() }
        }
        wait(for: [received, executingDone, values], timeout: HangGuard.seconds)
        XCTAssertTrue(executionScheduler.value === RACScheduler.mainThreadScheduler)
        XCTAssertTrue(executingScheduler.value === RACScheduler.mainThreadScheduler)
    }

    func testExecutionStartsOnTheMainThreadAfterExecutingChanged() {
        let executingAtStart = Shared<Bool?>(nil)
        let startedOnMain = Shared(false)
        let command = Shared<RACCommand<Void, Int>?>(nil)
        command.value = RACCommand<Void, Int> { _ in
            RACSignal.createSignal { subscriber in
                startedOnMain.value = Thread.isMainThread
                executingAtStart.value = command.value?.executing.first()
                subscriber.sendCompleted()
                return nil
            }
        }
        let done = expectation(description: "completed")
        command.value?.execute(()).subscribeCompleted { done.fulfill() }
        XCTAssertNil(executingAtStart.value, "the execution waits for the main queue")
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertTrue(startedOnMain.value)
        XCTAssertEqual(executingAtStart.value, true)
    }

    /// RAC 2.5's order on the main queue (contract point 18): the command
    /// schedules its own `executing` update when the execution ends, before
    /// a caller's completion delivered through `deliverOn` the main thread
    /// scheduler, so the caller finds the command idle. (With a burst that
    /// the caller's completion joined, it overtook the update.)
    func testAMainThreadObserverOfTheExecutionSeesTheCommandIdleWhenItEnds() {
        for round in 0..<50 {
            let command = RACCommand<Int, Int> { value in
                RACSignal.createSignal { subscriber in
                    DispatchQueue.global().async {
                        subscriber.sendNext(value)
                        subscriber.sendCompleted()
                    }
                    return nil
                }
            }
            let seen = Shared<(executing: Bool?, enabled: Bool?)?>(nil)
            let values = Shared<[Int]>([])
            command.execute(round).deliverOn(RACScheduler.mainThreadScheduler).subscribeNext({
                values.value.append($0)
            }, completed: {
                seen.value = (command.executing.first(), command.enabled.first())
            })
            let deadline = Date().addingTimeInterval(120)
            while seen.value == nil && Date() < deadline {
                _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
            }
            XCTAssertEqual(values.value, [round])
            XCTAssertEqual(seen.value?.executing, false, "round \(round): executing is final")
            XCTAssertEqual(seen.value?.enabled, true, "round \(round): enabled is final")
        }
    }

    func testErrorsArriveOnTheMainThread() {
        let command = RACCommand<Void, Int> { .error(TestError(code: 3)) }
        let error = Shared<(any Error)?>(nil)
        let scheduler = Shared<RACScheduler?>(nil)
        let received = expectation(description: "error")
        command.errors.subscribeNext {
            error.value = $0
            scheduler.value = RACScheduler.currentScheduler
            received.fulfill()
        }
        RACScheduler.scheduler().schedule { command.execute(()) }
        wait(for: [received], timeout: HangGuard.seconds)
        XCTAssertEqual(error.value as? TestError, TestError(code: 3))
        XCTAssertTrue(scheduler.value === RACScheduler.mainThreadScheduler)
    }

    /// RAC 2.5's command subscribes its own completion handler to an
    /// execution before anyone else, and its asynchronous wait observes
    /// through the main thread scheduler: when the wait returns, `executing`
    /// is false and `enabled` true again.
    func testAfterWaitingForAnExecutionItsStateIsBackToIdle() throws {
        XCTAssertTrue(Thread.isMainThread)
        let command = RACCommand<Int?, Int?>(signalBlock: { RACSignal.return($0) })
        try command.execute(nil).asynchronouslyWaitUntilCompleted()
        XCTAssertEqual(command.executing.first(), false)
        XCTAssertEqual(command.enabled.first(), true)
        try command.execute(2).asynchronouslyWaitUntilCompleted(timeout: HangGuard.seconds)
        XCTAssertEqual(command.executing.first(), false)
        XCTAssertEqual(command.enabled.first(), true)
    }
}

import Foundation
import RACSwift
import XCTest

/// A command made without a scheduler works on the main thread, as in RAC.
/// XCTest runs tests on the main thread, and waiting for an expectation runs
/// the main run loop, which runs the main queue: the blocks the main thread
/// scheduler was given.
final class CommandMainThreadTests: XCTestCase {
    func testExecutionSignalsAndExecutingArriveOnTheMainThread() {
        let command = RACCommand<Int, Int> { .return($0) }
        var executionScheduler: RACScheduler?
        var executingScheduler: RACScheduler?
        let received = expectation(description: "execution signal")
        let executingDone = expectation(description: "executing went true")
        command.executionSignals.subscribeNext { _ in
            executionScheduler = RACScheduler.currentScheduler
            received.fulfill()
        }
        command.executing.subscribeNext { executing in
            guard executing else { return }
            executingScheduler = RACScheduler.currentScheduler
            executingDone.fulfill()
        }
        let values = expectation(description: "value")
        RACScheduler.scheduler().schedule {
            command.execute(5).subscribeNext { _ in values.fulfill() }
        }
        wait(for: [received, executingDone, values], timeout: 10)
        XCTAssertTrue(executionScheduler === RACScheduler.mainThreadScheduler)
        XCTAssertTrue(executingScheduler === RACScheduler.mainThreadScheduler)
    }

    func testExecutionStartsOnTheMainThreadAfterExecutingChanged() {
        var executingAtStart: Bool?
        var startedOnMain = false
        var command: RACCommand<Void, Int>?
        command = RACCommand<Void, Int> { _ in
            RACSignal.createSignal { subscriber in
                startedOnMain = Thread.isMainThread
                executingAtStart = command?.executing.first()
                subscriber.sendCompleted()
                return nil
            }
        }
        let done = expectation(description: "completed")
        command?.execute(()).subscribeCompleted { done.fulfill() }
        XCTAssertNil(executingAtStart, "the execution waits for the main queue")
        wait(for: [done], timeout: 10)
        XCTAssertTrue(startedOnMain)
        XCTAssertEqual(executingAtStart, true)
    }

    func testErrorsArriveOnTheMainThread() {
        let command = RACCommand<Void, Int> { .error(TestError(code: 3)) }
        var error: (any Error)?
        var scheduler: RACScheduler?
        let received = expectation(description: "error")
        command.errors.subscribeNext {
            error = $0
            scheduler = RACScheduler.currentScheduler
            received.fulfill()
        }
        RACScheduler.scheduler().schedule { command.execute(()) }
        wait(for: [received], timeout: 10)
        XCTAssertEqual(error as? TestError, TestError(code: 3))
        XCTAssertTrue(scheduler === RACScheduler.mainThreadScheduler)
    }
}

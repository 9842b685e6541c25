import CShims
import Foundation
@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// A block on a Dispatch queue that targets a queue scheduler's queue holds
/// that queue: the scheduler's blocks, and so `deliverOn`'s drain, run only
/// after it. A sender there counts as running on the scheduler and goes
/// past the bound (the documented exception) instead of waiting for a drain
/// that cannot start: before, it waited a second per event past the bound,
/// then warned (`racs_warn_once` key 5) and went on.
final class DeliverOnTargetQueueTests: XCTestCase {
    /// Twice the bound (64): the sender passes it by 64 events.
    private let values = 128

    /// The delivery queue's give-ups so far (key 5 of `racs_warn_once`).
    private var giveUps: Int { racs_warning_count(5) }

    /// Sends `values` events into `deliverOn(scheduler)` from `send` (which
    /// runs its block on some queue) and checks that all arrive on the
    /// scheduler, in order, and that the sender never gave up a wait.
    private func floodPastTheBound(into scheduler: RACScheduler, label: String,
                                   from send: (@escaping @Sendable () -> Void) -> Void) {
        let subject = RACSubject<Int>()
        let received = Shared<[Int]>([])
        let offScheduler = Shared(0)
        let done = DispatchSemaphore(value: 0)
        let values = values
        let subscription = subject.deliverOn(scheduler).subscribeNext { value in
            if RACScheduler.currentScheduler !== scheduler { offScheduler.value += 1 }
            received.value.append(value)
            if value == values - 1 { done.signal() }
        }
        let before = giveUps
        send {
            for value in 0..<values { subject.sendNext(value) }
        }
        // A hang guard only: without the recognition the sender waits a
        // second per event past the bound (64 s), then gives up each, which
        // the count of give-ups below says, whatever the time.
        XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: \(label): not every event delivered")
        XCTAssertEqual(giveUps - before, 0, "\(label): the sender never waited for the drain until it gave up")
        let settled = DispatchSemaphore(value: 0)
        scheduler.schedule { settled.signal() }
        XCTAssertEqual(settled.wait(timeout: HangGuard.deadline), .success, "hang: the scheduler never ran a block")
        XCTAssertEqual(received.value, Array(0..<values), "\(label): in order")
        XCTAssertEqual(offScheduler.value, 0, "\(label): on the scheduler")
        subscription.dispose()
    }

    func testASenderOnAQueueTargetingTheSchedulersQueueGoesPastTheBoundWithoutWaiting() {
        let queue = DispatchQueue(label: "scheduler's queue")
        let scheduler = RACQueueScheduler(name: "target", queue: queue)
        let targeting = DispatchQueue(label: "targets the scheduler's queue", target: queue)
        floodPastTheBound(into: scheduler, label: "a queue targeting it") { targeting.async(execute: $0) }
    }

    /// A block of another scheduler whose queue targets the first one's:
    /// the current scheduler is the other one, the queue held is both.
    func testASenderInABlockOfASchedulerTargetingTheSchedulersQueueGoesPastTheBoundWithoutWaiting() {
        let outer = RACScheduler.scheduler(name: "outer")
        let queue = (outer as! RACQueueScheduler).queue
        let inner = RACTargetQueueScheduler(name: "inner", targetQueue: queue)
        floodPastTheBound(into: outer, label: "a scheduler targeting it") { _ = inner.schedule($0) }
    }

    /// What the delivery queue asks: only a block holding the scheduler's
    /// queue (on it, or on a queue that targets it) counts as on it.
    func testOnlyABlockHoldingTheSchedulersQueueIsRunningOnIt() {
        let queue = DispatchQueue(label: "scheduler's queue")
        let scheduler = RACQueueScheduler(name: "target", queue: queue)
        let sameQueue = RACQueueScheduler(name: "same queue", queue: queue)
        let targeting = DispatchQueue(label: "targets it", target: queue)
        let unrelated = DispatchQueue(label: "unrelated")
        XCTAssertFalse(scheduler.isRunningCallingThread, "the test's thread")
        XCTAssertTrue(queue.sync { scheduler.isRunningCallingThread }, "on its queue")
        XCTAssertTrue(targeting.sync { scheduler.isRunningCallingThread }, "on a queue targeting it")
        XCTAssertTrue(targeting.sync { sameQueue.isRunningCallingThread }, "another scheduler over the queue")
        XCTAssertFalse(unrelated.sync { scheduler.isRunningCallingThread }, "on another queue")
        XCTAssertTrue(scheduler.runsDrainsIndependently)
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `deliverOn` keeps each event's place among the scheduler's other blocks,
/// as RAC 2.5's block per event does: a block scheduled before an event is
/// sent runs before that event is delivered, although the queue delivers a
/// burst of events in one block.
final class DeliverOnOrderTests: XCTestCase {
    private let rounds = 100

    /// On a serial queue scheduler, from another thread.
    func testABlockScheduledBeforeAnEventRunsBeforeItsDelivery() {
        let scheduler = RACTargetQueueScheduler(name: "order", targetQueue: DispatchQueue(label: "order"))
        for round in 0..<rounds {
            let log = Shared<[String]>([])
            let delivered = DispatchSemaphore(value: 0)
            let subject = RACSubject<Int>()
            // Appended to on the scheduler's queue only, in its order.
            let subscription = subject.deliverOn(scheduler).subscribeNext { _ in
                log.value.append("event")
                delivered.signal()
            }
            _ = scheduler.schedule { log.value.append("block") }
            subject.sendNext(round)
            delivered.wait()
            XCTAssertEqual(log.value, ["block", "event"], "round \(round)")
            subscription.dispose()
        }
    }

    /// On the main thread scheduler, sent from the main thread outside any
    /// of its blocks (the test's own thread), with the main run loop then
    /// draining the main queue.
    func testOnTheMainThreadSchedulerABlockScheduledBeforeAnEventRunsBeforeItsDelivery() {
        for round in 0..<rounds {
            let log = Shared<[String]>([])
            let subject = RACSubject<Int>()
            let subscription = subject.deliverOn(RACScheduler.mainThreadScheduler)
                .subscribeNext { _ in log.value.append("event") }
            _ = RACScheduler.mainThreadScheduler.schedule { log.value.append("block") }
            subject.sendNext(round)
            XCTAssertEqual(log.value, [], "delivered later, not inside sendNext")
            // Until both have run; the hang guard only ends a wait that
            // never would (it was 10 s, which a loaded machine can take).
            let deadline = Date().addingTimeInterval(HangGuard.seconds)
            while log.value.count < 2 && Date() < deadline {
                _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
            }
            XCTAssertEqual(log.value.count, 2, "hang: round \(round) never ran both")
            XCTAssertEqual(log.value, ["block", "event"], "round \(round)")
            subscription.dispose()
        }
    }
}

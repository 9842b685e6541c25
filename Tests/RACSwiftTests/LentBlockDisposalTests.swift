import Dispatch
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A subject calls its block subscribers' `next` blocks from copies lent
/// beside its slots, without reading their sinks, while nothing is in the
/// way (`RACSubjectCore`, "A value reaches a block subscriber without
/// touching its sink"). A `dispose()` made on another thread while a
/// delivery is under way must still stop that subscriber for the rest of
/// the delivery: no call of its block begins after `dispose()` returned.
///
/// Each test holds a delivery inside an earlier subscriber's block until
/// another thread's `dispose()` of a later subscriber has returned (the
/// disposal hands its unsubscribe over to the delivering thread and
/// returns without waiting), then lets the delivery go on. The handshake
/// makes the order certain, so each test fails on every run if the
/// delivery does not look again before each call (as a delivery that reads
/// its permission once, at its start, would not).
final class LentBlockDisposalTests: XCTestCase {
    /// Lent blocks only: the delivery under way takes the sinks' path from
    /// the disposal on.
    func testADisposalOnAnotherThreadStopsALaterSubscriberInTheDeliveryUnderWay() {
        let heard = runDisposalDuringDelivery(unlentSubscriber: false)
        XCTAssertEqual(heard.victim, [0], "the victim heard a value whose call began after its dispose() returned")
        XCTAssertEqual(heard.after, [0, 1, 2], "a subscriber after the victim missed a value")
    }

    /// With a subscriber that is not a block subscriber (an operator's
    /// sink), every delivery goes through the sinks: the same rule holds.
    func testADisposalOnAnotherThreadStopsALaterSubscriberWhenSomeSinkIsNotLent() {
        let heard = runDisposalDuringDelivery(unlentSubscriber: true)
        XCTAssertEqual(heard.victim, [0], "the victim heard a value whose call began after its dispose() returned")
        XCTAssertEqual(heard.after, [0, 1, 2], "a subscriber after the victim missed a value")
    }

    /// After the disposal's unsubscribe is applied, the subject's
    /// deliveries go back to the lent blocks (the slot is emptied and, once
    /// compacted, the permission restored): every remaining subscriber
    /// still hears every value, in order.
    func testDeliveriesAfterManyDisposalsReachEveryRemainingSubscriber() {
        let subject = RACSubject<Int>()
        let kept = (0..<8).map { _ in Shared<[Int]>([]) }
        var disposables: [RACDisposable] = []
        for index in 0..<40 {
            if index % 5 == 0 {
                let values = kept[index / 5]
                subject.subscribeNext { values.value.append($0) }
            } else {
                disposables.append(subject.subscribeNext { if $0 > 0 { XCTFail("a disposed subscriber heard a value") } })
            }
        }
        subject.sendNext(0)
        for disposable in disposables { disposable.dispose() }
        for value in 1...3 { subject.sendNext(value) }
        XCTAssertEqual(kept.map(\.value), Array(repeating: [0, 1, 2, 3], count: 8))
    }

    /// Subscribes a holding subscriber, a victim and one more subscriber;
    /// sends 0, then 1 on this thread, and while the holding subscriber's block
    /// runs, disposes the victim on another thread and waits for that
    /// `dispose()` to return; then sends 2. Returns what the victim and the
    /// last subscriber heard.
    private func runDisposalDuringDelivery(unlentSubscriber: Bool) -> (victim: [Int], after: [Int]) {
        let subject = RACSubject<Int>()
        let victimHeard = Shared<[Int]>([])
        let afterHeard = Shared<[Int]>([])
        let victim = Shared<RACDisposable?>(nil)
        let returned = DispatchSemaphore(value: 0)
        let holding = Shared(true)
        subject.subscribeNext { value in
            guard value == 1, holding.value else { return }
            holding.value = false
            // The disposal finds this delivery inside the serializer: it
            // hands its unsubscribe over and returns at once.
            let disposer = victim.value!
            DispatchQueue.global().async {
                disposer.dispose()
                returned.signal()
            }
            // A hang guard: a dispose() that waited for this delivery would
            // wait for good (a disposal's wait never gives up).
            if returned.wait(timeout: HangGuard.deadline) == .timedOut {
                XCTFail("hang: dispose() on another thread did not return while a delivery was under way")
            }
        }
        if unlentSubscriber {
            subject.map { $0 }.subscribeNext { _ in }
        }
        // After the holding subscriber: in the delivery of 1, the call of
        // its block would begin after its dispose() returned.
        victim.value = subject.subscribeNext { victimHeard.value.append($0) }
        subject.subscribeNext { afterHeard.value.append($0) }
        subject.sendNext(0)
        subject.sendNext(1)
        subject.sendNext(2)
        return (victimHeard.value, afterHeard.value)
    }
}

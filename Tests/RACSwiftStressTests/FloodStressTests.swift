import CShims
import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// docs/Concurrency.md points 8 and 9 under a flood: senders that never
/// stop, into one subject whose subscriber is slower than they are.
///
/// Point 8 bounds the work of a call, not its time, so that is what is
/// checked: the deliveries to the flooded subscriber that each call ran on
/// its own thread (`ThreadDeliveries`), against
/// `serializerDeliveryBound(threads:)`, whatever the load (a thread
/// descheduled mid-call lasts a time slice or more whatever the bound on its
/// work; before the serializer bounded its terms, one `sendNext` delivered
/// the whole flood). Memory is checked coarsely (128 MB of growth, so that it
/// holds under Thread Sanitizer); the release figures are the soak
/// executable's (`swift run -c release soak --flood`).
// @unchecked Sendable: test scaffolding, used one thread at a time.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class FloodStressTests: XCTestCase, @unchecked Sendable {
    private let stride = 1 << 40
    private let floodSeconds = 1.5

    /// Per sender: how many values arrived, and whether in order. Touched
    /// only from inside deliveries, which the subject serializes (TSan
    /// checks that).
    private final class Arrivals: @unchecked Sendable {
        var counts: [Int]
        var last: [Int]
        var outOfOrder = 0
        var sink = 0

        init(senders: Int) {
            counts = Array(repeating: 0, count: senders)
            last = Array(repeating: -1, count: senders)
        }

        func record(_ value: Int, stride: Int) {
            sink &+= simulatedWork(value)
            guard value >= 0 else { return } // a churned subscriber's probe
            let (sender, sequence) = value.quotientAndRemainder(dividingBy: stride)
            guard sender >= 0, sender < counts.count else { return }
            if sequence <= last[sender] { outOfOrder += 1 }
            last[sender] = sequence
            counts[sender] += 1
        }
    }

    /// The most deliveries any one call ran, and the values each thread sent.
    private final class CallWork: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var most = 0
        private(set) var sent: [Int: Int] = [:]

        func record(most deliveries: Int, sent count: Int, by thread: Int) {
            lock.lock()
            most = max(most, deliveries)
            sent[thread] = count
            lock.unlock()
        }
    }

    /// Three senders flood for 1.5 s: no single `sendNext` runs more than
    /// the bound's deliveries, the resident set stays flat, and every value arrives once, in order per
    /// sender.
    func testFloodBoundsEverySendAndMemory() {
        let senders = 3
        let subject = RACSubject<Int>()
        let arrivals = Arrivals(senders: senders)
        subject.subscribeNext {
            ThreadDeliveries.count()
            arrivals.record($0, stride: self.stride)
        }
        let stop = Atomic<Bool>(false)
        let work = CallWork()
        let before = residentMegabytes()
        runConcurrently(threads: senders + 1) { index in
            guard index < senders else {
                // The controller: a thread of its own, never a sender.
                Thread.sleep(forTimeInterval: self.floodSeconds)
                stop.store(true, ordering: .relaxed)
                return
            }
            self.send(into: subject, as: index, until: stop, recordingIn: work)
        }
        let growth = residentMegabytes() - before
        XCTAssertLessThanOrEqual(work.most, serializerDeliveryBound(threads: senders),
                                 "the most deliveries one sendNext ran")
        XCTAssertEqual(ThreadDeliveries.elsewhere.exchange(0, ordering: .relaxed), 0,
                       "deliveries on threads that were not counted")
        XCTAssertLessThan(growth, 128, "resident set growth, MB")
        XCTAssertEqual(arrivals.outOfOrder, 0)
        for sender in 0..<senders {
            XCTAssertEqual(arrivals.counts[sender], work.sent[sender], "values of sender \(sender)")
        }
    }

    /// Two senders flood while a third thread subscribes, sends a probe and
    /// disposes, `churnCycles` times: no call runs more than the bound's
    /// deliveries, and each churned subscriber hears its probe (sent after it
    /// subscribed).
    func testFloodWithSubscribeDisposeChurn() {
        let senders = 2
        let subject = RACSubject<Int>()
        let steady = Arrivals(senders: senders)
        subject.subscribeNext {
            ThreadDeliveries.count()
            steady.record($0, stride: self.stride)
        }
        let stop = Atomic<Bool>(false)
        let work = CallWork()
        let churnWork = CallWork()
        let missedProbes = Atomic<Int>(0)
        // A count of cycles, not a time: the flood lasts as long as the
        // churn takes to run them (it was 1.5 s, then "at least one cycle",
        // which a churn thread starved for 1.5 s could miss).
        let churnCycles = 20_000
        runConcurrently(threads: senders + 1) { index in
            switch index {
            case senders:
                let tally = ThreadDeliveries.start()
                defer { ThreadDeliveries.stop() }
                var most = 0
                for cycle in 0..<churnCycles {
                    let heard = DispatchSemaphore(value: 0)
                    let probe = -1 - cycle
                    var delivered = tally.count
                    let disposable = subject.subscribeNext { if $0 == probe { heard.signal() } }
                    most = max(most, tally.count - delivered)
                    subject.sendNext(probe)
                    // Waited for before the dispose, which would end its
                    // delivery: a hang guard only (it was 2 s, which a
                    // loaded machine can take), a probe lost is a wait that
                    // never ends.
                    if heard.wait(timeout: HangGuard.deadline) == .timedOut {
                        missedProbes.add(1, ordering: .relaxed)
                    }
                    delivered = tally.count
                    disposable.dispose()
                    most = max(most, tally.count - delivered)
                }
                stop.store(true, ordering: .relaxed)
                churnWork.record(most: most, sent: 0, by: index)
            default:
                self.send(into: subject, as: index, until: stop, recordingIn: work)
            }
        }
        let bound = serializerDeliveryBound(threads: senders + 1)
        XCTAssertEqual(missedProbes.load(ordering: .relaxed), 0, "hang: churned subscribers that never heard their probe")
        XCTAssertLessThanOrEqual(work.most, bound, "the most deliveries one sendNext ran")
        XCTAssertLessThanOrEqual(churnWork.most, bound, "the most deliveries one subscribe or dispose ran")
        XCTAssertEqual(ThreadDeliveries.elsewhere.exchange(0, ordering: .relaxed), 0,
                       "deliveries on threads that were not counted")
        XCTAssertEqual(steady.outOfOrder, 0)
        for sender in 0..<senders {
            XCTAssertEqual(steady.counts[sender], work.sent[sender], "values of sender \(sender)")
        }
    }

    /// A sender's loop: sends its numbered values until `stop`, counting
    /// the deliveries each call ran on this thread, and records the most and
    /// the count.
    private func send(into subject: RACSubject<Int>, as sender: Int,
                      until stop: borrowing Atomic<Bool>, recordingIn work: CallWork) {
        let tally = ThreadDeliveries.start()
        defer { ThreadDeliveries.stop() }
        var most = 0
        var sequence = 0
        while !stop.load(ordering: .relaxed) {
            let delivered = tally.count
            subject.sendNext(sender * stride + sequence)
            most = max(most, tally.count - delivered)
            sequence += 1
        }
        work.record(most: most, sent: sequence, by: sender)
    }

    /// At the backlog's bound a sender waits its turn; if the thread it waits
    /// for is itself waiting for that sender (a block that waits for a
    /// signal from it), the sender gives up once that thread has delivered
    /// nothing for a second, returns, and its value is still delivered in
    /// its place: a stall and a warning, not a deadlock. Nothing stays
    /// switched off: its next send past the bound waits its second again.
    /// Checked by counts, not times: the owner is let go only by the sender's
    /// return (so a sender that never gave up is a hang), and each give-up
    /// is counted (key 0 of `racs_warn_once`).
    func testASenderThatTheOwnerWaitsForGivesUpWaiting() {
        let subject = RACSubject<Int>()
        let senderIsDone = DispatchSemaphore(value: 0)
        let ownerIsInside = DispatchSemaphore(value: 0)
        let received = Shared<[Int]>([])
        subject.subscribeNext { value in
            received.value.append(value)
            // The owner, on its first value, waits for the other thread to
            // finish sending, which it can only do by giving up its waits
            // (the hang guard turns a sender that waits for good into a
            // failure, not a hung run).
            if value == 0 {
                ownerIsInside.signal()
                XCTAssertEqual(senderIsDone.wait(timeout: HangGuard.deadline), .success,
                               "hang: the sender never gave up waiting for the owner that waits for it")
            }
        }
        let sender = Thread {
            ownerIsInside.wait()
            // 63 hand-overs and the owner's entry fill the backlog; the
            // 64th and the 65th must wait, for an owner that waits for this
            // thread.
            for value in 1...65 { subject.sendNext(value) }
            senderIsDone.signal()
        }
        let giveUpsBefore = racs_warning_count(0)
        sender.start()
        subject.sendNext(0)
        XCTAssertEqual(received.value, Array(0...65), "every value, in order")
        // Exactly two give-ups (it was "between 1.9 s and 8 s": the lower
        // end said that the second send waited too, the upper one that
        // neither waited for good, which the hang guard above now says):
        // one give-up means the first switched the bound off for the
        // second, none that neither waited.
        XCTAssertEqual(racs_warning_count(0) - giveUpsBefore, 2, "both sends past the bound waited, and gave up")
    }

    /// A `RACProperty`'s set waits for another thread's delivery of the
    /// same property to take it in; if that delivery's block waits for the
    /// setter (here, for its set to return), the set gives up once the
    /// delivering thread has delivered nothing for a second, as a send
    /// does, and its value is still delivered in its place. (Only a
    /// disposal's wait never gives up: a set that did hung here for good.)
    /// Checked by counts, not times, as the test above.
    func testAPropertySetThatTheDeliveringThreadWaitsForGivesUpWaiting() {
        let property = RACProperty(0)
        let setterIsDone = DispatchSemaphore(value: 0)
        let deliveringIsInside = DispatchSemaphore(value: 0)
        let heard = Shared<[Int]>([])
        let heardTheSet = DispatchSemaphore(value: 0)
        property.signal.subscribeNext { value in
            heard.value.append(value)
            if value == 2 { heardTheSet.signal() }
            if value == 1 {
                deliveringIsInside.signal()
                XCTAssertEqual(setterIsDone.wait(timeout: HangGuard.deadline), .success,
                               "hang: the set never gave up waiting for the delivery that waits for it")
            }
        }
        let delivering = Thread { property.value = 1 }
        delivering.start()
        deliveringIsInside.wait()
        let giveUpsBefore = racs_warning_count(0)
        property.value = 2
        setterIsDone.signal()
        // The set returned (it was "within 5 s, not a deadlock": the hang
        // guard in the delivery now says that) by giving up once, counted.
        XCTAssertEqual(racs_warning_count(0) - giveUpsBefore, 1, "the set waited, and gave up")
        // The delivering thread delivers the queued set before it returns;
        // the semaphore orders its appends before the read below.
        XCTAssertEqual(heardTheSet.wait(timeout: HangGuard.deadline), .success, "hang: the set was never delivered")
        XCTAssertEqual(heard.value, [0, 1, 2], "every value, in order")
    }
}

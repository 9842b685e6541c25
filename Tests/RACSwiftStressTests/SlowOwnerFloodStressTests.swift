import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// docs/Concurrency.md points 8 and 9 whatever the subscriber's speed: a
/// subscriber that takes 20 ms per value, or one delivery that lasts 1.2 s,
/// never switches the bounds off. (Before, a sender that had waited a
/// second for its turn gave up and set a bit that stopped every later
/// sender from waiting, for as long as the same thread delivered: the
/// backlog reached a million values within 0.2 s.)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SlowOwnerFloodStressTests: XCTestCase {
    /// Sends `sender`'s numbered values until `more` says stop, counting
    /// each one whose call returned; returns how many it sent.
    private func flood(_ subject: RACSubject<Int>, as sender: Int, into observed: FloodObserved,
                       while more: (Int) -> Bool) -> Int {
        var sequence = 0
        while more(sequence) {
            subject.sendNext(sender * FloodObserved.stride + sequence)
            // Releasing: the subscriber reads it to measure the backlog.
            observed.returned.value.add(1, ordering: .releasing)
            sequence += 1
        }
        return sequence
    }

    func testASubscriberTakingTwentyMillisecondsAValueKeepsTheBound() {
        let senders = 2
        let subject = RACSubject<Int>()
        let observed = FloodObserved(senders: senders)
        subject.subscribeNext { value in
            Thread.sleep(forTimeInterval: 0.02)
            observed.hear(value)
        }
        let stop = Atomic<Bool>(false)
        let sent = (0..<senders).map { _ in AtomicWord() }
        let residentBefore = residentMegabytes()
        runConcurrently(threads: senders + 1) { thread in
            guard thread < senders else {
                // Past the point where a waiter used to give up (1 s).
                Thread.sleep(forTimeInterval: 3)
                stop.store(true, ordering: .relaxed)
                return
            }
            let count = self.flood(subject, as: thread, into: observed) { _ in !stop.load(ordering: .relaxed) }
            sent[thread].value.store(count, ordering: .relaxed)
        }
        // Every sender has returned, so no thread is delivering any more.
        XCTAssertEqual(observed.received, sent.reduce(0) { $0 + $1.value.load(ordering: .relaxed) }, "every value heard")
        XCTAssertEqual(observed.outOfOrder, 0, "each sender's values in its order")
        // 64 handed over, plus one per sender in the middle of its send.
        XCTAssertLessThanOrEqual(observed.largestBacklog, 64 + senders, "values queued at once")
        XCTAssertLessThan(residentMegabytes() - residentBefore, 16, "resident set growth, MB")
    }

    func testOneDeliveryOfOnePointTwoSecondsDuringAFloodKeepsTheBound() {
        let senders = 8, perSender = 20_000
        let subject = RACSubject<Int>()
        let observed = FloodObserved(senders: senders)
        let sink = Shared(0)
        subject.subscribeNext { value in
            // One delivery, early in sender 0's flood, lasts 1.2 s: past the
            // patience of a waiter (1 s), but the owner makes progress again.
            if value == 1_000 { Thread.sleep(forTimeInterval: 1.2) }
            sink.value &+= simulatedWork(value)
            observed.hear(value)
        }
        let residentBefore = residentMegabytes()
        runConcurrently(threads: senders) { thread in
            _ = self.flood(subject, as: thread, into: observed) { $0 < perSender }
        }
        XCTAssertEqual(observed.received, senders * perSender, "every value heard")
        XCTAssertEqual(observed.outOfOrder, 0, "each sender's values in its order")
        // 64 handed over, plus one per sender in the middle of its send,
        // plus one per sender that gave up waiting: only the 1.2 s delivery
        // lasts a whole second without progress, and a sender gives up at
        // most once in it (a second give-up needs a second second).
        XCTAssertLessThanOrEqual(observed.largestBacklog, 64 + 2 * senders, "values queued at once")
        XCTAssertLessThan(residentMegabytes() - residentBefore, 16, "resident set growth, MB")
    }
}

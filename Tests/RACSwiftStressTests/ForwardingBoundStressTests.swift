import CShims
import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// docs/Concurrency.md point 9 for a subject fed from inside another
/// subject's deliveries: a subscriber that forwards every value it hears
/// (as `multicast` does) into a second subject, whose own subscriber is
/// slower, while another thread sends into that second subject too.
///
/// The forwarding thread is inside the first subject's delivery, so it must
/// never wait for long (the second subject's delivering thread could be
/// waiting for it); but when the second subject is at its bound and
/// delivered by another thread, it waits briefly for its value to be taken,
/// so that what is queued there stays near the bound. Before, it handed its
/// value over and returned at once, and the queue grew with the flood.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class ForwardingBoundStressTests: XCTestCase {
    func testAValueForwardedFromInsideADeliveryWaitsAtTheBound() {
        let upstream = RACSubject<Int>()
        let downstream = RACSubject<Int>()
        let forwardedPerSender = 50_000, upstreamSenders = 2
        let total = forwardedPerSender * upstreamSenders
        // Values whose forwarding `sendNext` has returned, and forwarded
        // values the slow subscriber has received: the difference is what
        // waits in `downstream`'s queue.
        let forwarded = Atomic<Int>(0)
        let received = Shared(0)
        let largestBacklog = Shared(0)
        let sink = Shared(0)
        upstream.subscribeNext { value in
            downstream.sendNext(value)
            forwarded.add(1, ordering: .releasing)
        }
        downstream.subscribeNext { value in
            sink.value &+= simulatedWork(value)
            guard value >= 0 else { return } // the direct sender's
            // Acquire: a count the forwarder published after its send.
            let backlog = forwarded.load(ordering: .acquiring) - received.value
            largestBacklog.value = max(largestBacklog.value, backlog)
            received.value += 1
        }
        let done = Atomic<Bool>(false)
        runConcurrently(threads: upstreamSenders + 1) { thread in
            if thread == upstreamSenders {
                // Sends into `downstream` directly, so that another thread
                // is often the one delivering it.
                var sequence = 0
                while !done.load(ordering: .relaxed) {
                    downstream.sendNext(-1 - sequence)
                    sequence += 1
                }
            } else {
                for sequence in 0..<forwardedPerSender {
                    upstream.sendNext(thread * forwardedPerSender + sequence)
                }
                if forwarded.load(ordering: .acquiring) == total { done.store(true, ordering: .relaxed) }
            }
        }
        XCTAssertEqual(received.value, total, "every forwarded value arrives once")
        // The bound is 64 handed-over operations, plus one per thread in the
        // middle of a send (64 here in release runs); a forwarder that gives
        // up waiting after its spin (the other thread descheduled) adds one
        // more now and then. Without the wait, the queue held 37-60 % of
        // the flood at once.
        XCTAssertLessThan(largestBacklog.value, total / 20,
                          "values queued in the second subject at once: \(largestBacklog.value) of \(total)")
    }

    /// Two subjects that forward into each other, flooded from both ends:
    /// each one's delivering thread, inside its own delivery, may wait for
    /// the other at its bound while the other's waits for it. The waits are
    /// brief (a bounded spin), so the cycle costs time, never a stall, and
    /// nothing is lost.
    func testTwoSubjectsForwardingIntoEachOtherFromBothEndsFinish() {
        let first = RACSubject<Int>(), second = RACSubject<Int>()
        let perSender = 20_000
        // Each is touched only inside its own subject's deliveries. The
        // work makes the subscribers slower than the senders, so that both
        // subjects reach their bound.
        let heardByFirst = Shared(0), heardBySecond = Shared(0)
        let work = Shared(0), otherWork = Shared(0)
        // An original value (not negative) is forwarded once, negated.
        first.subscribeNext { value in
            heardByFirst.value += 1
            work.value &+= simulatedWork(value)
            if value >= 0 { second.sendNext(-1 - value) }
        }
        second.subscribeNext { value in
            heardBySecond.value += 1
            otherWork.value &+= simulatedWork(value)
            if value >= 0 { first.sendNext(-1 - value) }
        }
        // Serializer waits that gave up so far (key 0 of `racs_warn_once`).
        let giveUpsBefore = racs_warning_count(0)
        runConcurrently(threads: 2) { sender in
            let subject = sender == 0 ? first : second
            for value in 0..<perSender { subject.sendNext(value) }
        }
        XCTAssertEqual(heardByFirst.value, 2 * perSender, "its own values and the other's, forwarded")
        XCTAssertEqual(heardBySecond.value, 2 * perSender)
        // The cycle did not stall, as a count (it was "all within 30 s",
        // which a loaded machine under Thread Sanitizer can break): a
        // wait in the cycle that was not brief waits for an owner that
        // waits for it, until it gives up after a second without progress,
        // and each such give-up is counted. The old bound let 29 of them
        // pass; none may happen.
        XCTAssertEqual(racs_warning_count(0) - giveUpsBefore, 0, "waits in the cycle that lasted until they gave up")
    }
}

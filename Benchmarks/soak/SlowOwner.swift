import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization

/// docs/Concurrency.md points 8 and 9 with a slow owner: the thread
/// delivering a flooded subject takes long per value, which must switch no
/// bound off (issue 21's first item; SlowOwnerFloodStressTests checks the
/// bounds, this prints the figures).
///
/// - A slow subscriber: two senders for `seconds` into one subject whose
///   only subscriber takes 20 ms per value.
/// - A long delivery: eight senders for `seconds` into one subject whose
///   subscriber does `simulatedWork` per value (as SlowOwnerFloodStressTests
///   does), but sleeps 1.2 s in one delivery (sender 0's value 1 000), past
///   a waiter's patience (1 s).
///
/// Each prints, every half second, the backlog, the resident set and the
/// longest `sendNext` so far (a call still running counted as far as it
/// got); then the peaks, and how long after the senders were told to stop
/// the last call returned. A flood whose calls have not all returned
/// `drainLimit` seconds after the stop is cut there as a hang: what was
/// seen is printed, and the process exits with status 1 (its senders are
/// still inside). Fails (returns false) if a value was lost or reordered.
/// The time after the stop is printed, not checked: a loaded machine
/// stretches it whatever the code does.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum SlowOwner {
    /// The hang guard (it was 10 s, a time a loaded machine can take to
    /// drain a backlog of 20 ms values): only calls that never return
    /// reach it.
    static let drainLimit = HangGuard.seconds

    static func slowSubscriber(seconds: Double) -> Bool {
        flood("slow subscriber: 2 senders, 20 ms per value", senders: 2, seconds: seconds) { _ in
            Thread.sleep(forTimeInterval: 0.02)
            return 0
        }
    }

    static func longDelivery(seconds: Double) -> Bool {
        let long = Stamp.encode(sender: 0, sequence: 1_000)
        return flood("long delivery: 8 senders, one delivery of 1.2 s", senders: 8, seconds: seconds) { value in
            if value == long { Thread.sleep(forTimeInterval: 1.2) }
            return simulatedWork(value)
        }
    }

    /// The subscriber's state, touched only inside the subject's deliveries.
    private final class Arrivals: @unchecked Sendable {
        let backlog = Backlog()
        var order: SenderOrder
        var sink = 0

        init(senders: Int) {
            order = SenderOrder(senders: senders)
        }
    }

    /// The senders' calls as another thread sees them.
    private final class Calls: Sendable {
        /// Per sender: when its last call returned (or it started), in
        /// nanoseconds; -1 once it has stopped.
        let lastReturn: [AtomicWord]
        let longest = Atomic<UInt64>(0)
        let sent: [AtomicWord]
        let finished = Atomic<Int>(0)

        init(senders: Int, now: UInt64) {
            lastReturn = (0..<senders).map { _ in AtomicWord(Int(now)) }
            sent = (0..<senders).map { _ in AtomicWord() }
        }

        /// Sender `sender`'s call returned at `now`.
        func returned(_ sender: Int, at now: UInt64) {
            longest.max(now - UInt64(lastReturn[sender].value.load(ordering: .relaxed)), ordering: .relaxed)
            lastReturn[sender].value.store(Int(now), ordering: .relaxed)
        }

        /// The longest call so far, counting those still running.
        func longestSoFar(now: UInt64) -> UInt64 {
            // A call may have returned after `now` was read: no negative spans.
            lastReturn.map { $0.value.load(ordering: .relaxed) }.filter { $0 >= 0 }
                .reduce(longest.load(ordering: .relaxed)) { max($0, now - min(now, UInt64($1))) }
        }
    }

    /// Floods one subject from `senders` threads for `seconds`, its
    /// subscriber doing `work` per value; a controller thread samples and
    /// reports.
    private static func flood(_ title: String, senders: Int, seconds: Double,
                              work: @escaping @Sendable (Int) -> Int) -> Bool {
        let subject = RACSubject<Int>()
        let arrivals = Arrivals(senders: senders)
        subject.subscribeNext { value in
            arrivals.backlog.delivering()
            arrivals.sink &+= work(value)
            arrivals.order.hear(value)
        }
        let stop = Atomic<Bool>(false)
        let start = monotonicNanoseconds()
        let calls = Calls(senders: senders, now: start)
        let before = residentMegabytes()
        report("\(title), \(seconds) s; resident set \(String(format: "%.1f", before)) MB")
        runConcurrently(threads: senders + 1) { index in
            if index < senders {
                let (count, _) = sendNumbered(into: subject, as: index, until: stop) { _ in
                    arrivals.backlog.returned()
                    calls.returned(index, at: monotonicNanoseconds())
                }
                calls.sent[index].value.store(count, ordering: .relaxed)
                calls.lastReturn[index].value.store(-1, ordering: .relaxed)
                calls.finished.add(1, ordering: .releasing)
                return
            }
            watch(arrivals.backlog, calls, stop: stop, seconds: seconds, start: start, residentBefore: before)
        }
        let sent = calls.sent.map { $0.value.load(ordering: .relaxed) }
        let exact = arrivals.order.isExact(sent: sent)
        report(String(format: "  values sent %ld, delivered %ld, in order and exact: %@",
                     sent.reduce(0, +), arrivals.order.counts.reduce(0, +), exact ? "yes" : "NO"))
        report(String(format: "  backlog peak %ld (seen by the subscriber); longest sendNext %.2f ms; resident set %.1f -> %.1f MB",
                     arrivals.backlog.largest, Double(calls.longest.load(ordering: .relaxed)) / 1e6,
                     before, residentMegabytes()))
        return exact
    }

    /// The controller: every 50 ms samples the backlog and the resident
    /// set, reports every half second, tells the senders to stop after
    /// `seconds`, and returns once they all have, or cuts the run.
    private static func watch(_ backlog: Backlog, _ calls: Calls, stop: borrowing Atomic<Bool>, seconds: Double,
                              start: UInt64, residentBefore: Double) {
        var peakBacklog = 0, peakResident = residentBefore, nextReport = 0.5
        while calls.finished.load(ordering: .acquiring) < calls.sent.count {
            Thread.sleep(forTimeInterval: 0.05)
            let now = monotonicNanoseconds()
            let elapsed = Double(now - start) / 1e9
            let (backlogNow, residentNow) = (backlog.sampled, residentMegabytes())
            peakBacklog = max(peakBacklog, backlogNow)
            peakResident = max(peakResident, residentNow)
            if elapsed >= nextReport {
                nextReport += 0.5
                report(String(format: "  %5.1f s: backlog %ld, resident %.1f MB, longest sendNext so far %.0f ms",
                             elapsed, backlogNow, residentNow, Double(calls.longestSoFar(now: now)) / 1e6))
            }
            if elapsed >= seconds { stop.store(true, ordering: .relaxed) }
            if elapsed >= seconds + drainLimit {
                report(String(format: "  CUT (a hang): calls still running %.0f s after the stop; peaks so far: sampled backlog %ld, resident %.1f MB (growth %.1f MB), longest sendNext %.0f ms (still running)",
                             drainLimit, peakBacklog, peakResident, peakResident - residentBefore,
                             Double(calls.longestSoFar(now: now)) / 1e6))
                exit(1)
            }
        }
        let drained = Double(monotonicNanoseconds() - start) / 1e9 - seconds
        report(String(format: "  the last call returned %.2f s after the stop; peaks: sampled backlog %ld, resident %.1f MB (growth %.1f MB)",
                     drained, peakBacklog, peakResident, peakResident - residentBefore))
    }
}

import CShims
import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization

/// The flood of issue 23, in a release build: two threads flood a
/// `RACSubject` whose subscriber, behind `deliverOn` a serial scheduler,
/// does about 20 000 multiply-adds per value (a hundred times `simulatedWork`),
/// slower than they send. Before, each value was a scheduled block of its
/// own, and the queue grew with the flood (637 MB at 4d8b51f); now
/// `deliverOn` keeps at most 8 192 values per subscription, in at most 68
/// chunks, and the senders wait their turn.
///
/// Fails (returns false) on a value lost, doubled or reordered, on growth
/// of the resident set past 32 MB, or on a wait at the bound that gave up
/// (the drain let it wait until it had delivered nothing for a second):
/// counted by `racs_warn_once` (keys 5 and 0), not timed. (It was "a
/// `sendNext` that lasted a second", which a thread descheduled on a
/// loaded machine can reach with no wait at all.) The longest call is
/// printed against 100 ms, the figure it should stay under (a sender waits
/// for the scheduler to deliver 32 values, some microseconds), but not
/// checked: a thread descheduled on a loaded machine lasts time slices
/// whatever its work (the subject floods above print 400 ms on this 2-core
/// machine at a load of 16).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum DeliverOnFlood {
    static let growthBound = 32.0
    static let longestCallTarget = 0.1

    /// Waits at a bound that gave up so far: the delivery queue's sender
    /// (key 5 of `racs_warn_once`) and a serializer's waiter (key 0).
    private static var giveUps: Int { racs_warning_count(5) + racs_warning_count(0) }

    /// The subscriber's state, touched only on the scheduler, one value at
    /// a time.
    private final class Arrivals: @unchecked Sendable {
        var order = SenderOrder(senders: 2)
        var sink = 0
    }

    static func run(seconds: Double) -> Bool {
        let senders = 2
        let subject = RACSubject<Int>()
        let arrivals = Arrivals()
        let finished = DispatchSemaphore(value: 0)
        subject.deliverOn(RACScheduler.scheduler(name: "soak deliverOn flood")).subscribeNext { value in
            guard value >= 0 else {
                finished.signal()
                return
            }
            for round in 0..<100 { arrivals.sink &+= simulatedWork(value &+ round) }
            arrivals.order.hear(value)
        }
        let stop = Atomic<Bool>(false)
        let longestSend = Atomic<UInt64>(0)
        let sent = (0..<senders).map { _ in AtomicWord() }
        let peak = Atomic<Int>(0)
        let (before, giveUpsBefore) = (residentMegabytes(), giveUps)
        runConcurrently(threads: senders + 1) { index in
            guard index < senders else {
                controlFlood(seconds: seconds, peak: peak, stop: stop)
                return
            }
            let (count, longest) = sendNumbered(into: subject, as: index, until: stop)
            sent[index].value.store(count, ordering: .relaxed)
            longestSend.max(longest, ordering: .relaxed)
        }
        // The end mark: once it is heard, every value before it has been.
        subject.sendNext(-1)
        // A hang guard: the drain's time is the load's.
        let drained = finished.wait(timeout: HangGuard.deadline) == .success
        let gaveUp = giveUps - giveUpsBefore
        let growth = max(Double(peak.load(ordering: .relaxed)), residentMegabytes()) - before
        let totalSent = sent.map { $0.value.load(ordering: .relaxed) }
        let exact = drained && arrivals.order.isExact(sent: totalSent)
        let longest = Double(longestSend.load(ordering: .relaxed)) / 1e9
        report("deliverOn flood: \(senders) senders into a subject, a slow subscriber behind deliverOn(serial scheduler), \(seconds) s")
        report(String(format: "  values sent %ld, delivered %ld, in order and exact: %@",
                     totalSent.reduce(0, +), arrivals.order.counts.reduce(0, +), exact ? "yes" : "NO"))
        report(String(format: "  longest sendNext %.2f ms (%@ %.0f ms); resident set %.1f MB -> peak %.1f MB (growth %.1f MB)",
                     longest * 1e3, longest < longestCallTarget ? "under" : "OVER", longestCallTarget * 1e3,
                     before, before + growth, growth))
        report("  waits at the bound that gave up: \(gaveUp)\(drained ? "" : "; the drain never ended (a hang)")")
        let passed = exact && growth <= growthBound && gaveUp == 0
        let bounds = "bounds: \(Int(growthBound)) MB growth, no wait given up"
        report(passed ? "  PASS (\(bounds))" : "  FAIL (\(bounds))")
        return passed
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization

/// docs/Concurrency.md point 8 (work per call) and point 9 (the queue) when
/// values are forwarded from inside deliveries: subjects whose subscribers
/// send what they hear into the next subject, flooded by several senders.
///
/// - Rings: 5 subjects and 8 senders, 3 and 6, 5 and 1, 100 000 values
///   each; sender i sends into subject i % n, and every value goes once
///   around (delivered once at each subject, then dropped).
/// - Chains A → B → C, whose C spins 20 µs per value (`simulatedWork`
///   would not do: the optimizer folds its 200 multiply-adds, and a call
///   takes about 15 ns),
///   25 000 values each: 2 senders into A, then 4; then 2 into A and one
///   straight into B (as in ForwardingBoundStressTests), for B is never
///   contended otherwise: only A's delivering thread sends into it, one
///   value at a time.
///
/// Each prints the most deliveries one outermost `sendNext` ran (a
/// sender's call, with every delivery of every subject its thread ran
/// inside it, nested sends included), out of all of them; the largest
/// backlog of each subject; the longest call; the time. Fails (returns
/// false) only if a subject lost, doubled, reordered or misrouted a value.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum Forwarding {
    static func run() -> Bool {
        let ring = { (count: Int, senders: Int) in
            measure(subjects: count, entries: (0..<senders).map { $0 % count }, perSender: 100_000, chain: false)
        }
        let chain = { (entries: [Int]) in measure(subjects: 3, entries: entries, perSender: 25_000, chain: true) }
        let topologies = [ring(5, 8), ring(3, 6), ring(5, 1), chain([0, 0]), chain([0, 0, 0, 0]), chain([0, 0, 1])]
        return !topologies.contains(false)
    }

    /// A slow subscriber's work: a busy wait.
    private static func spin(nanoseconds: UInt64) {
        let until = monotonicNanoseconds() + nanoseconds
        while monotonicNanoseconds() < until {}
    }

    /// One subject of a topology: what its subscriber saw. Touched only
    /// inside the subject's deliveries.
    private final class Station: @unchecked Sendable {
        let subject = RACSubject<Int>()
        let backlog = Backlog()
        var order: SenderOrder
        /// Values that arrived with a hop count other than the one their
        /// sender's entry point gives them here.
        var misrouted = 0

        init(senders: Int) {
            order = SenderOrder(senders: senders)
        }
    }

    /// Floods `subjects` subjects, subject k's subscriber forwarding into
    /// subject k + 1: in a ring (mod `subjects`) until the value has been
    /// delivered at each; in a `chain`, up to the last one, which is slow.
    /// Sender i sends `perSender` values into subject `entries[i]`.
    private static func measure(subjects count: Int, entries: [Int], perSender: Int, chain: Bool) -> Bool {
        let senders = entries.count
        let stations = (0..<count).map { _ in Station(senders: senders) }
        connect(stations, entries: entries, chain: chain)
        let mostPerCall = Atomic<Int>(0)
        let longestSend = Atomic<UInt64>(0)
        let totals = (0..<senders).map { _ in AtomicWord() }
        let never = Atomic<Bool>(false)
        let start = monotonicNanoseconds()
        runConcurrently(threads: senders) { sender in
            let station = stations[entries[sender]]
            let tally = ThreadDeliveries.start()
            var before = 0
            let (_, longest) = sendNumbered(into: station.subject, as: sender, until: never,
                                            limit: perSender) { _ in
                station.backlog.returned()
                // This thread delivers only inside its own calls: all it
                // delivered since the last one returned, this one ran.
                mostPerCall.max(tally.count - before, ordering: .relaxed)
                before = tally.count
            }
            totals[sender].value.store(tally.count, ordering: .relaxed)
            longestSend.max(longest, ordering: .relaxed)
            ThreadDeliveries.stop()
        }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        let delivered = totals.map { $0.value.load(ordering: .relaxed) }.reduce(0, +)
        let elsewhere = ThreadDeliveries.elsewhere.exchange(0, ordering: .relaxed)
        // What each subject must have heard of each sender: all its values,
        // unless the sender's entry is past it in a chain.
        let expected = (0..<count).map { index in entries.map { !chain || $0 <= index ? perSender : 0 } }
        let wrong = zip(stations, expected).map { !$0.order.isExact(sent: $1) || $0.misrouted > 0 }
        let names = chain ? ["A", "B", "C"] : stations.indices.map { "\($0)" }
        let intoB = entries.filter { $0 == 1 }.count
        report(chain ? "forwarding: chain A -> B -> C (C slow), \(senders - intoB) senders into A\(intoB > 0 ? ", \(intoB) into B" : ""), \(perSender) values each"
                     : "forwarding: ring of \(count) subjects, \(senders) senders, \(perSender) values each")
        report(String(format: "  most deliveries in one outermost sendNext %ld of %ld (%.1f %%); longest sendNext %.2f ms; %.2f s",
                     mostPerCall.load(ordering: .relaxed), delivered,
                     100 * Double(mostPerCall.load(ordering: .relaxed)) / Double(max(delivered, 1)),
                     Double(longestSend.load(ordering: .relaxed)) / 1e6, seconds))
        report("  largest backlog per subject: " + zip(names, stations).map { "\($0) \($1.backlog.largest)" }.joined(separator: ", "))
        let exact = !wrong.contains(true) && elsewhere == 0
        report(exact ? "  every value delivered once at each subject, in order"
                     : "  LOST, DOUBLED, REORDERED OR MISROUTED VALUES (\(elsewhere) deliveries on threads not sending)")
        for (index, station) in stations.enumerated() where wrong[index] {
            report("    \(names[index]): heard \(station.order.counts) of each sender, \(station.order.outOfOrder) out of order, \(station.misrouted) misrouted")
        }
        return exact
    }

    /// Subscribes each station's subscriber: it counts the delivery,
    /// checks the value, and forwards it to the next station unless the
    /// value has gone around (a ring) or this is the last, slow one (a
    /// chain).
    private static func connect(_ stations: [Station], entries: [Int], chain: Bool) {
        let count = stations.count
        for (index, station) in stations.enumerated() {
            let next = stations[(index + 1) % count]
            station.subject.subscribeNext { value in
                ThreadDeliveries.count()
                station.backlog.delivering()
                let hops = Stamp.hops(value)
                if hops != (index - entries[Stamp.sender(value)] + count) % count { station.misrouted += 1 }
                station.order.hear(value)
                if chain && index == count - 1 { spin(nanoseconds: 20_000) }
                if chain ? index < count - 1 : hops < count - 1 {
                    next.subject.sendNext(Stamp.forwarded(value))
                    next.backlog.returned()
                }
            }
        }
    }
}

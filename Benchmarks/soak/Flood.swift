import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization

/// The floods of docs/Concurrency.md points 8 and 9, in a release build: senders
/// that never stop, into one subject whose subscriber does about 200
/// multiply-adds per value, slower than they send.
///
/// 1. Three senders for `seconds`: the most deliveries a single `sendNext`
///    ran, the growth of the resident set, and exact counts.
/// 2. Two senders while a third thread subscribes, sends a probe, waits for
///    it (until the hang guard: a probe lost never comes) and disposes, over
///    and over, at least once: the most deliveries a subscribe, dispose or
///    send ran, and the probes missed.
/// 3. Two senders into a slow subscriber behind `deliverOn`
///    (`DeliverOnFlood`).
///
/// Point 8 bounds the work of a call, not its time, so that is what is
/// checked: the deliveries to the flooded subscriber each call ran on its
/// own thread (`ThreadDeliveries`), against `serializerDeliveryBound(threads:)`. The
/// longest call is printed, in milliseconds, for information only: on a
/// loaded machine a thread descheduled mid-call lasts a time slice or more
/// whatever the bound on its work.
///
/// Fails (returns false) past the bound of deliveries for any call, on
/// 64 MB of growth, on a value lost, doubled or reordered, on a probe
/// missed, or on a delivery on a thread that was not counted.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum Flood {
    static let growthBound = 64.0

    static func run(seconds: Double) -> Bool {
        let first = flood(senders: 3, churn: false, seconds: seconds)
        let second = flood(senders: 2, churn: true, seconds: seconds)
        let third = DeliverOnFlood.run(seconds: seconds)
        return first && second && third
    }

    /// The subscriber's state, touched only inside the subject's deliveries.
    private final class Arrivals: @unchecked Sendable {
        var order: SenderOrder
        var sink = 0

        init(senders: Int) {
            order = SenderOrder(senders: senders)
        }

        func receive(_ value: Int) {
            sink &+= simulatedWork(value)
            guard value >= 0 else { return } // a probe
            order.hear(value)
        }
    }

    private static func flood(senders: Int, churn: Bool, seconds: Double) -> Bool {
        let subject = RACSubject<Int>()
        let arrivals = Arrivals(senders: senders)
        subject.subscribeNext { value in
            ThreadDeliveries.count()
            arrivals.receive(value)
        }
        let bound = serializerDeliveryBound(threads: senders + (churn ? 1 : 0))
        let stop = Atomic<Bool>(false)
        let mostPerSend = Atomic<Int>(0)
        let mostPerChurnCall = Atomic<Int>(0)
        let longestSend = Atomic<UInt64>(0)
        let longestChurnCall = Atomic<UInt64>(0)
        let sent = (0..<senders).map { _ in AtomicWord() }
        let cycles = Atomic<Int>(0)
        let missed = Atomic<Int>(0)
        let peak = Atomic<Int>(0)
        let before = residentMegabytes()
        runConcurrently(threads: senders + (churn ? 2 : 1)) { index in
            if index == senders {
                // The controller: sleeps, samples the resident set, stops.
                controlFlood(seconds: seconds, peak: peak, stop: stop)
                return
            }
            let tally = ThreadDeliveries.start()
            defer { ThreadDeliveries.stop() }
            if index > senders {
                /// Runs `call`, recording its time and the deliveries it ran.
                func measured<Result>(_ most: borrowing Atomic<Int>, _ longest: borrowing Atomic<UInt64>,
                                      _ call: () -> Result) -> Result {
                    let (delivered, start) = (tally.count, monotonicNanoseconds())
                    let result = call()
                    longest.max(monotonicNanoseconds() - start, ordering: .relaxed)
                    most.max(tally.count - delivered, ordering: .relaxed)
                    return result
                }
                var probe = -1
                // At least one cycle, however late this thread starts (it
                // was "while", then "at least one cycle" checked, which a
                // thread starved for the whole flood could miss).
                repeat {
                    let heard = DispatchSemaphore(value: 0)
                    let expected = probe
                    let disposable = measured(mostPerChurnCall, longestChurnCall) {
                        subject.subscribeNext { if $0 == expected { heard.signal() } }
                    }
                    measured(mostPerSend, longestSend) { subject.sendNext(probe) }
                    // A hang guard (it was 2 s, which a loaded machine can take).
                    if heard.wait(timeout: HangGuard.deadline) == .timedOut { missed.add(1, ordering: .relaxed) }
                    measured(mostPerChurnCall, longestChurnCall) { disposable.dispose() }
                    probe -= 1
                    cycles.add(1, ordering: .relaxed)
                } while !stop.load(ordering: .relaxed)
            } else {
                var delivered = 0
                let (count, longest) = sendNumbered(into: subject, as: index, until: stop) { _ in
                    // This thread delivers only inside its own calls: all it
                    // delivered since the last one returned, this one ran.
                    mostPerSend.max(tally.count - delivered, ordering: .relaxed)
                    delivered = tally.count
                }
                sent[index].value.store(count, ordering: .relaxed)
                longestSend.max(longest, ordering: .relaxed)
            }
        }
        let growth = max(Double(peak.load(ordering: .relaxed)), residentMegabytes()) - before
        let totalSent = sent.map { $0.value.load(ordering: .relaxed) }
        let elsewhere = ThreadDeliveries.elsewhere.exchange(0, ordering: .relaxed)
        let exact = arrivals.order.isExact(sent: totalSent) && elsewhere == 0
        let perSend = mostPerSend.load(ordering: .relaxed)
        let send = Double(longestSend.load(ordering: .relaxed)) / 1e6
        report("flood: \(senders) senders\(churn ? " + subscribe/dispose churn" : ""), \(seconds) s")
        report(String(format: "  values sent %ld, delivered %ld, in order and exact: %@%@",
                     totalSent.reduce(0, +), arrivals.order.counts.reduce(0, +), exact ? "yes" : "NO",
                     elsewhere == 0 ? "" : " (\(elsewhere) deliveries on threads not counted)"))
        report(String(format: "  most deliveries in one sendNext %ld (bound %ld); longest sendNext %.2f ms (not checked)",
                     perSend, bound, send))
        report(String(format: "  resident set %.1f MB -> peak %.1f MB (growth %.1f MB)", before, before + growth, growth))
        var passed = exact && perSend <= bound && growth <= growthBound
        if churn {
            let perChurnCall = mostPerChurnCall.load(ordering: .relaxed)
            report(String(format: "  churn: %ld cycles, probes missed %ld; most deliveries in one subscribe or dispose %ld (bound %ld), longest %.2f ms (not checked)",
                         cycles.load(ordering: .relaxed), missed.load(ordering: .relaxed), perChurnCall, bound,
                         Double(longestChurnCall.load(ordering: .relaxed)) / 1e6))
            passed = passed && perChurnCall <= bound && missed.load(ordering: .relaxed) == 0
        }
        let bounds = "bounds: \(bound) deliveries per call, 64 MB growth"
        report(passed ? "  PASS (\(bounds))" : "  FAIL (\(bounds))")
        return passed
    }
}

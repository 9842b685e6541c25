import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization

/// The floods of docs/Concurrency.md points 8 and 9, in a release build: senders
/// that never stop, into one subject whose subscriber does about 200
/// multiply-adds per value, slower than they send.
///
/// 1. Three senders for `seconds`: the longest single `sendNext`, the
///    growth of the resident set, and exact counts.
/// 2. Two senders while a third thread subscribes, sends a probe, waits for
///    it (2 s at most) and disposes, over and over: the longest subscribe,
///    dispose and send, and the probes missed.
///
/// Fails (returns false) past 100 ms for any call or 64 MB of growth.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
enum Flood {
    static let callBound: UInt64 = 100_000_000
    static let growthBound = 64.0

    static func run(seconds: Double) -> Bool {
        let first = flood(senders: 3, churn: false, seconds: seconds)
        let second = flood(senders: 2, churn: true, seconds: seconds)
        return first && second
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
        subject.subscribeNext { arrivals.receive($0) }
        let stop = Atomic<Bool>(false)
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
                let start = monotonicNanoseconds()
                while Double(monotonicNanoseconds() - start) / 1e9 < seconds {
                    Thread.sleep(forTimeInterval: 0.05)
                    peak.max(Int(residentMegabytes()), ordering: .relaxed)
                }
                stop.store(true, ordering: .relaxed)
            } else if index > senders {
                var probe = -1
                while !stop.load(ordering: .relaxed) {
                    let heard = DispatchSemaphore(value: 0)
                    let expected = probe
                    var start = monotonicNanoseconds()
                    let disposable = subject.subscribeNext { if $0 == expected { heard.signal() } }
                    longestChurnCall.max(monotonicNanoseconds() - start, ordering: .relaxed)
                    start = monotonicNanoseconds()
                    subject.sendNext(probe)
                    longestSend.max(monotonicNanoseconds() - start, ordering: .relaxed)
                    if heard.wait(timeout: .now() + 2) == .timedOut { missed.add(1, ordering: .relaxed) }
                    start = monotonicNanoseconds()
                    disposable.dispose()
                    longestChurnCall.max(monotonicNanoseconds() - start, ordering: .relaxed)
                    probe -= 1
                    cycles.add(1, ordering: .relaxed)
                }
            } else {
                let (count, longest) = sendNumbered(into: subject, as: index, until: stop)
                sent[index].value.store(count, ordering: .relaxed)
                longestSend.max(longest, ordering: .relaxed)
            }
        }
        let growth = max(Double(peak.load(ordering: .relaxed)), residentMegabytes()) - before
        let totalSent = sent.map { $0.value.load(ordering: .relaxed) }
        let exact = arrivals.order.isExact(sent: totalSent)
        let send = Double(longestSend.load(ordering: .relaxed)) / 1e6
        let churnCall = Double(longestChurnCall.load(ordering: .relaxed)) / 1e6
        report("flood: \(senders) senders\(churn ? " + subscribe/dispose churn" : ""), \(seconds) s")
        report(String(format: "  values sent %ld, delivered %ld, in order and exact: %@",
                     totalSent.reduce(0, +), arrivals.order.counts.reduce(0, +), exact ? "yes" : "NO"))
        report(String(format: "  longest sendNext %.2f ms; resident set %.1f MB -> peak %.1f MB (growth %.1f MB)",
                     send, before, before + growth, growth))
        var passed = exact && send * 1e6 <= Double(callBound) && growth <= growthBound
        if churn {
            report(String(format: "  churn: %ld cycles, longest subscribe or dispose %.2f ms, probes missed %ld",
                         cycles.load(ordering: .relaxed), churnCall, missed.load(ordering: .relaxed)))
            passed = passed && churnCall * 1e6 <= Double(callBound) && missed.load(ordering: .relaxed) == 0
                && cycles.load(ordering: .relaxed) > 0
        }
        report(passed ? "  PASS (bounds: 100 ms per call, 64 MB growth)" : "  FAIL (bounds: 100 ms per call, 64 MB growth)")
        return passed
    }
}

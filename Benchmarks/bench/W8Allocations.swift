import RACSwift

/// W8: heap allocations per `sendNext` on a subject in steady state, counted
/// by the LD_PRELOAD shim of perf/alloc-count.sh. Target: 0, with N = 1 and
/// N = 10 (an allocation per delivery would show as 10 per send).
enum W8Allocations: Workload {
    static let id = "W8"
    /// Sends before counting starts, so that lazy setup (first snapshot,
    /// queue nodes, metadata) is not charged to the steady state.
    static let settlingSends = 1_000

    static func cases(_ mode: Mode) -> [Case] {
        [1, 10].map { n in
            let sends = mode.count(200_000)
            let values = settlingSends..<settlingSends + sends
            return Case(
                workload: id, label: "subject N=\(n) allocs", params: ["N": n, "M": sends], unit: "send",
                meter: .allocations, units: sends,
                expected: Tally.expected(subscribers: n, values: 0..<values.upperBound),
                baseline: RawFanOut.case(subscribers: n, mode: mode, meter: .allocations),
                targets: [.absolute(atMost: 0)]
            ) {
                let subject = RACSubject<Int>()
                let tallies = Tally.make(n)
                subject.subscribeTallies(tallies)
                for value in 0..<settlingSends { subject.sendNext(value) }
                return Trial(
                    run: { for value in values { subject.sendNext(value) } },
                    observe: { tallies.observed })
            }
        } + lifecycleAllocations(mode) + [innerSignalAllocations(mode)] + runningInnerAllocations(mode)
            + [W13DeliverOn.allocationCase(mode), ContendedSend.allocationCase(workload: id, mode),
               W15Hot.allocationCase(mode)]
    }

    /// Allocations per inner signal of W12's `flattenMap`, in steady state:
    /// a subject feeds the chain, subscribed and settled before counting.
    /// Target 3 (issue 25): the two signals the block builds, and one
    /// more for the whole inner subscription (OpenCombine's `Just(v).map`
    /// makes 1). It makes 2: an inner signal that ends inline is sent to
    /// the gate without a subscription (`RACSignal.sendInline(to:)`).
    private static func innerSignalAllocations(_ mode: Mode) -> Case {
        let sends = mode.count(100_000)
        let values = settlingSends..<settlingSends + sends
        return Case(
            workload: id, label: "W12 inner signal allocs", params: ["M": sends], unit: "value",
            meter: .allocations, units: sends,
            expected: Tally.expected(subscribers: 1, values: 1..<(values.upperBound + 1)),
            targets: [.absolute(atMost: 3)]
        ) {
            let subject = RACSubject<Int>()
            let tallies = Tally.make(1)
            subject.flattenMap(W12FlattenMap.innerSignal).subscribeTallies(tallies)
            for value in 0..<settlingSends { subject.sendNext(value) }
            return Trial(
                run: { for value in values { subject.sendNext(value) } },
                observe: { tallies.observed })
        }
    }

    /// Allocations per inner of W16's `flattenMap` with n inners running
    /// (each a subject, subscribed, then sending and completing), at the
    /// smallest and the largest n: the same count at both (issue 33), so
    /// that a structure that grows by allocating per inner shows. 4 per
    /// inner (among them the subject's first subscriber slots) plus the
    /// outer subscription's, spread over n: 4.06 at 500, 4.00 at 20 000.
    private static func runningInnerAllocations(_ mode: Mode) -> [Case] {
        [W16Growth.smallest, mode.count(20_000)].map { n in
            W16Growth.flattenMapRunning.single(n, workload: id, label: "W16 flattenMap \(n) inners running allocs",
                                                  meter: .allocations, baseline: nil, targets: [.absolute(atMost: 4.1)])
        }
    }

    /// Allocations per W2 subscribe+dispose pair, per W4 `createSignal`
    /// lifecycle, per W4b `return(1)` lifecycle and per W14 `catch`
    /// lifecycle (target: 2 each; `catch` made 9 before issue 33: the
    /// block's signal and the subscriber are the 2 left).
    private static func lifecycleAllocations(_ mode: Mode) -> [Case] {
        let m = mode.count(100_000)
        return [W2Churn.churn(workload: id, label: "W2 subscribe+dispose allocs", pairs: m, meter: .allocations,
                              baseline: nil, targets: [.absolute(atMost: 2)])] + [
            ("W4 createSignal lifecycle allocs", W4CreateSignal.createdSignal),
            ("W4b return(1) lifecycle allocs", RACSignal.return(1)),
            ("W14 catch lifecycle allocs", W14Catch.recovered),
        ].map { label, signal in
            W4CreateSignal.lifecycles(of: signal, workload: id, label: label, count: m, meter: .allocations,
                                      baseline: nil, targets: [.absolute(atMost: 2)])
        }
    }
}

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
        } + lifecycleAllocations(mode)
    }

    /// Allocations per W2 subscribe+dispose pair, per W4 `createSignal`
    /// lifecycle and per W4b `return(1)` lifecycle (target: 2 each).
    private static func lifecycleAllocations(_ mode: Mode) -> [Case] {
        let m = mode.count(100_000)
        return [Case(
            workload: id, label: "W2 subscribe+dispose allocs", params: ["N": RawChurn.steadySubscribers, "M": m],
            unit: "pair", meter: .allocations, units: m, expected: ["churned": 0],
            targets: [.absolute(atMost: 2)]
        ) {
            let subject = RACSubject<Int>()
            subject.subscribeTallies(Tally.make(RawChurn.steadySubscribers))
            let churned = Tally()
            // Settling pairs first, as the sends above settle: the churn
            // appends past the steady subscribers until half the list is
            // empty and compacts it, so the list's storage doubles once in
            // the first hundred pairs, which is not a cost per pair.
            for _ in 0..<2 * RawChurn.steadySubscribers { subject.subscribeNext { churned.add($0) }.dispose() }
            return Trial(
                run: { for _ in 0..<m { subject.subscribeNext { churned.add($0) }.dispose() } },
                observe: { ["churned": churned.count] })
        }] + [
            ("W4 createSignal lifecycle allocs", W4CreateSignal.createdSignal),
            ("W4b return(1) lifecycle allocs", RACSignal.return(1)),
        ].map { label, signal in
            W4CreateSignal.lifecycles(of: signal, workload: id, label: label, count: m, meter: .allocations,
                                      baseline: nil, targets: [.absolute(atMost: 2)])
        }
    }
}

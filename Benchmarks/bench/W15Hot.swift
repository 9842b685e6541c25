import RACSwift

/// W15: a subject with 10 subscribers behind `map` → `filter` → `map` (W5's
/// three blocks), sent M values: RAC 2.5's cold chain, where each
/// subscriber subscribes the chain and the blocks run once per subscriber,
/// against the same chain after `hot()`, where they run once per value.
/// Per source value, against the raw baseline: the three blocks applied
/// once, the result called on 10 closures. Targets: the hot chain at most
/// 1.5x the raw baseline, and at most 1/4 of the cold chain's time.
enum W15Hot: Workload {
    static let id = "W15"
    static let subscribers = 10
    static let coldLabel = "cold map-filter-map N=10"

    static func cases(_ mode: Mode) -> [Case] {
        let raw = rawCase(mode)
        return [
            chainCase(coldLabel, mode, baseline: raw, targets: []) { $0 },
            chainCase("hot map-filter-map N=10", mode, baseline: raw,
                      targets: [.ratio(atMost: 1.5), .ratioToRow(atMost: 0.25, row: coldLabel)]) { $0.hot() },
        ]
    }

    private static func chainCase(_ label: String, _ mode: Mode, baseline: Case, targets: [Target],
                                  _ share: @escaping (RACSubject<Int>) -> RACSignal<Int>) -> Case {
        let m = mode.count(200_000)
        return Case(
            workload: id, label: label, params: ["N": subscribers, "M": m], unit: "value",
            units: m, expected: expected(sourceValues: m), baseline: baseline, targets: targets
        ) {
            let subject = RACSubject<Int>()
            let chain = share(subject).map(RawChain.triple).filter(RawChain.isEven).map(RawChain.increment)
            let tallies = Tally.make(subscribers)
            chain.subscribeTallies(tallies)
            return Trial(run: { for value in 0..<m { subject.sendNext(value) } }, observe: { tallies.observed })
        }
    }

    /// Every subscriber observes W5's values.
    private static func expected(sourceValues m: Int) -> Observed {
        var observed = RawChain.expected(sourceValues: m)
        observed["deliveries"]! *= subscribers
        observed["sum"]! *= subscribers
        return observed
    }

    /// The raw baseline: W5's three blocks applied once per value, the
    /// result called on 10 closures.
    static func rawCase(_ mode: Mode) -> Case {
        let m = mode.count(200_000)
        return Case(
            workload: "raw", label: "map-filter-map fan-out N=10", params: ["N": subscribers, "M": m], unit: "value",
            units: m, expected: expected(sourceValues: m)
        ) {
            let tallies = Tally.make(subscribers)
            let blocks = tallies.blocks
            let (first, keep, second) = (RawChain.triple, RawChain.isEven, RawChain.increment)
            return Trial(run: {
                RawChain.run(0..<m, first, keep, second) { value in
                    for block in blocks { block(value) }
                }
            }, observe: { tallies.observed })
        }
    }
}

import RACSwift

/// W5: a cold source of M values through map, filter, map into one
/// subscriber: the per-value cost of an operator chain.
enum W5Chain: Workload {
    static let id = "W5"

    static func cases(_ mode: Mode) -> [Case] {
        let m = mode.count(2_000_000)
        return [Case(
            workload: id, label: "map-filter-map", params: ["M": m], unit: "value",
            units: m, expected: RawChain.expected(sourceValues: m),
            baseline: RawChain.case(mode), targets: [.ratio(atMost: 3)]
        ) {
            let source = RACSignal<Int>.createSignal { subscriber in
                for value in 0..<m { subscriber.sendNext(value) }
                subscriber.sendCompleted()
                return nil
            }
            let chain = source.map(RawChain.triple).filter(RawChain.isEven).map(RawChain.increment)
            let tallies = Tally.make(1)
            return Trial(run: { chain.subscribeTallies(tallies) }, observe: { tallies.observed })
        }]
    }
}

import RACSwift

/// W12: a cold source of M values through `flattenMap` whose block returns a
/// fresh signal per value (`return(value)` through a `map`): the cost of
/// building and running a small signal chain per value, operator naming
/// included. Compared with the raw subscription lifecycle, one per value;
/// target 4x.
enum W12FlattenMap: Workload {
    static let id = "W12"

    /// The block: a fresh `return` through a `map` per value.
    static let innerSignal: @Sendable (Int) -> RACSignal<Int> = { RACSignal<Int>.return($0).map(RawChain.increment) }

    static func cases(_ mode: Mode) -> [Case] {
        let m = mode.count(200_000)
        return [Case(
            workload: id, label: "flattenMap return+map", params: ["M": m], unit: "value",
            units: m, expected: Tally.expected(subscribers: 1, values: 1..<(m + 1)),
            baseline: RawLifecycle.case(mode), targets: [.ratio(atMost: 4)]
        ) {
            let source = RACSignal<Int>.createSignal { subscriber in
                for value in 0..<m { subscriber.sendNext(value) }
                subscriber.sendCompleted()
                return nil
            }
            let chain = source.flattenMap(innerSignal)
            let tallies = Tally.make(1)
            return Trial(run: { chain.subscribeTallies(tallies) }, observe: { tallies.observed })
        }]
    }
}

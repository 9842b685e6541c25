import RACSwift

/// W12: a cold source of M values through `flattenMap` whose block returns a
/// fresh signal per value (`return(value)` through a `map`): the cost of
/// building and running a small signal chain per value, operator naming
/// included. Compared with the raw subscription lifecycle, one per value;
/// target 4x. A second row, without a target, runs the same inner signals
/// through `concat` (`flatten(1)`: one at a time, through its serializer).
/// A third, W16's `flattenMap` with 20 000 inners running (subjects,
/// subscribed at once, then sending and completing), per inner.
enum W12FlattenMap: Workload {
    static let id = "W12"

    /// The block: a fresh `return` through a `map` per value.
    static let innerSignal: @Sendable (Int) -> RACSignal<Int> = { RACSignal<Int>.return($0).map(RawChain.increment) }

    static func cases(_ mode: Mode) -> [Case] {
        [
            perValue("flattenMap return+map", mode, targets: [.ratio(atMost: 4)]) { $0.flattenMap(innerSignal) },
            perValue("concat return+map", mode, targets: []) { $0.map(innerSignal).concat() },
            // No target: W16 judges its growth; its instructions per inner
            // (perf/callgrind.sh "W12 flattenMap inners running") are the
            // number to watch.
            W16Growth.flattenMapRunning.single(mode.count(20_000), workload: id, label: "flattenMap inners running",
                                                  baseline: RawLifecycle.case(mode), targets: []),
        ]
    }

    /// `operate` applied to a cold source of M values, whose result is
    /// subscribed once and must send each value plus one.
    private static func perValue(_ label: String, _ mode: Mode, targets: [Target],
                                 _ operate: @escaping (RACSignal<Int>) -> RACSignal<Int>) -> Case {
        let m = mode.count(200_000)
        return Case(
            workload: id, label: label, params: ["M": m], unit: "value",
            units: m, expected: Tally.expected(subscribers: 1, values: 1..<(m + 1)),
            baseline: RawLifecycle.case(mode), targets: targets
        ) {
            let source = RACSignal<Int>.createSignal { subscriber in
                for value in 0..<m { subscriber.sendNext(value) }
                subscriber.sendCompleted()
                return nil
            }
            let chain = operate(source)
            let tallies = Tally.make(1)
            return Trial(run: { chain.subscribeTallies(tallies) }, observe: { tallies.observed })
        }
    }
}

import Foundation
import RACSwift

/// W15: a subject with 10 subscribers behind `map` → `filter` → `map`, sent
/// M values: RAC 2.5's cold chain, where each subscriber subscribes the
/// chain and the blocks run once per subscriber, against the same chain
/// after `hot()`, where they run once per value. Per source value, against
/// the raw baseline: the three blocks applied once, the result called on 10
/// closures.
///
/// Two pairs of rows, by what the blocks cost:
///
/// - W5's blocks, a nanosecond each. Target: the hot chain at most 1.5x the
///   raw baseline. The cold chain runs its blocks 10 times over, but they
///   cost next to nothing: its time is its 10 deliveries, which the raw
///   baseline makes too (it measures 0.7–0.8x the cold chain), so no chain
///   can take 1/4 of the cold one's time here.
/// - Weighted blocks, about 30 ns each (a transform that does some work, as
///   a formatter or a parser does). Targets: the hot chain at most 1.5x its
///   raw baseline, and at most 1/4 of the cold chain's time: what `hot()`
///   saves is the blocks' work for every subscriber after the first.
enum W15Hot: Workload {
    static let id = "W15"
    static let subscribers = 10

    static func cases(_ mode: Mode) -> [Case] {
        Blocks.all.flatMap { blocks in
            let raw = rawCase(mode, blocks)
            let cold = "cold map-filter-map N=10\(blocks.suffix)"
            let hotTargets: [Target] = blocks.isWeighted
                ? [.ratio(atMost: 1.5), .ratioToRow(atMost: 0.25, row: cold)]
                : [.ratio(atMost: 1.5)]
            return [
                chainCase(cold, mode, blocks, baseline: raw, targets: [], coldChain),
                chainCase("hot map-filter-map N=10\(blocks.suffix)", mode, blocks, baseline: raw,
                          targets: hotTargets, hotChain),
            ]
        }
    }

    /// Heap allocations per source value of the hot chain with W5's
    /// blocks, in steady state (W8; target 0): the events go through the
    /// four nodes' cores, which allocate nothing per event.
    static func allocationCase(_ mode: Mode) -> Case {
        chainCase("W15 hot map-filter-map N=10 allocs", mode, .light, workload: W8Allocations.id,
                  meter: .allocations, settling: W8Allocations.settlingSends, baseline: nil,
                  targets: [.absolute(atMost: 0)], hotChain)
    }

    /// RAC 2.5's chain: each subscriber subscribes it, and runs its blocks.
    private static func coldChain(_ subject: RACSubject<Int>, _ blocks: Blocks) -> RACSignal<Int> {
        subject.map(blocks.first).filter(blocks.keep).map(blocks.second)
    }

    /// The chain after `hot()`: typed `RACHotSignal` at each step, so that
    /// each operator is the hot one (typed `RACSignal`, the rest of the
    /// chain would be RAC 2.5's cold operators again).
    private static func hotChain(_ subject: RACSubject<Int>, _ blocks: Blocks) -> RACSignal<Int> {
        let chain: RACHotSignal<Int> = subject.hot().map(blocks.first).filter(blocks.keep).map(blocks.second)
        return chain
    }

    private static func chainCase(_ label: String, _ mode: Mode, _ blocks: Blocks, workload: String = id,
                                  meter: Meter = .nanoseconds, settling: Int = 0, baseline: Case?,
                                  targets: [Target],
                                  _ makeChain: @escaping (RACSubject<Int>, Blocks) -> RACSignal<Int>) -> Case {
        let m = mode.count(blocks.values)
        return Case(
            workload: workload, label: label, params: ["N": subscribers, "M": m], unit: "value", meter: meter,
            units: m, expected: expected(sourceValues: settling + m), baseline: baseline, targets: targets
        ) {
            let subject = RACSubject<Int>()
            let chain = makeChain(subject, blocks)
            let tallies = Tally.make(subscribers)
            chain.subscribeTallies(tallies)
            for value in 0..<settling { subject.sendNext(value) }
            return Trial(run: { for value in settling..<settling + m { subject.sendNext(value) } },
                         observe: { tallies.observed })
        }
    }

    /// Every subscriber observes W5's values.
    private static func expected(sourceValues m: Int) -> Observed {
        var observed = RawChain.expected(sourceValues: m)
        observed["deliveries"]! *= subscribers
        observed["sum"]! *= subscribers
        return observed
    }

    /// The raw baselines: the three blocks applied once per value, the
    /// result called on 10 closures.
    static func rawCases(_ mode: Mode) -> [Case] {
        Blocks.all.map { rawCase(mode, $0) }
    }

    private static func rawCase(_ mode: Mode, _ blocks: Blocks) -> Case {
        let m = mode.count(blocks.values)
        return Case(
            workload: "raw", label: "map-filter-map fan-out N=10\(blocks.suffix)",
            params: ["N": subscribers, "M": m], unit: "value", units: m, expected: expected(sourceValues: m)
        ) {
            let tallies = Tally.make(subscribers)
            let fanOut = tallies.blocks
            let (first, keep, second) = (blocks.first, blocks.keep, blocks.second)
            return Trial(run: {
                RawChain.run(0..<m, first, keep, second) { value in
                    for block in fanOut { block(value) }
                }
            }, observe: { tallies.observed })
        }
    }

    /// The three blocks of a pair of rows, and how many values it sends.
    struct Blocks {
        let suffix: String
        let isWeighted: Bool
        let values: Int
        let first: @Sendable (Int) -> Int
        let keep: @Sendable (Int) -> Bool
        let second: @Sendable (Int) -> Int

        static let light = Blocks(suffix: "", isWeighted: false, values: 200_000,
                                  first: RawChain.triple, keep: RawChain.isEven, second: RawChain.increment)
        /// W5's blocks, each after `Work.rounds` rounds of a mixing
        /// function; fewer values, as a cold value costs about 1 µs.
        static let weighted = Blocks(
            suffix: " weighted", isWeighted: true, values: 20_000,
            first: { RawChain.triple($0) &+ Work.done(on: $0) },
            keep: { RawChain.isEven($0 &+ Work.done(on: $0)) },
            second: { RawChain.increment($0) &+ Work.done(on: $0) })
        static let all = [light, weighted]
    }

    /// A fixed amount of work whose result the optimizer cannot drop: it is
    /// masked with `mask`, read from the environment at run time (unset, so
    /// 0) where the optimizer cannot see it, so every block still sends
    /// W5's values.
    enum Work {
        static let rounds = 24
        static let mask = ProcessInfo.processInfo.environment["BENCH_W15_WORK_MASK"].flatMap { Int($0) } ?? 0

        @inline(never)
        static func done(on value: Int) -> Int {
            var mixed = UInt64(truncatingIfNeeded: value)
            for _ in 0..<rounds {
                mixed = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
            }
            return Int(truncatingIfNeeded: mixed) & mask
        }
    }
}

/// The W5 pipeline, map → filter → map, and its raw baseline: the same three
/// closures composed by hand.
enum RawChain {
    static let triple: @Sendable (Int) -> Int = { $0 &* 3 }
    static let isEven: @Sendable (Int) -> Bool = { $0 & 1 == 0 }
    static let increment: @Sendable (Int) -> Int = { $0 &+ 1 }

    /// What the subscriber of the chain observes for the source values 0..<m:
    /// 3v is even exactly when v is, so the even v pass and arrive as 3v + 1.
    static func expected(sourceValues m: Int) -> Observed {
        let evens = (m + 1) / 2                      // 0, 2, …, 2(evens - 1)
        let sumOfEvens = evens * (evens - 1)         // 2 · (0 + 1 + … + (evens - 1))
        return ["deliveries": evens, "sum": 3 * sumOfEvens + evens, "orders differ": 0]
    }

    @inline(never)
    static func run(_ values: Range<Int>, _ first: (Int) -> Int, _ keep: (Int) -> Bool,
                    _ second: (Int) -> Int, into subscriber: (Int) -> Void) {
        for value in values {
            let mapped = first(value)
            if keep(mapped) {
                subscriber(second(mapped))
            }
        }
    }

    static func `case`(_ mode: Mode) -> Case {
        let m = mode.count(2_000_000)
        return Case(
            workload: "raw", label: "map-filter-map", params: ["M": m], unit: "value",
            units: m, expected: expected(sourceValues: m)
        ) {
            let tally = [Tally()]
            let (first, keep, second, subscriber) = (triple, isEven, increment, tally.blocks[0])
            return Trial(
                run: { run(0..<m, first, keep, second, into: subscriber) },
                observe: { tally.observed })
        }
    }
}

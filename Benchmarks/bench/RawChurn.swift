/// Raw baseline for W2: what subscribing one more subscriber and disposing it
/// again is in plain Swift, an append and a remove-last on an array of closures.
enum RawChurn {
    /// Subscribers that stay for the whole case, in W2 and here.
    static let steadySubscribers = 100
    /// Subscribe-dispose pairs per repetition in a full run.
    static let fullPairs = 300_000

    @inline(never)
    static func churn(_ blocks: inout [(Int) -> Void], times: Int, churned: Tally) {
        for _ in 0..<times {
            blocks.append { churned.add($0) }
            blocks.removeLast()
        }
    }

    /// What W2 and this case observe: after the churn, one probe value reaches
    /// every steady subscriber and none of the churned ones.
    static let expected: Observed = ["steady deliveries": steadySubscribers, "churned deliveries": 0]

    static func `case`(_ mode: Mode) -> Case {
        let pairs = mode.count(RawChurn.fullPairs)
        return Case(
            workload: "raw", label: "append+removeLast N=\(steadySubscribers)",
            params: ["N": steadySubscribers, "M": pairs], unit: "pair",
            units: pairs, expected: expected
        ) {
            let steady = Tally.make(steadySubscribers)
            let churned = Tally()
            var blocks = steady.blocks
            return Trial(
                run: { churn(&blocks, times: pairs, churned: churned) },
                observe: {
                    for block in blocks { block(1) }
                    return ["steady deliveries": steady.observed["deliveries"]!,
                            "churned deliveries": churned.count]
                })
        }
    }
}

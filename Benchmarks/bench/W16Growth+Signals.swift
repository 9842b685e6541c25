import RACSwift

extension W16Growth {
    /// Operators over many signals, each row subscribed inside the timed
    /// run (so the subscription's cost per source counts too):
    /// - `flattenMap inners running`: n inner signals subscribed at once
    ///   (each a subject, running until the test completes it), then each
    ///   sends a value and completes, leaving the group: n adds to and
    ///   removes from one compound disposable while it holds up to n
    ///   children. Was quadratic: 11x per inner from 500 to 20 000 at
    ///   14e10dc.
    /// - `merge sources`, `combineLatest sources`, `zip sources`: one
    ///   operator over n subjects, each sending one value and completing
    ///   (combineLatest and zip send one array of n).
    /// - `zip queue`: `zipWith` of two subjects, the first sending n values
    ///   before the second sends any: n values wait in zip's queue.
    /// - `concat queued signals`: `concat()` of a subject sending n inner
    ///   subjects at once: n - 1 wait their turn, each completing in order.
    /// - `RACSignal.concat signals`: the static `concat` of n signals of one
    ///   value each, subscribed.
    /// - `groupBy keys`: n values with distinct keys (n groups, each
    ///   subscribed), then n more to the groups that exist.
    /// `flattenMap inners running` (also counted by W8 and timed by W12).
    static let flattenMapRunning = GrowthRow(structure: "flattenMap inners running", unit: "inner",
                                             expected: { Tally.expected(subscribers: 1, values: 0..<$0) }) { n in
        let outer = RACSubject<Int>()
        let inners = (0..<n).map { _ in RACSubject<Int>() }
        let flattened = outer.flattenMap { inners[$0] }
        let tallies = Tally.make(1)
        return Trial(run: {
            flattened.subscribeTallies(tallies)
            for index in 0..<n { outer.sendNext(index) }
            outer.sendCompleted()
            for (index, inner) in inners.enumerated() {
                inner.sendNext(index)
                inner.sendCompleted()
            }
        }, observe: { tallies.observed })
    }

    static var signalRows: [GrowthRow] {
        [
            flattenMapRunning,
            GrowthRow(structure: "merge sources", unit: "source",
                      expected: { Tally.expected(subscribers: 1, values: 0..<$0) }) { n in
                let sources = (0..<n).map { _ in RACSubject<Int>() }
                let merged = RACSignal.merge(sources)
                let tallies = Tally.make(1)
                return Trial(run: {
                    merged.subscribeTallies(tallies)
                    sendOneValueEach(sources)
                }, observe: { tallies.observed })
            },
            combiningRow("combineLatest sources", RACSignal.combineLatest),
            combiningRow("zip sources", RACSignal.zip),
            GrowthRow(structure: "zip queue", unit: "pair",
                      expected: { Tally.expected(subscribers: 1, values: 0..<$0) }) { n in
                let (first, second) = (RACSubject<Int>(), RACSubject<Int>())
                // Each pair adds up to its index: a check of the pairing.
                let zipped = first.zipWith(second).map { $0.0 + $0.1 }
                let tallies = Tally.make(1)
                return Trial(run: {
                    zipped.subscribeTallies(tallies)
                    for index in 0..<n { first.sendNext(index) }
                    for _ in 0..<n { second.sendNext(0) }
                }, observe: { tallies.observed })
            },
            GrowthRow(structure: "concat queued signals", unit: "inner",
                      expected: { Tally.expected(subscribers: 1, values: 0..<$0) }) { n in
                let outer = RACSubject<RACSignal<Int>>()
                let inners = (0..<n).map { _ in RACSubject<Int>() }
                let concatenated: RACSignal<Int> = outer.concat()
                let tallies = Tally.make(1)
                return Trial(run: {
                    concatenated.subscribeTallies(tallies)
                    for inner in inners { outer.sendNext(inner) }
                    outer.sendCompleted()
                    sendOneValueEach(inners)
                }, observe: { tallies.observed })
            },
            GrowthRow(structure: "RACSignal.concat signals", unit: "signal",
                      expected: { Tally.expected(subscribers: 1, values: 0..<$0) }) { n in
                let concatenated = RACSignal.concat((0..<n).map { RACSignal.return($0) })
                let tallies = Tally.make(1)
                return Trial(run: { concatenated.subscribeTallies(tallies) }, observe: { tallies.observed })
            },
            GrowthRow(structure: "groupBy keys", unit: "value", units: { 2 * $0 },
                      expected: { n in
                          var expected = Tally.expected(subscribers: 1, values: 0..<n)
                          expected["deliveries"] = 2 * n
                          expected["sum"] = 2 * expected["sum"]!
                          return expected
                      }) { n in
                let source = RACSubject<Int>()
                let groups = source.groupBy { $0 }
                let tally = Tally()
                return Trial(run: {
                    groups.subscribeNext { group in group.subscribeNext { tally.add($0) } }
                    for index in 0..<n { source.sendNext(index) }
                    for index in 0..<n { source.sendNext(index) }
                }, observe: {
                    // Two rounds of the same values, in two orders of groups:
                    // count and sum only.
                    ["deliveries": tally.count, "sum": tally.sum, "orders differ": 0]
                })
            },
        ]
    }

    /// Sends each subject's index from it, then completes it.
    private static func sendOneValueEach(_ subjects: [RACSubject<Int>]) {
        for (index, subject) in subjects.enumerated() {
            subject.sendNext(index)
            subject.sendCompleted()
        }
    }

    /// A row of `combine` (`combineLatest`, `zip`) over n subjects, each
    /// sending its index once: one array of n, whose elements are tallied.
    private static func combiningRow(_ structure: String,
                                     _ combine: @escaping ([RACSignal<Int>]) -> RACSignal<[Int]>) -> GrowthRow {
        GrowthRow(structure: structure, unit: "source",
                  expected: { n in ["arrays": 1, "sum": n * (n - 1) / 2] }) { n in
            let sources = (0..<n).map { _ in RACSubject<Int>() }
            let combined = combine(sources)
            let arrays = Tally(), elements = Tally()
            return Trial(run: {
                combined.subscribeNext { array in
                    arrays.add(1)
                    for element in array { elements.add(element) }
                }
                sendOneValueEach(sources)
            }, observe: { ["arrays": arrays.count, "sum": elements.sum] })
        }
    }
}

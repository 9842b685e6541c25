/// Raw floor for W9: every subscriber's block held by an object of its own,
/// as a subscription holds its subscriber, and called through an unretained
/// reference, so that the loop retains nothing: the least a fan-out to N
/// subscribers with N tallies can cost.
///
/// Its growth from N = 100 to N = 10 000 is what the subscribers' own memory
/// (each block's context and tally) costs a loop that does nothing else;
/// W9 shows it next to the subject's.
enum RawHeldFanOut {
    /// One subscriber's block, immutable, so that calling it through a
    /// borrowed reference needs no retain.
    final class Holder {
        let block: (Int) -> Void

        init(_ block: @escaping (Int) -> Void) {
            self.block = block
        }
    }

    @inline(never)
    static func deliver(_ values: Range<Int>, to holders: UnsafeBufferPointer<Unmanaged<Holder>>) {
        for value in values {
            for holder in holders {
                holder._withUnsafeGuaranteedRef { $0.block(value) }
            }
        }
    }

    /// The fan-out to `subscribers` held blocks, per delivery; as a row of
    /// `workload`, compared with `baseline`.
    static func `case`(subscribers n: Int, mode: Mode, workload: String = "raw", baseline: Case? = nil) -> Case {
        let sends = mode.count(RawFanOut.fullDeliveries / n)
        let values = 0..<sends
        return Case(
            workload: workload, label: (workload == "raw" ? "" : "raw ") + "held fan-out N=\(n)",
            params: ["N": n, "M": sends], unit: "delivery", units: sends * n,
            expected: Tally.expected(subscribers: n, values: values), baseline: baseline
        ) {
            let tallies = Tally.make(n)
            // Built here rather than from `tallies.blocks`: a block passed
            // through `map` as a generic value would be wrapped in a
            // reabstraction thunk, a call more per delivery.
            let holders = tallies.map { tally in Holder { tally.add($0) } }
            let references = holders.map { Unmanaged.passUnretained($0) }
            return Trial(
                run: {
                    withExtendedLifetime(holders) {
                        references.withUnsafeBufferPointer { deliver(values, to: $0) }
                    }
                },
                observe: { tallies.observed })
        }
    }
}

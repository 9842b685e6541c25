/// Raw baseline for W1, W6 and W8 deliveries, and (at N = 1) for W3's sends:
/// a plain array of closures, every one called with every value.
enum RawFanOut {
    /// Deliveries per repetition in a full run, whatever N is.
    static let fullDeliveries = 2_000_000

    @inline(never)
    static func deliver(_ values: Range<Int>, to blocks: [(Int) -> Void]) {
        for value in values {
            for block in blocks {
                block(value)
            }
        }
    }

    /// The fan-out to `subscribers` blocks, measured with `meter`. Times are
    /// per delivery (at N = 1, a send); allocations are per send, as W8
    /// counts them.
    static func `case`(subscribers n: Int, mode: Mode, meter: Meter = .nanoseconds) -> Case {
        let sends = mode.count(fullDeliveries / n)
        let values = 0..<sends
        let perSend = n == 1 || meter == .allocations
        return Case(
            workload: "raw", label: "fan-out N=\(n)" + (meter == .allocations ? " allocs" : ""),
            params: ["N": n, "M": sends], unit: perSend ? "send" : "delivery", meter: meter,
            units: perSend ? sends : sends * n, expected: Tally.expected(subscribers: n, values: values)
        ) {
            let tallies = Tally.make(n)
            let blocks = tallies.blocks
            return Trial(run: { deliver(values, to: blocks) }, observe: { tallies.observed })
        }
    }
}

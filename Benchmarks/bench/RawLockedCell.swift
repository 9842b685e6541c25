/// Raw baseline for W10: a value guarded by one pthread mutex that, on each
/// set, stores the value and calls an array of closures with it, still
/// holding the mutex (so that every subscriber sees the sets in one order,
/// as a property's must).
final class RawLockedCell {
    private let mutex = RawMutex()
    private var value = 0
    private let blocks: [(Int) -> Void]

    init(blocks: [(Int) -> Void]) {
        self.blocks = blocks
    }

    @inline(never)
    func set(_ newValue: Int) {
        mutex.lock()
        value = newValue
        for block in blocks {
            block(newValue)
        }
        mutex.unlock()
    }

    /// Sets per repetition in a full run at `subscribers` subscribers.
    static func sets(_ mode: Mode, subscribers n: Int) -> Int {
        mode.count(1_000_000 / n)
    }

    static func `case`(subscribers n: Int, mode: Mode) -> Case {
        let values = 0..<sets(mode, subscribers: n)
        return Case(
            workload: "raw", label: "mutex cell N=\(n)", params: ["N": n, "M": values.count],
            unit: n == 1 ? "set" : "delivery", units: n == 1 ? values.count : values.count * n,
            expected: Tally.expected(subscribers: n, values: values)
        ) {
            let tallies = Tally.make(n)
            let cell = RawLockedCell(blocks: tallies.blocks)
            return Trial(run: { for value in values { cell.set(value) } }, observe: { tallies.observed })
        }
    }
}

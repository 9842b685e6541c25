/// Raw baseline for W3's late replay: a ring buffer of Ints, what a replay
/// subject keeps, read out oldest first into a subscriber block.
struct RawRing {
    private var storage: [Int]
    /// Where the next value goes; once full, also where the oldest value is.
    private var head = 0
    private var isFull = false

    init(capacity: Int) {
        storage = Array(repeating: 0, count: capacity)
    }

    mutating func append(_ value: Int) {
        storage[head] = value
        head += 1
        if head == storage.count {
            head = 0
            isFull = true
        }
    }

    /// Calls `block` with every buffered value, oldest first.
    @inline(never)
    func replay(to block: (Int) -> Void) {
        if isFull {
            for value in storage[head...] { block(value) }
        }
        for value in storage[..<head] { block(value) }
    }

    /// The replay case: `mode.count(1_000_000)` values replayed per repetition,
    /// as late subscribers each replaying a buffer of at most 100 000 values
    /// (W3 does the same).
    static func replayCase(_ mode: Mode) -> Case {
        let (buffered, subscribers) = replayShape(mode)
        return Case(
            workload: "raw", label: "ring replay", params: ["buffered": buffered, "subscribers": subscribers],
            unit: "value", units: buffered * subscribers,
            expected: Tally.expected(subscribers: subscribers, values: 0..<buffered)
        ) {
            var filling = RawRing(capacity: buffered)
            for value in 0..<buffered { filling.append(value) }
            let ring = filling
            let tallies = Tally.make(subscribers)
            let blocks = tallies.blocks
            return Trial(
                run: { for block in blocks { ring.replay(to: block) } },
                observe: { tallies.observed })
        }
    }

    /// Buffered values and late subscribers for a late-replay case.
    static func replayShape(_ mode: Mode) -> (buffered: Int, subscribers: Int) {
        let values = mode.count(1_000_000)
        let buffered = min(values, 100_000)
        return (buffered, values / buffered)
    }
}

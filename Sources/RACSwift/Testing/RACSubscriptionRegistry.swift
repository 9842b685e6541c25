import CShims

/// Every record of a live subscription, lock-free to add to.
///
/// Adding pushes onto a Treiber stack (`incoming`). The records are sorted
/// out, and the ended ones dropped, by one thread at a time, the one that
/// holds the `busy` flag: a listing, or an adder once every 1 024 adds
/// (it skips that if the flag is taken), which keeps the stack and the
/// ended records bounded by the live ones plus about 1 024 per thread. A
/// listing waits only for another holder's sorting (bounded by the records
/// there are), never for a subscription.
internal enum RACSubscriptionRegistry {
    /// Word 0: the top of `incoming`; word 1: `busy`; word 2: the adds
    /// since the start; word 3: the sequence of the next record.
    private static let words = RACAtomicCell(count: 4)

    /// The records taken from `incoming`, oldest first; touched only by the
    /// holder of `busy`, whose acquiring claim and releasing end publish it
    /// from holder to holder.
    nonisolated(unsafe) private static var sorted: [RACSubscriptionRecord] = []

    private static var incoming: RACPendingStack<RACSubscriptionRecord> { RACPendingStack(top: words.word(0)) }

    internal static func nextSequence() -> Int {
        words.word(3).fetchAdd(1, .relaxed)
    }

    /// The sequence the next record will have.
    internal static var currentSequence: Int { words.word(3).load(.relaxed) }

    internal static func add(_ record: RACSubscriptionRecord) {
        incoming.push(record)
        if words.word(2).fetchAdd(1, .relaxed) & 1_023 == 1_023, claim() {
            sort()
            words.word(1).store(0, .release)
        }
    }

    /// The records of the subscriptions that have not ended, oldest first.
    internal static func live() -> [RACSubscriptionRecord] {
        // The holder only sorts, with no call out: its hold ends soon.
        while !racSpin(until: claim) {}
        sort()
        let live = sorted
        words.word(1).store(0, .release)
        return live
    }

    /// Takes `busy`, if free. Acquire: see `sorted`.
    private static func claim() -> Bool {
        words.word(1).load(.relaxed) == 0 && words.word(1).compareExchange(expected: 0, desired: 1, .acquire, .relaxed) == 0
    }

    /// Holder only: moves `incoming` into `sorted` and drops ended records.
    private static func sort() {
        sorted.removeAll { $0.hasEnded }
        incoming.takeAll { record in
            if !record.hasEnded { sorted.append(record) }
        }
    }
}

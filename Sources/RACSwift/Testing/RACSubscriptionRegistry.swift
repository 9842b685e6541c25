import CShims

/// Every record of a live subscription, lock-free to add to and to list.
///
/// The records hang in one singly linked list of `RACRegistryNode`s, newest
/// first. Adding pushes a node on the top, as a Treiber stack does (a
/// compare-exchange of the top that never reads the node it replaces, so it
/// has no ABA problem). A listing walks the list from the top and takes the
/// records that have not ended; nothing is taken off the list by a listing,
/// so a listing sees every record added before it began, whatever other
/// listings do meanwhile.
///
/// The nodes of ended records are unlinked by the compactor: one thread at a
/// time, the one that takes the `busy` flag with a compare-exchange, and
/// only if it is free. An adder tries once the adds since the last
/// compaction reach as many as the records that compaction kept (at least
/// 1 024), a listing once before it walks; a thread that finds the flag
/// taken skips the compaction (nobody waits for the compactor, and a
/// listing is right without it). The
/// compactor never unlinks the top node, which adders compare against, only
/// nodes below the top it loaded, whose `next` words only it writes. That
/// keeps the list bounded by the live records plus those that ended since
/// the last compaction, and an add's share of the compactions' walks
/// constant: a walk of the n nodes a compaction kept plus the k added
/// since comes after k >= n adds (a fixed period of 1 024 adds made it
/// n / 1 024 per add, growing with the live subscriptions).
///
/// Reclamation: an unlinked node may still be read by a listing that
/// reached it before the unlink, so it is retired, not freed. A listing
/// announces itself in the `readers` count before it loads the top and
/// withdraws after its last read; the compactor frees the retired nodes only
/// when, after its unlinks, it reads the count as 0. A listing counted then
/// is not yet done, so the nodes wait for a later compaction. A listing that
/// announced after that read cannot reach them: the unlinking stores, the
/// count's changes and read, and the listing's loads of the top and of each
/// `next` are all sequentially consistent, so in their single total order
/// the unlinks come before the compactor's read, hence before the
/// announcement and every load after it, and a load sees the last store
/// before it. A listing that withdrew before the read has its reads
/// published to the compactor by the withdrawal (a release) and the read
/// (an acquire). (Listings that overlap without a break keep retired nodes
/// until one finds the count at 0: a listing is a debugging call.)
internal enum RACSubscriptionRegistry {
    /// Word 0: the top node (the bits of its +1 unmanaged reference, held by
    /// the list), or 0; word 1: `busy`; word 2: the adds since the last
    /// compaction; word 3: the sequence of the next record; word 4:
    /// `readers`, the listings walking the list now; word 5: the records the
    /// last compaction kept, the adds after which an adder compacts (at
    /// least `minimumPeriod`).
    private static let words = RACAtomicCell(count: 6)

    /// The nodes unlinked and not yet freed; touched only by the holder of
    /// `busy`, whose acquiring claim and releasing end publish it from
    /// holder to holder.
    nonisolated(unsafe) private static var retired: [RACRegistryNode] = []

    private static var top: RACAtomicWord { words.word(0) }
    private static var busy: RACAtomicWord { words.word(1) }
    private static var readers: RACAtomicWord { words.word(4) }
    private static var addsSinceCompaction: RACAtomicWord { words.word(2) }
    private static var period: RACAtomicWord { words.word(5) }
    /// The fewest adds between an adder's compactions.
    private static let minimumPeriod = 1_024

    internal static func nextSequence() -> Int {
        words.word(3).fetchAdd(1, .relaxed)
    }

    /// The sequence the next record will have.
    internal static var currentSequence: Int { words.word(3).load(.relaxed) }

    internal static func add(_ record: RACSubscriptionRecord) {
        let node = Unmanaged.passRetained(RACRegistryNode(record))
        let bits = Int(bitPattern: node.toOpaque())
        var seen = top.load(.relaxed)
        while true {
            // The node is not yet published: nobody else reads its link.
            node._withUnsafeGuaranteedRef { $0.next.store(seen, .relaxed) }
            // Release: a listing that loads this top sees the node's
            // fields. (Its loads are sequentially consistent, which
            // includes acquire.)
            let observed = top.compareExchange(expected: seen, desired: bits, .release, .relaxed)
            if observed == seen { break }
            seen = observed
        }
        // Relaxed: a count that is off by a racing add or reset only moves
        // a compaction by one add.
        if addsSinceCompaction.fetchAdd(1, .relaxed) + 1 >= max(period.load(.relaxed), minimumPeriod) {
            compactIfFree()
        }
    }

    /// The records of the subscriptions that have not ended, oldest first.
    internal static func live() -> [RACSubscriptionRecord] {
        compactIfFree()
        var records: [RACSubscriptionRecord] = []
        // Sequentially consistent: see the type's reclamation argument.
        _ = readers.fetchAdd(1, .seq_cst)
        var bits = top.load(.seq_cst)
        while let node = RACRegistryNode.at(bits) {
            node._withUnsafeGuaranteedRef { node in
                if !node.record.hasEnded { records.append(node.record) }
                bits = node.next.load(.seq_cst)
            }
        }
        // Sequentially consistent (so also a release): after this, the
        // compactor may free what this walk read.
        _ = readers.fetchSub(1, .seq_cst)
        records.reverse()
        return records
    }

    /// Compacts the list, unless another thread is doing so.
    private static func compactIfFree() {
        // Acquire: see `retired`.
        guard busy.load(.relaxed) == 0, busy.compareExchange(expected: 0, desired: 1, .acquire, .relaxed) == 0
        else { return }
        compact()
        busy.store(0, .release)
    }

    /// Holder of `busy` only: unlinks the nodes of ended records below the
    /// top, then frees the retired nodes if no listing is walking.
    private static func compact() {
        addsSinceCompaction.store(0, .relaxed)
        guard var previous = RACRegistryNode.at(top.load(.seq_cst)) else { return }
        var bits = previous._withUnsafeGuaranteedRef { $0.next.load(.seq_cst) }
        var kept = 1
        defer { period.store(kept, .relaxed) }
        while let node = RACRegistryNode.at(bits) {
            // Only this thread writes the links of nodes below the top.
            let after = node._withUnsafeGuaranteedRef { $0.next.load(.relaxed) }
            if node._withUnsafeGuaranteedRef({ $0.record.hasEnded }) {
                // Sequentially consistent: see the reclamation argument.
                previous._withUnsafeGuaranteedRef { $0.next.store(after, .seq_cst) }
                // The list's +1 passes to `retired`.
                retired.append(node.takeRetainedValue())
            } else {
                previous = node
                kept += 1
            }
            bits = after
        }
        if !retired.isEmpty && readers.load(.seq_cst) == 0 { retired.removeAll() }
    }
}

/// A node of `RACSubscriptionRegistry`'s list: a record and the link to the
/// next (older) node.
internal final class RACRegistryNode {
    /// Word 0: the bits of the next node's unmanaged reference, or 0 (see
    /// `RACInlineAtomics`); must stay the first stored property. Never
    /// touched by name.
    internal var _atomics: Int = 0
    internal let record: RACSubscriptionRecord

    internal init(_ record: RACSubscriptionRecord) {
        self.record = record
    }

    /// The link to the next node.
    internal var next: RACAtomicWord { RACInlineAtomics.word(0, of: self) }

    /// The node whose unmanaged reference has the bits `bits`, or nil for 0.
    internal static func at(_ bits: Int) -> Unmanaged<RACRegistryNode>? {
        UnsafeRawPointer(bitPattern: bits).map { Unmanaged.fromOpaque($0) }
    }
}

import CShims

/// A run of `capacity` slots of a `RACDeliveryQueue`, linked to the next
/// run: the queue is a list of chunks that its sender fills at the tail and
/// the scheduler empties at the head.
///
/// Each slot is an event and four node words (`nodes`): the node of the
/// run the event starts, if it starts one (`RACWorkNode`; words 0 and 1
/// the scheduler queue's, 2 and 3 the run's). So scheduling an event
/// allocates nothing.
///
/// Fixed-size chunks, not a ring: a sender that must not wait (see
/// `RACDeliveryQueue`) goes past the bound by linking another chunk, in
/// order, and the queue shrinks back as the drain hands them back. In
/// steady state the sender reuses the chunks handed back, so delivering
/// allocates nothing.
@usableFromInline
internal final class RACDeliveryChunk<Value> {
    /// How many events a chunk holds: twice a subject's backlog bound
    /// (`RACSerializerLimits`), 128, so that a chunk's allocation is paid
    /// once per 128 events until the queue has made the chunks its own
    /// bound needs; in the controlled build, where a scenario sets that
    /// bound small, a scenario's few events cross chunks.
    @inlinable internal static var capacity: Int { 2 * RACSerializerLimits.backlogLimit }

    /// How many words a slot's node takes.
    @inlinable internal static var nodeWords: Int { 4 }

    /// The slots, initialized from the drain's index (inclusive) to the
    /// sender's (exclusive) while the chunk is in use.
    @usableFromInline internal let slots: UnsafeMutablePointer<RACEvent<Value>>

    /// The slots' nodes: word 1 of each names the queue that owns the
    /// chunk (`adopt(by:)`).
    @usableFromInline internal let nodes: UnsafeMutablePointer<Int>

    /// The chunk after this one. Written by the sender before the first
    /// event it puts there is counted into a run or pushed; read by the
    /// drain after it read that count, which orders the two.
    @exclusivity(unchecked) @usableFromInline internal var next: RACDeliveryChunk?

    /// The next chunk in the list of those handed back (bits of a retained
    /// reference, or 0): written by the drain before it pushes this one,
    /// read by the sender after it took the list.
    @exclusivity(unchecked) @usableFromInline internal var spare = 0

    @usableFromInline
    internal init() {
        racs_delivery_chunks_add(1)
        slots = .allocate(capacity: Self.capacity)
        nodes = .allocate(capacity: Self.nodeWords * Self.capacity)
        nodes.initialize(repeating: 0, count: Self.nodeWords * Self.capacity)
    }

    /// Names `owner` in every node (before any is pushed). Unretained: a
    /// pushed run holds its owner.
    @usableFromInline
    internal func adopt(by owner: RACScheduledWork) {
        let bits = Int(bitPattern: Unmanaged.passUnretained(owner).toOpaque())
        for index in 0..<Self.capacity { nodes[Self.nodeWords * index + 1] = bits }
    }

    /// The node of slot `index`.
    @inlinable
    internal func node(_ index: Int) -> RACWorkNode {
        nodes + Self.nodeWords * index
    }

    /// Releases a list of chunks handed back (the bits of the first, or
    /// 0), one by one.
    @usableFromInline
    internal static func releaseList(_ list: Int) {
        var bits = list
        while bits != 0 {
            let chunk = Unmanaged<RACDeliveryChunk>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeRetainedValue()
            bits = chunk.spare
            chunk.spare = 0
        }
    }

    /// Frees the slots; the queue has delivered (moved out) every event
    /// put in them.
    deinit {
        slots.deallocate()
        nodes.deallocate()
        racs_delivery_chunks_add(-1)
    }

    /// The chunks made and not yet freed, by every queue: what a test of
    /// a queue's memory counts (each queue's are bounded; see
    /// `RACDeliveryQueue`, "Memory"). Exact once the threads involved have
    /// synchronized with the reader.
    internal static var liveCount: Int { racs_delivery_chunk_count() }
}

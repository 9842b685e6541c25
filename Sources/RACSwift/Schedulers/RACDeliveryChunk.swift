/// A run of `capacity` slots of a `RACDeliveryQueue`, linked to the next
/// run: the queue is a list of chunks that its sender fills at the tail and
/// its drain empties at the head.
///
/// Fixed-size chunks, not a ring: a sender that must not wait (see
/// `RACDeliveryQueue`) goes past the bound by linking another chunk, in
/// order, and the queue shrinks back as the drain frees them. In steady
/// state the drain hands each emptied chunk back for reuse (the queue's
/// spare), so delivering allocates nothing.
@usableFromInline
internal final class RACDeliveryChunk<Value> {
    /// How many events a chunk holds: twice the backlog bound, so that a
    /// queue within its bound (which the sender can pass by one or two)
    /// never spans three chunks: the sender then always finds the chunk
    /// before last emptied and offered as the spare, and two chunks serve
    /// a flood, with no allocation. (At the bound itself, a chunk of 64
    /// left the sender needing a third one now and then.)
    @inlinable internal static var capacity: Int { 2 * RACSerializerLimits.backlogLimit }

    /// The slots, initialized from the drain's index (inclusive) to the
    /// sender's (exclusive) while the chunk is in use.
    @usableFromInline internal let slots: UnsafeMutablePointer<RACEvent<Value>>

    /// The chunk after this one. Written by the sender before it counts the
    /// first event it puts there; read by the drain after it has counted
    /// that event in, which orders the two (see `RACDeliveryQueue.send`).
    @exclusivity(unchecked) @usableFromInline internal var next: RACDeliveryChunk?

    @usableFromInline
    internal init() {
        slots = .allocate(capacity: Self.capacity)
    }

    /// Frees the slots; the queue deinitializes the events still in them
    /// first (a chunk on its own does not know which are).
    deinit {
        slots.deallocate()
    }
}

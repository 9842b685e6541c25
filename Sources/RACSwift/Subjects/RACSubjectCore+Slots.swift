// The subject core's slots (see RACSubjectCore.swift for the roles): one
// per subscription, with its sink and, beside it in the same allocation,
// its lent block.
//
// The subscriber list needs no reclamation scheme. Only the owner ever
// reads or changes `slots`, so no other thread can hold a pointer into
// it; and the owner changes it only between deliveries, never under a
// delivery loop (see `apply`), so the loop may use each slot's sink
// unretained and rely on the indices: a subscriber that subscribes
// another, or disposes itself or another, from its block has its change
// applied after the delivery.
//
// Disposal is O(1). A disposed subscription's sink stops at once (its own
// flag); the owner then empties its slot, releasing the subscriber and
// its blocks, and compacts the list once half of it is empty.
extension RACSubjectCore {
    /// Slots below `count` that are nil.
    @inlinable
    internal var emptySlots: Int {
        get { Int(slotTallies.empty) }
        set { slotTallies.empty = Int32(newValue) }
    }
    /// Slots below `count` whose sink's block is lent (see `blocks`): when
    /// it equals `count`, `unlentMark` is clear.
    @inlinable
    internal var lentSlots: Int {
        get { Int(slotTallies.lent) }
        set { slotTallies.lent = Int32(newValue) }
    }

    /// For each slot, the sink's `next` block, borrowed (see
    /// `RACBorrowedBlock`), or none (a null function pointer): an empty
    /// slot, or a sink that is not a block subscriber with a `next` block
    /// that only this subject feeds. Same capacity and indices as `slots`,
    /// right after them in their allocation (a field of its own would take
    /// the object's one spare word: see `slotTallies`).
    @inlinable @inline(__always)
    internal var blocks: UnsafeMutablePointer<RACBorrowedBlock<Value>> {
        UnsafeMutableRawPointer(slots + capacity).assumingMemoryBound(to: RACBorrowedBlock<Value>.self)
    }

    /// Storage for `capacity` slots and their blocks.
    @inlinable
    internal static func allocateSlots(capacity: Int) -> UnsafeMutablePointer<RACSubjectSlot?> {
        let bytes = capacity * (MemoryLayout<RACSubjectSlot?>.stride + MemoryLayout<RACBorrowedBlock<Value>>.stride)
        return UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<RACSubjectSlot?>.alignment)
            .bindMemory(to: RACSubjectSlot?.self, capacity: capacity)
    }

    /// Adds `subscription` to the deliveries, unless it was disposed
    /// already (perhaps by a replayed value); ends it if the subject has
    /// ended.
    @usableFromInline
    internal func insert(_ subscription: RACSubjectSubscription) {
        guard !subscription.isDisposed, subscription.sink != nil else {
            subscription.sink = nil
            return
        }
        if let ending { return end(subscription, with: ending) }
        if count == capacity { growSlots() }
        subscription.index = count
        // The slot takes the subscription's +1 on the sink, moved out of it
        // (no retain and release on the way, unlike a copy and a nil).
        let sink = Unmanaged.passRetained(subscription.sink.take()!).toOpaque()
        slots[count] = RACSubjectSlot(subscription: .passRetained(subscription), sink: sink)
        // Borrowed from the slot: no retain and release around the lend.
        let lent = Unmanaged<RACSubscriptionSink<Value>>.fromOpaque(sink)._withUnsafeGuaranteedRef {
            lendBlock(of: $0, in: subscription, to: blocks + count)
        }
        count += 1
        // A lent block keeps the mark as it was; any other sink sets it.
        if lent { slotTallies.lent &+= 1 } else { markUnlent() }
    }

    /// Empties `subscription`'s slot, releases it at once and compacts
    /// once half the slots are empty. A removal is an operation of its own
    /// (`unsubscribe`'s, when it finds the serializer idle, or
    /// `apply(.unsubscribe)`), never part of a delivery, so no delivery
    /// loop holds this slot's sink or relies on the indices meanwhile (see
    /// `apply`).
    @usableFromInline
    internal func remove(_ subscription: RACSubjectSubscription) {
        let index = subscription.index
        guard index >= 0, index < count, let entry = slots[index],
              entry.subscription.takeUnretainedValue() === subscription else {
            // Not in a slot: disposed before the core took it in (a replay
            // subject's subscription still scheduled, whose block will not
            // run now). Let go of its sink, which holds it: kept, the two
            // would keep each other alive.
            subscription.sink = nil
            return
        }
        slots[index] = nil
        if RACBorrowedBlock.isPresent(blocks + index) { slotTallies.lent &-= 1 }
        RACBorrowedBlock.clear(blocks + index)
        subscription.index = -1
        slotTallies.empty &+= 1
        markUnlent()
        entry.release()
        if emptySlots >= 8 && emptySlots * 2 >= count { compact() }
    }

    @usableFromInline
    internal func releaseAll() {
        let entries = (0..<count).compactMap { slots[$0] }
        for index in 0..<count {
            slots[index] = nil
            RACBorrowedBlock.clear(blocks + index)
        }
        count = 0
        emptySlots = 0
        lentSlots = 0
        updateUnlentMark()
        for entry in entries {
            entry.subscription._withUnsafeGuaranteedRef { $0.index = -1 }
            entry.release()
        }
    }

    /// Moves the live slots to the front, keeping their order. Never during
    /// a delivery, whose loop relies on indices staying put.
    @usableFromInline
    internal func compact() {
        var live = 0
        for index in 0..<count {
            guard let entry = slots[index] else { continue }
            entry.subscription._withUnsafeGuaranteedRef { $0.index = live }
            slots[live] = entry
            RACBorrowedBlock.move(from: blocks + index, to: blocks + live)
            live += 1
        }
        for index in live..<count {
            slots[index] = nil
            RACBorrowedBlock.clear(blocks + index)
        }
        count = live
        emptySlots = 0
        updateUnlentMark()
    }

    /// Doubles the slot storage. Never during a delivery, whose loop reads
    /// `blocks` once: a subscribe made then, by the owner or handed over,
    /// joins after it (`insert` runs only as an operation of its own).
    @usableFromInline
    internal func growSlots() {
        precondition(!isDelivering, "RACSubjectCore: slots grown during a delivery")
        let newCapacity = Swift.max(capacity * 2, 4)
        let newSlots = Self.allocateSlots(capacity: newCapacity)
        newSlots.moveInitialize(from: slots, count: count)
        (newSlots + count).initialize(repeating: nil, count: newCapacity - count)
        // The blocks own nothing: copied as bytes. Past `count` they are
        // written by `insert` before they are read.
        UnsafeMutableRawPointer(newSlots + newCapacity).copyMemory(from: blocks,
                                                                   byteCount: count * MemoryLayout<RACBorrowedBlock<Value>>.stride)
        slots.deallocate()
        slots = newSlots
        capacity = newCapacity
    }
}

/// A subject's slot: a subscription and its sink (of the core's `Value`),
/// each +1; `release()` lets go of both.
@frozen @usableFromInline
internal struct RACSubjectSlot {
    @usableFromInline internal let subscription: Unmanaged<RACSubjectSubscription>
    @usableFromInline internal let sink: UnsafeMutableRawPointer

    @inlinable
    internal init(subscription: Unmanaged<RACSubjectSubscription>, sink: UnsafeMutableRawPointer) {
        self.subscription = subscription
        self.sink = sink
    }

    @usableFromInline
    internal func release() {
        Unmanaged<RACDisposable>.fromOpaque(sink).release()
        subscription.release()
    }
}

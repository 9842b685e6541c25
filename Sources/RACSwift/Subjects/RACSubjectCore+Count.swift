extension RACSubjectCore {
    /// The subscribers now, for `graph()`; nil if another thread is inside
    /// the serializer (delivering, subscribing), which this never waits for.
    ///
    /// Read as the serializer's owner, the only thread that may read the
    /// slots: from inside a delivery on this thread, directly; otherwise by
    /// entering the serializer if it is idle, and applying, as any owner
    /// does, what other threads hand over before it leaves.
    internal func subscriberCount() -> Int? {
        if isOwnedByCurrentThread { return count - emptySlots }
        guard serializer.tryEnter() else { return nil }
        let subscribers = count - emptySlots
        let waiting = serializer.leave()
        if waiting != 0 { serializer.drain(accounted: waiting) { applyAsOwner($0) } }
        return subscribers
    }
}

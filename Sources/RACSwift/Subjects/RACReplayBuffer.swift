/// The values a replay subject keeps for late subscribers: a ring buffer of
/// the last `capacity` values.
///
/// Appending is O(1) and never shifts: when full, the newest value
/// overwrites the oldest in place. An unlimited buffer grows geometrically
/// (doubling), so appends stay amortized O(1). Owned by one
/// `RACSubjectCore` and touched only by the thread inside its serializer,
/// which is what makes access exclusive: Swift's dynamic exclusivity checks
/// are turned off for its fields.
@usableFromInline
internal final class RACReplayBuffer<Value> {
    /// The most values kept; `Int.max` keeps all.
    @usableFromInline internal let capacity: Int
    @exclusivity(unchecked) @usableFromInline internal var storage: UnsafeMutablePointer<Value>
    @exclusivity(unchecked) @usableFromInline internal var allocated: Int
    /// Index of the oldest value.
    @exclusivity(unchecked) @usableFromInline internal var head = 0
    @exclusivity(unchecked) @usableFromInline internal var count = 0

    @usableFromInline
    internal init(capacity: Int) {
        precondition(capacity >= 0, "a replay capacity cannot be negative")
        self.capacity = capacity
        allocated = Swift.min(capacity, 16)
        storage = .allocate(capacity: allocated)
    }

    deinit {
        forEachIndex { storage.advanced(by: $0).deinitialize(count: 1) }
        storage.deallocate()
    }

    /// Keeps `value`, dropping the oldest value if the buffer is full.
    @inlinable
    internal func append(_ value: Value) {
        if count < allocated {
            var slot = head + count
            if slot >= allocated { slot -= allocated }
            (storage + slot).initialize(to: value)
            count += 1
        } else if allocated < capacity {
            grow()
            (storage + count).initialize(to: value)
            count += 1
        } else if allocated > 0 {
            // Full: the newest replaces the oldest, which moves up by one.
            storage[head] = value
            head += 1
            if head == allocated { head = 0 }
        }
    }

    /// Calls `body` with each kept value, oldest first.
    @inlinable
    internal func forEach(_ body: (Value) -> Void) {
        forEachIndex { body(storage[$0]) }
    }

    @inlinable
    internal func forEachIndex(_ body: (Int) -> Void) {
        var slot = head
        for _ in 0..<count {
            body(slot)
            slot += 1
            if slot == allocated { slot = 0 }
        }
    }

    /// Doubles the storage (up to `capacity`), moving the values to the
    /// front in order so that `head` becomes 0.
    @usableFromInline
    internal func grow() {
        let newAllocated = Swift.min(capacity, Swift.max(allocated * 2, 16))
        let newStorage = UnsafeMutablePointer<Value>.allocate(capacity: newAllocated)
        let firstRun = Swift.min(count, allocated - head)
        (newStorage).moveInitialize(from: storage + head, count: firstRun)
        (newStorage + firstRun).moveInitialize(from: storage, count: count - firstRun)
        storage.deallocate()
        storage = newStorage
        allocated = newAllocated
        head = 0
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The values a replay subject keeps for late subscribers: a ring buffer of
/// the last `capacity` values.
///
/// Appending is O(1) and never shifts: when full, the newest value
/// overwrites the oldest in place. An unlimited buffer grows geometrically
/// (doubling), so appends stay amortized O(1); for trivial values it grows
/// with `realloc`, which for large buffers remaps pages instead of copying
/// them. Owned by one
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
        guard capacity >= 0 else { racMisuse("a replay capacity cannot be negative, not \(capacity)") }
        self.capacity = capacity
        allocated = Swift.min(capacity, 16)
        storage = Self.reallocate(nil, capacity: allocated)
    }

    deinit {
        // At most two contiguous runs: one call each, which is free for
        // trivial values (deinit runs unspecialized, so per-element calls
        // would cost a runtime call per value).
        let firstRun = Swift.min(count, allocated - head)
        (storage + head).deinitialize(count: firstRun)
        storage.deinitialize(count: count - firstRun)
        free(storage)
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
        var slot = head
        for _ in 0..<count {
            body(storage[slot])
            slot += 1
            if slot == allocated { slot = 0 }
        }
    }

    /// Doubles the storage (up to `capacity`). Only called before the
    /// buffer is full at `capacity`, so `head` is still 0 and the values
    /// occupy `storage[0..<count]`.
    @usableFromInline
    internal func grow() {
        assert(head == 0, "a ring buffer only grows before it wraps")
        let newAllocated = Swift.min(capacity, Swift.max(allocated * 2, 16))
        if _isPOD(Value.self) {
            storage = Self.reallocate(storage, capacity: newAllocated)
        } else {
            // Values with references must be moved by Swift, not by bits.
            let newStorage = Self.reallocate(nil, capacity: newAllocated)
            newStorage.moveInitialize(from: storage, count: count)
            free(storage)
            storage = newStorage
        }
        allocated = newAllocated
    }

    /// `realloc` for `capacity` values (malloc's 16-byte alignment suits
    /// every value whose alignment is at most 16, checked here).
    @usableFromInline
    internal static func reallocate(_ pointer: UnsafeMutablePointer<Value>?, capacity: Int)
        -> UnsafeMutablePointer<Value> {
        guard MemoryLayout<Value>.alignment <= 16 else {
            racMisuse("replay values aligned beyond 16 bytes are not supported: \(Value.self)")
        }
        let bytes = Swift.max(capacity, 1) * MemoryLayout<Value>.stride
        guard let raw = realloc(pointer, bytes) else { fatalError("out of memory for a replay buffer") }
        return raw.bindMemory(to: Value.self, capacity: Swift.max(capacity, 1))
    }
}

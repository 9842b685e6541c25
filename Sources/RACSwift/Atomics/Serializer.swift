import CShims

/// A non-blocking serializer: at most one thread at a time applies
/// operations to the state it guards, and no thread ever waits for another.
///
/// This is the queue-drain pattern over an atomic counter. A caller that finds
/// the serializer idle enters with one compare-and-swap, applies its operation
/// directly and leaves with one decrement: two atomic read-modify-writes and
/// no allocation. A caller that finds it busy pushes its operation onto a
/// lock-free stack of pending operations, counts itself in and returns at
/// once; the thread inside (the *owner*) applies what was handed over before
/// it leaves. Operations are applied in one total order that keeps each
/// thread's own operations in the order it performed them.
///
/// The serializer replaces RAC 2.5's `@synchronized` and spin locks: the state
/// it guards is only ever touched by the owner, so it needs no atomics of its
/// own, and the acquire/release pairs below publish it from owner to owner.
///
/// Storage is two atomic words supplied by the owner object (see
/// `RACInlineAtomics`): `entries`, the number of operations inside or handed
/// over and not yet accounted for, and `pending`, the top of a
/// `RACPendingStack` of handed-over operations.
@frozen @usableFromInline
internal struct RACSerializer<Operation> {
    @usableFromInline internal let entries: RACAtomicWord
    @usableFromInline internal let pending: RACAtomicWord

    @inlinable @inline(__always)
    internal init(entries: RACAtomicWord, pending: RACAtomicWord) {
        self.entries = entries
        self.pending = pending
    }

    /// Performs an operation with exclusive access to the guarded state: on
    /// this thread with `now` if the serializer is idle, otherwise by handing
    /// `operation` over to the thread inside, which applies it with `apply`
    /// before it leaves.
    ///
    /// `now` must do what `apply(operation)` would. It exists so that the
    /// uncontended path never materializes the operation.
    ///
    /// Everything past the uncontended path (handing over, applying what
    /// others handed over) runs inside `racOutOfLine`. For an operation type
    /// that depends on a generic parameter, that code needs the type's
    /// runtime metadata, and a metadata lookup is a hash-table search that
    /// costs more than the rest of the path together. The compiler treats
    /// those lookups as free of side effects and hoists them to the top of
    /// the function, where they would run on every call, also uncontended;
    /// behind a call it cannot inline they stay on the paths that need them.
    ///
    /// `now` and `apply` may call `perform` again (from the owner or any
    /// other thread): such a call is handed over and applied after the
    /// current operation, never nested.
    @inlinable @inline(__always)
    internal func perform(_ operation: @autoclosure () -> Operation,
                          now: () -> Void,
                          _ apply: (Operation) -> Void) {
        if tryEnter() {
            now()
            let waiting = leave()
            if waiting != 0 {
                racOutOfLine { drain(accounted: waiting, apply) }
            }
        } else {
            racOutOfLine {
                if handOver(operation()) { drain(accounted: 1, apply) }
            }
        }
    }

    // The pieces of `perform`, for an owner that spells its hottest
    // operation out (`RACSubscriptionSink.sendNextSerialized(_:)`), so that
    // its slow paths are calls taking nothing but the owner and the
    // operation's arguments, and the uncontended path needs no closure.

    /// Enters the serializer if it is idle; returns false if another thread
    /// is inside, in which case the caller must hand its operation over.
    @inlinable @inline(__always)
    internal func tryEnter() -> Bool {
        // Acquire on success: the previous owner released the guarded state
        // with its final decrement; we must see its writes.
        entries.compareExchange(expected: 0, desired: 1, .acquire, .relaxed) == 0
    }

    /// Leaves after `tryEnter()` succeeded and the operation was applied.
    /// Returns how many operations were handed over meanwhile: if not 0,
    /// the caller is still the owner and must `drain(accounted:_:)` them.
    @inlinable @inline(__always)
    internal func leave() -> Int {
        // Release: publishes the guarded state to the next owner.
        // Acquire: if others handed operations over meanwhile, we stay
        // owner and must see what they pushed.
        entries.fetchSub(1, .acq_rel) - 1
    }

    /// Pushes `operation` for the owner and counts it in. Returns true if the
    /// owner left meanwhile, making this thread the owner (it must then apply
    /// the pending operations, its own among them).
    @usableFromInline
    internal func handOver(_ operation: Operation) -> Bool {
        RACPendingStack(top: pending).push(operation)
        // The increment comes after the push, so whenever the owner sees the
        // count, the operation it counts is already on the stack. Acquire:
        // if the count was 0 we are the owner and need the previous owner's
        // writes; release: orders our push before the owner's next decrement.
        return entries.fetchAdd(1, .acq_rel) == 0
    }

    /// Applies what was handed over, then leaves; loops while more arrives.
    /// `accounted` is how many entries the owner may subtract once it has
    /// applied everything pending.
    @usableFromInline
    internal func drain(accounted: Int, _ apply: (Operation) -> Void) {
        var accounted = accounted
        while true {
            applyPending(apply)
            // Release: publishes the guarded state to the next owner.
            // Acquire: if we stay owner, we must see what was pushed since.
            let remaining = entries.fetchSub(accounted, .acq_rel) - accounted
            if remaining == 0 { return }
            accounted = remaining
        }
    }

    /// Applies everything handed over so far, oldest first.
    @usableFromInline
    internal func applyPending(_ apply: (Operation) -> Void) {
        RACPendingStack<Operation>(top: pending).takeAll(apply)
    }
}

/// Runs `body`, behind a call the optimizer does not inline: what
/// `RACSerializer.perform` puts its contended paths in, so that their
/// runtime type lookups are not hoisted onto the uncontended path.
@inline(never) @usableFromInline
internal func racOutOfLine(_ body: () -> Void) {
    body()
}

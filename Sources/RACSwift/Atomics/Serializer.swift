import CShims

/// A non-blocking serializer: at most one thread at a time applies
/// operations to the state it guards, no thread waits for another while the
/// load is moderate, and no call does more than a bounded share of the
/// others' work.
///
/// This is the queue-drain pattern over an atomic counter. A caller that
/// finds the serializer idle enters with one compare-and-swap, applies its
/// operation directly and leaves with one decrement: two atomic
/// read-modify-writes and no allocation. A caller that finds it busy pushes
/// its operation onto a lock-free stack of pending operations (in a node
/// from its own thread's cache, which the owner gives back once it has
/// applied it: no allocation either, see CShims/include/RACNodeCache.h),
/// counts itself in and, normally, returns at once; the thread inside (the
/// *owner*) applies what was handed over before it leaves. Operations are
/// applied in one total order that keeps each thread's own operations in
/// the order it performed them.
///
/// The roles live in three files: this one enters, hands over and leaves;
/// `Serializer+Drain.swift` is the owner's side (applying the queue, the
/// term, passing ownership); `Serializer+Waiting.swift` is the waiting
/// caller's side (the waits at the bound and when they end). The bounds
/// they keep together:
///
/// - **Work per call (a term).** An owner applies at most `termLength`
///   operations (its own included) before it looks for a successor: it sets
///   the *retiring* bit, arrivals wait, and it passes the serializer, with
///   everything still queued, to the first waiting caller it meets in the
///   queue. Until one turns up it applies only what was handed over before
///   the bit was set: at most `backlogLimit` plus one per thread that was
///   between reading `entries` and pushing. So a call applies its own
///   operation, a term and that backlog, whatever the subscribers' speed.
/// - **Memory (the backlog).** A caller that finds `backlogLimit`
///   operations outstanding waits too, for its operation to be applied or
///   for the serializer to be passed to it, however long that takes while
///   the owner makes progress (as it would wait for a lock). So at most
///   `backlogLimit` operations wait, plus one per thread that is sending.
///   Nothing is lost or reordered at the bound: a waiting caller's
///   operation is in the stack in its place, like any other.
///
/// Three things end a wait before that, each for a reason of structure,
/// never because a subscriber is slow (see `Serializer+Waiting.swift`):
/// a thread never waits for a serializer it is inside (it would wait for
/// itself); a thread inside another serializer waits only briefly (the
/// owner may be waiting for it); and a caller whose owner has applied
/// *nothing* for `patience` (one delivery that has lasted a second: a block
/// that blocks, perhaps until this very thread does something) goes on as a
/// plain hand-over and warns once. The last adds at most one operation per
/// sending thread per second in which the owner applies nothing; it changes
/// nothing for any other caller: the next one waits again.
///
/// The serializer replaces RAC 2.5's `@synchronized` and spin locks: the
/// state it guards is only ever touched by the owner, so it needs no
/// atomics of its own, and the acquire/release pairs below publish it from
/// owner to owner.
///
/// Storage is `wordCount` consecutive atomic words supplied by the owner
/// object (see `RACInlineAtomics`): `entries`, the number of operations
/// inside or handed over and not yet accounted for, plus the retiring and
/// owner-waits bits; `pending`, the top of a `RACPendingStack` of
/// handed-over operations; `queue`, the owner's list of taken operations not
/// yet applied; and `progress`, how many operations owners have applied from
/// the queue (what a waiter watches to tell a slow owner from a stuck one).
/// Only owners write the last two (relaxed accesses, ordered by the
/// hand-overs of ownership).
@frozen @usableFromInline
internal struct RACSerializer<Operation> {
    @usableFromInline internal let entries: RACAtomicWord
    @usableFromInline internal let pending: RACAtomicWord
    @usableFromInline internal let queue: RACAtomicWord
    @usableFromInline internal let progress: RACAtomicWord

    /// How many consecutive words a serializer takes.
    @inlinable internal static var wordCount: Int { 4 }

    /// A serializer over `words` and the `wordCount - 1` words after it.
    @inlinable @inline(__always)
    internal init(_ words: RACAtomicWord) {
        entries = words
        pending = RACAtomicWord(words.address + 1)
        queue = RACAtomicWord(words.address + 2)
        progress = RACAtomicWord(words.address + 3)
    }

    /// Performs an operation with exclusive access to the guarded state: on
    /// this thread with `now` if the serializer is idle, otherwise by handing
    /// `operation` over to the thread inside, which applies it with `apply`.
    ///
    /// `now` must do what `apply(operation)` would. It exists so that the
    /// uncontended path never materializes the operation.
    ///
    /// With `untilApplied` (asked only when the operation is handed over),
    /// returns only once the operation has been applied, on this thread or
    /// by the owner: what `RACCompoundDisposable.dispose()` needs to promise
    /// that every child is disposed when it returns (from inside a disposal
    /// it waits however long that takes, warning once if the owner applies
    /// nothing for `patience`; elsewhere, a `RACProperty`'s set, it stops
    /// as any waiter does). Such a call waits even from inside another
    /// serializer, but never for one this thread is inside (there the
    /// operation is applied by this thread, after the current one), nor for
    /// an owner in a long wait while this thread holds something (see
    /// `RACWaitMarks`).
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
    ///
    /// `handingOver` runs, on this thread, just before the operation is
    /// handed over (never when it is applied by `now`): a subject counts its
    /// unsubscribes in flight there (`RACSubjectCore.unsubscribe`).
    ///
    /// `guarded` is what the serializer guards, if it is a signal (a
    /// subject), named in the message that stops a cycle of sends
    /// (`RACHandOverDepth`). An object, not a closure that names it: a
    /// closure made the optimizer stop inlining a subject's uncontended
    /// send (36 instructions more per send, W1).
    @inlinable @inline(__always)
    internal func perform(_ operation: @autoclosure () -> Operation,
                          untilApplied: @autoclosure () -> Bool = false,
                          handingOver: () -> Void = {},
                          guarded: AnyObject? = nil,
                          now: () -> Void,
                          _ apply: (Operation) -> Void) {
        if tryEnter() {
            now()
            let waiting = leave()
            if waiting != 0 {
                racOutOfLine { drain(accounted: waiting, apply) }
            }
        } else {
            handingOver()
            // The node is filled here, in code specialized for the
            // operation's type, whose size and layout are then constants:
            // inside `handOver`, which runs unspecialized, they would cost
            // a metadata lookup (a hash-table search) per hand-over.
            racOutOfLine {
                handOver(RACPendingNode(operation()), untilApplied: untilApplied(), guarded: guarded, apply)
            }
        }
    }

    // The pieces of `perform`, for an owner that spells its hottest
    // operation out (`RACSubscriptionSink.sendNextSerialized(_:)`), so that
    // its slow paths are calls taking nothing but the owner and the
    // operation's arguments, and the uncontended path needs no closure.

    /// Enters the serializer if it is idle; returns false if another thread
    /// is inside (or the last owner left the retiring bit set), in which
    /// case the caller must hand its operation over.
    @inlinable @inline(__always)
    internal func tryEnter() -> Bool {
        // Acquire on success: the previous owner released the guarded state
        // with its final decrement; we must see its writes.
        guard entries.compareExchange(expected: 0, desired: 1, .acquire, .relaxed) == 0 else { return false }
        // Plain thread-local stores: the list of serializers this thread is
        // inside, which the waits consult.
        racs_serializer_entered(entries.address)
        return true
    }

    /// Whether no thread is inside and nothing is handed over. Acquire:
    /// once true, every operation handed over before has been applied, and
    /// whatever the owners wrote is visible.
    @inlinable @inline(__always)
    internal var isIdle: Bool {
        entries.load(.acquire) == 0
    }

    /// Leaves after `tryEnter()` succeeded and the operation was applied.
    /// Returns how many operations were handed over meanwhile: if not 0,
    /// the caller is still the owner and must `drain(accounted:_:)` them.
    @inlinable @inline(__always)
    internal func leave() -> Int {
        // Release: publishes the guarded state to the next owner.
        // Acquire: if others handed operations over meanwhile, we stay
        // owner and must see what they pushed. (No retiring bit can be set,
        // as only an owner past its first term sets it.)
        let waiting = (entries.fetchSub(1, .acq_rel) - 1) & RACSerializerLimits.countMask
        if waiting == 0 { racs_serializer_left() }
        return waiting
    }

    /// Hands the operation of `node`, a fresh node, over to the owner, and
    /// returns when it may: at once, normally; after the operation was
    /// applied, for `untilApplied` or when the serializer is overloaded. If
    /// the owner left meanwhile, or passes the serializer on to this thread,
    /// applies the pending operations itself (its own among them) before
    /// returning. Stops the program, naming `guarded`, if the operation is
    /// one lap too many of a cycle (`RACHandOverDepth`).
    @usableFromInline
    internal func handOver(_ node: RACPendingNode<Operation>, untilApplied: Bool, guarded: AnyObject? = nil,
                           _ apply: (Operation) -> Void) {
        // Not yet published: the push's release orders this store.
        let depth = RACHandOverDepth.stamp(handingOverTo: guarded)
        node.depth = depth
        // Relaxed: the count only steers the choice to wait; whatever it
        // reads, the operation is counted in and applied exactly once. A
        // thread never waits for a serializer it is inside: it would wait
        // for itself.
        let waits = (untilApplied || RACSerializerLimits.isOverloaded(entries.load(.relaxed)))
            && !racs_owns_serializer(entries.address)
        if waits {
            // Not yet published: the push's release orders this store.
            node.state.store(RACHandOverState.waiting, .relaxed)
            // A plain allocation must outlive this thread's wait, which
            // may read it after the owner is done (RACNodeCache.h, point 5).
            racs_node_share_with_waiter(node.bits)
        }
        RACPendingStack(top: pending).push(node: node)
        // The increment comes after the push, so whenever the owner sees the
        // count, the operation it counts is already on the stack. Acquire:
        // if the count was 0 we are the owner and need the previous owner's
        // writes; release: orders our push before the owner's next decrement.
        let before = entries.fetchAdd(1, .acq_rel)
        if before & RACSerializerLimits.countMask == 0 {
            // Owner at once: nobody is to pass the serializer to this
            // node, which must not look like a waiter to this very drain.
            if waits {
                node.state.store(RACHandOverState.none, .relaxed)
                racs_node_waiter_done(node.bits)
            }
            becomeOwner()
            drain(accounted: 1, apply)
            return
        }
        guard waits else { return }
        let turn = wait(for: node, untilApplied: untilApplied)
        // Read before this thread counts itself out of the node.
        let accounted = turn == RACHandOverState.owner ? node.accounted : 0
        // The node is this thread's queue's now: its depth goes back into
        // the word that carried `accounted`, for the drain below.
        if turn == RACHandOverState.owner { node.depth = depth }
        racs_node_waiter_done(node.bits)
        if turn == RACHandOverState.owner {
            becomeOwner()
            drain(accounted: accounted, apply)
        }
    }

    /// Counts this thread in and starts a fresh term: arrivals no longer
    /// need to wait.
    @usableFromInline
    internal func becomeOwner() {
        racs_serializer_entered(entries.address)
        // Relaxed: the bit publishes nothing; it only steers arrivals.
        #if RACS_KNOWN_BUGS
        let flags = RACSerializerLimits.retiring | RACSerializerLimits.stalled
        #else
        let flags = RACSerializerLimits.retiring
        #endif
        if entries.load(.relaxed) & flags != 0 {
            _ = entries.fetchAnd(~flags, .relaxed)
        }
    }
}

/// Runs `body`, behind a call the optimizer does not inline: what
/// `RACSerializer.perform` puts its contended paths in, so that their
/// runtime type lookups are not hoisted onto the uncontended path.
@inline(never) @usableFromInline
internal func racOutOfLine(_ body: () -> Void) {
    body()
}

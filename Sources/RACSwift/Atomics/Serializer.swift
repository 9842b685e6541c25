import CShims

/// A non-blocking serializer: at most one thread at a time applies
/// operations to the state it guards, no thread waits for another while the
/// load is moderate, and no call does more than a bounded share of the
/// others' work.
///
/// This is the queue-drain pattern over an atomic counter, with two bounds.
/// A caller that finds the serializer idle enters with one compare-and-swap,
/// applies its operation directly and leaves with one decrement: two atomic
/// read-modify-writes and no allocation. A caller that finds it busy pushes
/// its operation onto a lock-free stack of pending operations, counts itself
/// in and, normally, returns at once; the thread inside (the *owner*)
/// applies what was handed over before it leaves. Operations are applied in
/// one total order that keeps each thread's own operations in the order it
/// performed them.
///
/// **Bounded work (a term).** An owner applies at most `termLength`
/// operations (its own included) before it looks for a successor. From then
/// on, arriving callers must wait (the *retiring* bit in `entries` tells
/// them), and the owner passes the serializer, with everything still
/// queued, to the first waiting caller it meets in the queue; that caller
/// returns from its wait as the new owner, applies its own operation and
/// starts a term of its own. Until a waiter turns up the owner goes on
/// applying, but only what was handed over before the bit was set (at most
/// `backlogLimit` plus one per thread that was between reading `entries`
/// and pushing): so no call applies more than its own operation, a term,
/// and that backlog (with one exception, at the end of this comment).
///
/// **Bounded memory (the backlog).** A caller that finds `backlogLimit`
/// operations outstanding also waits, for its operation to be applied or
/// for the serializer to be passed to it. Handed-over operations therefore
/// never exceed `backlogLimit`, plus one per waiting thread. Nothing is
/// lost and nothing is reordered at the bound: a waiting caller's operation
/// is in the stack in its place, like any other.
///
/// **No long waits inside.** A thread that is inside any serializer (a
/// subscriber's block that sends, the trampolines of `concat` and
/// `flatten`) never waits for one it is inside (it would wait for itself;
/// a thread-local list, `racs_owned_serializers`, says which those are),
/// and at the bound waits for another only briefly: the spin of
/// `wait(for:untilApplied:)` (a thousand pauses, then up to 64 yields of
/// the processor: tens of microseconds when no other thread wants it),
/// never the sleep. Then it hands over and returns, past the bound if need
/// be. While it waits, the owner may pass it the serializer, and it
/// delivers a term of that serializer's operations inside its own
/// delivery. (`untilApplied` callers, `RACCompoundDisposable.dispose()`'s,
/// wait as long as it takes from anywhere; see `perform`.)
///
/// The owner it waits for could be waiting for it: two subjects that
/// forward into each other, flooded from both ends. Both spins would then
/// end without progress, on every value. So a brief waiter marks the
/// serializers it is inside (`ownerWaits`), and does not wait for one
/// whose owner has marked it: a cycle of brief waits never closes (see
/// `waitBriefly`), and costs next to nothing (W7's forwarding cycle row).
///
/// Threads inside none wait as long as it takes: a waiter that has waited
/// `patience` for an owner that never reaches it (an owner blocked in a
/// block until this very thread does something) stops waiting, warns once
/// on standard error, and leaves its operation to be applied in its place
/// as a plain hand-over; it sets the *stalled* bit, so that nobody waits
/// for that owner again until another takes over.
///
/// What is left without a strict bound: a thread inside a serializer that
/// forwards into another (a subscriber of one flooded subject that sends
/// into a second) while the second's owner takes longer than the spin to
/// reach it: descheduled, blocked in a block, or delivering to a subscriber
/// that takes that long for one value; or while that owner waits briefly
/// itself. The forwarder then hands that one operation over past the
/// bound, and waits again with the next. Before the brief wait, the queue
/// grew with the whole flood whenever another thread was delivering
/// (`ForwardingBoundStressTests`); now it stays at the bound while that
/// thread keeps pace with the values, as in the soak.
///
/// The serializer replaces RAC 2.5's `@synchronized` and spin locks: the
/// state it guards is only ever touched by the owner, so it needs no
/// atomics of its own, and the acquire/release pairs below publish it from
/// owner to owner.
///
/// Storage is three atomic words supplied by the owner object (see
/// `RACInlineAtomics`), consecutive: `entries`, the number of operations
/// inside or handed over and not yet accounted for, plus the retiring,
/// stalled and owner-waits bits;
/// `pending`, the top of a `RACPendingStack` of handed-over operations; and
/// `queue`, the owner's list of taken operations not yet applied (only the
/// owner reads or writes it; relaxed accesses, ordered by the hand-overs of
/// ownership).
@frozen @usableFromInline
internal struct RACSerializer<Operation> {
    @usableFromInline internal let entries: RACAtomicWord
    @usableFromInline internal let pending: RACAtomicWord
    @usableFromInline internal let queue: RACAtomicWord

    /// A serializer over `words` and the two words after it.
    @inlinable @inline(__always)
    internal init(_ words: RACAtomicWord) {
        entries = words
        pending = RACAtomicWord(words.address + 1)
        queue = RACAtomicWord(words.address + 2)
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
    /// by the owner: what
    /// `RACCompoundDisposable.dispose()` needs to promise that every child
    /// is disposed when it returns. Such a call waits even from inside
    /// another serializer; see the compound for why that wait cannot close
    /// a cycle. (Past `patience`, it too warns once and returns, leaving
    /// the operation to the owner.)
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
                          untilApplied: @autoclosure () -> Bool = false,
                          now: () -> Void,
                          _ apply: (Operation) -> Void) {
        if tryEnter() {
            now()
            let waiting = leave()
            if waiting != 0 {
                racOutOfLine { drain(accounted: waiting, apply) }
            }
        } else {
            // The node is made here, in code specialized for the
            // operation's type, whose metadata is then a cached load: made
            // inside `handOver`, which runs unspecialized, it cost a
            // metadata lookup (a hash-table search) per hand-over.
            racOutOfLine { handOver(RACPendingNode(operation()), untilApplied: untilApplied(), apply) }
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
        // Plain thread-local stores: see "No long waits inside".
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
        // as only an owner past its first term sets it; a waiter may have
        // set the stalled bit.)
        let waiting = (entries.fetchSub(1, .acq_rel) - 1) & RACSerializerLimits.countMask
        if waiting == 0 { racs_serializer_left() }
        return waiting
    }

    /// Hands the operation of `node`, a fresh node, over to the owner, and
    /// returns when it may: at once, normally; after the operation was
    /// applied, for `untilApplied` or when the serializer is overloaded. If
    /// the owner left meanwhile, or passes the serializer on to this thread,
    /// applies the pending operations itself (its own among them) before
    /// returning.
    @usableFromInline
    internal func handOver(_ node: RACPendingNode<Operation>, untilApplied: Bool, _ apply: (Operation) -> Void) {
        // Relaxed: the count only steers the choice to wait; whatever it
        // reads, the operation is counted in and applied exactly once. A
        // thread never waits for a serializer it is inside (it would wait
        // for itself); inside another, it waits only briefly (see `wait`).
        let waits = untilApplied
            || (RACSerializerLimits.isOverloaded(entries.load(.relaxed)) && !racs_owns_serializer(entries.address))
        if waits {
            // Not yet published: the push's release orders this store.
            node.state.store(RACHandOverState.waiting, .relaxed)
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
            if waits { node.state.store(RACHandOverState.none, .relaxed) }
            becomeOwner()
            drain(accounted: 1, apply)
            return
        }
        guard waits else { return }
        if wait(for: node, untilApplied: untilApplied) == RACHandOverState.owner {
            becomeOwner()
            drain(accounted: node.accounted, apply)
        }
    }

    /// Counts this thread in and starts a fresh term: arrivals no longer
    /// need to wait, and a new owner is not stalled.
    @usableFromInline
    internal func becomeOwner() {
        racs_serializer_entered(entries.address)
        // Relaxed: the bits publish nothing; they only steer arrivals.
        let flags = RACSerializerLimits.retiring | RACSerializerLimits.stalled
        if entries.load(.relaxed) & flags != 0 {
            _ = entries.fetchAnd(~flags, .relaxed)
        }
    }

    /// Applies what was handed over, then leaves; loops while more arrives,
    /// for one term, then passes the serializer to a waiting caller.
    /// `accounted` is how many entries the owner may subtract once it has
    /// applied everything pending.
    ///
    /// Applied nodes are let go of once this thread is no longer the owner
    /// (`spent`): letting go of an operation can free what it carries (the
    /// last reference to a disposable given to `remove(_:)`, say), and that
    /// object's `deinit` may call back into this very serializer, or into
    /// another whose owner is calling into this one. Inside, a
    /// `RACCompoundDisposable.dispose()` from such a `deinit` would wait
    /// for its own thread; outside, it is a plain call. A drain longer than
    /// a term and a backlog (only the case the type comment leaves without
    /// a strict bound) lets go of them in batches of that size instead, so
    /// that its memory stays bounded; a `dispose()` caught that way stalls for `patience`
    /// and warns, rather than hanging.
    @usableFromInline
    internal func drain(accounted: Int, _ apply: (Operation) -> Void) {
        var accounted = accounted
        var applied = 0
        var retiring = false
        var spent = 0
        var spentCount = 0
        defer { Self.release(spent) }
        while true {
            while let bits = nextQueued() {
                let node = RACPendingStack<Operation>.node(bits)
                if applied >= RACSerializerLimits.termLength {
                    if !retiring {
                        // From now on arrivals wait, so that one of them can
                        // take over. Relaxed: the bit publishes nothing.
                        retiring = true
                        _ = entries.fetchOr(RACSerializerLimits.retiring, .relaxed)
                    }
                    if passOwnership(to: node, accounted: accounted) {
                        racs_serializer_left()
                        return
                    }
                }
                queue.store(node._withUnsafeGuaranteedRef { $0.next }, .relaxed)
                node._withUnsafeGuaranteedRef { node in
                    apply(node.element)
                    finish(node)
                    // The node is the owner's alone now (its +1 came with
                    // the queue): it joins the spent list.
                    node.next = spent
                }
                spent = bits
                spentCount += 1
                if spentCount == RACSerializerLimits.termLength + RACSerializerLimits.backlogLimit {
                    Self.release(spent)
                    (spent, spentCount) = (0, 0)
                }
                applied += 1
            }
            // Release: publishes the guarded state to the next owner.
            // Acquire: if we stay owner, we must see what was pushed since.
            let after = entries.fetchSub(accounted, .acq_rel) - accounted
            let remaining = after & RACSerializerLimits.countMask
            if remaining == 0 {
                racs_serializer_left()
                return
            }
            accounted = remaining
        }
    }

    /// Lets go of a list of applied nodes (see `drain`).
    @usableFromInline
    internal static func release(_ list: Int) {
        var bits = list
        while bits != 0 {
            let node = RACPendingStack<Operation>.node(bits).takeRetainedValue()
            bits = node.next
        }
    }

    /// The oldest operation not yet applied, as node bits, or nil: the head
    /// of the queue, refilled from the stack when it runs dry. Owner only.
    @usableFromInline
    internal func nextQueued() -> Int? {
        var head = queue.load(.relaxed)
        if head == 0 {
            head = RACPendingStack<Operation>(top: pending).takeAllOldestFirst()
            if head == 0 { return nil }
            queue.store(head, .relaxed)
        }
        return head
    }

    /// Moves everything handed over so far to the end of the queue, and
    /// calls `body` with every operation queued, oldest first, without
    /// applying any. Owner only: what a subject needs to see what its
    /// pending sends will do before a subscription made inside a delivery
    /// joins (see `RACSubjectCore.subscribeAsOwner`).
    @usableFromInline
    internal func forEachPending(_ body: (Operation) -> Void) {
        let taken = RACPendingStack<Operation>(top: pending).takeAllOldestFirst()
        if taken != 0 { append(taken) }
        var bits = queue.load(.relaxed)
        while bits != 0 {
            let node = RACPendingStack<Operation>.node(bits)
            node._withUnsafeGuaranteedRef { body($0.element) }
            bits = node._withUnsafeGuaranteedRef { $0.next }
        }
    }

    /// Queues `operation` after everything pending, as one more entry, so
    /// that the owner applies it before it leaves. Owner only.
    @usableFromInline
    internal func enqueueAsOwner(_ operation: Operation) {
        // Relaxed: the owner's own later decrement orders it; the count is
        // at least 1 (the owner's entry) before and after.
        _ = entries.fetchAdd(1, .relaxed)
        append(Int(bitPattern: Unmanaged.passRetained(RACPendingNode(operation)).toOpaque()))
    }

    /// Links the list that starts at `list` after the last queued node.
    @usableFromInline
    internal func append(_ list: Int) {
        var bits = queue.load(.relaxed)
        if bits == 0 {
            queue.store(list, .relaxed)
            return
        }
        while true {
            let node = RACPendingStack<Operation>.node(bits)
            let next = node._withUnsafeGuaranteedRef { $0.next }
            if next == 0 {
                node._withUnsafeGuaranteedRef { $0.next = list }
                return
            }
            bits = next
        }
    }

    /// Tells the waiter of an applied node, if any, that it may return.
    @usableFromInline
    internal func finish(_ node: RACPendingNode<Operation>) {
        // Relaxed: a node nobody waits for stays `none`; the waiter's own
        // store of `waiting` was published by its push.
        guard node.state.load(.relaxed) != RACHandOverState.none else { return }
        // Release: the waiter must see what the operation did.
        if node.state.exchange(RACHandOverState.applied, .acq_rel) == RACHandOverState.sleeping {
            racs_word_wake(node.state.address)
        }
    }

    /// Passes the serializer, and the queue that starts at `node`, to the
    /// thread waiting on `node`. Returns false if nobody waits on it (the
    /// node is a plain hand-over, or its thread stopped waiting).
    @usableFromInline
    internal func passOwnership(to bits: Unmanaged<RACPendingNode<Operation>>, accounted: Int) -> Bool {
        // Strong across the wake: once the waiter sees `owner`, it may
        // apply the node and let it go before `racs_word_wake` is called.
        let node = bits.takeUnretainedValue()
        return withExtendedLifetime(node) {
            var state = node.state.load(.relaxed)
            while state == RACHandOverState.waiting || state == RACHandOverState.sleeping {
                node.accounted = accounted
                // Release: the new owner must see the guarded state, the
                // queue word and `accounted`.
                let seen = node.state.compareExchange(expected: state, desired: RACHandOverState.owner,
                                                      .acq_rel, .relaxed)
                if seen == state {
                    if state == RACHandOverState.sleeping { racs_word_wake(node.state.address) }
                    return true
                }
                state = seen
            }
            return false
        }
    }

    /// Waits until the owner has applied `node`'s operation or passed the
    /// serializer on to this thread; returns which (`applied`, `owner`), or
    /// `none` if it stopped waiting after `patience`. A thread inside
    /// another serializer waits as `waitBriefly` says instead.
    @usableFromInline
    internal func wait(for node: RACPendingNode<Operation>, untilApplied: Bool) -> Int {
        if !untilApplied && racs_owns_a_serializer() { return waitBriefly(for: node) }
        let state = node.state
        // Spin first, then yield, then sleep: at the bound, the owner
        // reaches the node within a term's deliveries (microseconds), and
        // a sleep and its wake-up cost a system call each, more than the
        // wait. The spin lasts tens of microseconds (`pause` takes tens of
        // nanoseconds); the yields let an owner that shares this core run.
        if let seen = spin(on: state) { return seen }
        let start = racs_monotonic_ns()
        var seen = state.compareExchange(expected: RACHandOverState.waiting, desired: RACHandOverState.sleeping,
                                         .acquire, .acquire)
        while true {
            if seen == RACHandOverState.applied || seen == RACHandOverState.owner { return seen }
            let waited = racs_monotonic_ns() - start
            if waited >= RACSerializerLimits.patience {
                // Go on as a plain hand-over, unless the owner got here
                // first: it is still applied in its place, by the owner.
                seen = state.compareExchange(expected: RACHandOverState.sleeping, desired: RACHandOverState.none,
                                             .acquire, .acquire)
                if seen == RACHandOverState.sleeping {
                    // Later arrivals do not wait for this owner either,
                    // until another takes over. Relaxed: a hint.
                    _ = entries.fetchOr(RACSerializerLimits.stalled, .relaxed)
                    if untilApplied {
                        racs_warn_once(1, """
                            RACSwift: dispose() waited 1 s for the thread changing the same compound \
                            disposable, and returned before its children were disposed (that thread \
                            disposes them). Is a disposable's block on that thread waiting for this one? \
                            (Warned once.)
                            """)
                    } else {
                        racs_warn_once(0, """
                            RACSwift: a send, subscribe or dispose waited 1 s for the thread delivering \
                            the same subject or subscriber, and went on without waiting. Is a \
                            subscriber's block on that thread waiting for this one? (Warned once.)
                            """)
                    }
                    return RACHandOverState.none
                }
                continue
            }
            racs_word_wait(state.address, RACHandOverState.sleeping,
                           Swift.max(RACSerializerLimits.patience - waited, 1_000_000))
            seen = state.load(.acquire)
        }
    }

    /// The first part of every wait: spins until the owner has applied
    /// `state`'s node or passed the serializer on (returns which), or for a
    /// thousand pauses and 64 yields (returns nil).
    @usableFromInline
    internal func spin(on state: RACAtomicWord) -> Int? {
        for round in 0..<1_064 {
            // Acquire: pairs with the owner's releasing exchange.
            let seen = state.load(.acquire)
            if seen == RACHandOverState.applied || seen == RACHandOverState.owner { return seen }
            if round < 1_000 { racs_cpu_relax() } else { racs_yield() }
        }
        return nil
    }

    /// The wait of a thread inside other serializers, at the bound (see "No
    /// long waits inside"): the spin only, and not at all if this
    /// serializer's owner is itself waiting so. Returns like `wait`.
    ///
    /// Why such a thread waits at all: it is a subscriber's block forwarding
    /// into this serializer (or a trampoline), and if it never waited,
    /// nothing would slow it down while another thread delivers here, and
    /// the queue would grow with the flood it forwards. Why only the spin:
    /// this serializer's owner could be waiting for it, for a serializer it
    /// is inside. The spin is long enough for an owner that keeps
    /// delivering to reach the node (a term of deliveries); then the thread
    /// goes on as a plain hand-over, quietly.
    ///
    /// A cycle of owners each waiting for the next one's serializer would
    /// spin to its end without progress, on every value (two subjects that
    /// forward into each other, flooded from both ends). So a waiter first
    /// marks every serializer it is inside (`ownerWaits`), then looks for
    /// the mark on this one, and gives up at once if it is there. The mark
    /// and the look are sequentially consistent, in every waiter: if each
    /// of a cycle's waiters looked before the next one marked, the first
    /// look would come after the last mark, which came after it; so at
    /// least one of them sees a mark, and the cycle never closes.
    @usableFromInline
    internal func waitBriefly(for node: RACPendingNode<Operation>) -> Int {
        let state = node.state
        if racs_mark_owned_serializers(RACSerializerLimits.ownerWaits) {
            defer { racs_unmark_owned_serializers(RACSerializerLimits.ownerWaits) }
            if entries.load(.seq_cst) & RACSerializerLimits.ownerWaits == 0, let seen = spin(on: state) {
                return seen
            }
        }
        // Go on as a plain hand-over, unless the owner got here first.
        let seen = state.compareExchange(expected: RACHandOverState.waiting, desired: RACHandOverState.none,
                                         .acquire, .acquire)
        return seen == RACHandOverState.waiting ? RACHandOverState.none : seen
    }
}

/// The serializer's bounds and the bits of its `entries` word. Constants of
/// a non-generic type, so that unspecialized code reads them as immediates.
@usableFromInline
internal enum RACSerializerLimits {
    /// Set while an owner that has used up its term looks for a successor:
    /// arrivals wait instead of returning.
    @inlinable internal static var retiring: Int { 1 << (Int.bitWidth - 2) }

    /// Set by a caller that gave up waiting for the owner (see `patience`):
    /// arrivals do not wait for this owner, until another takes over.
    @inlinable internal static var stalled: Int { 1 << (Int.bitWidth - 3) }

    /// Set while this serializer's owner waits briefly for another (see
    /// `waitBriefly`): a thread inside a serializer does not wait for this
    /// one then.
    @inlinable internal static var ownerWaits: Int { 1 << (Int.bitWidth - 4) }

    /// The count of outstanding entries, below the flag bits.
    @inlinable internal static var countMask: Int { ownerWaits - 1 }

    /// How many operations an owner applies before it passes the serializer
    /// on to a waiting caller. Large enough that a hand-off of ownership
    /// (a few hundred nanoseconds, a wake-up when the waiter sleeps) is rare
    /// next to the deliveries it bounds; small enough that no caller
    /// delivers for long on others' behalf.
    @inlinable internal static var termLength: Int { 64 }

    /// How many operations may wait, handed over, before callers wait too.
    @inlinable internal static var backlogLimit: Int { 64 }

    /// How long a caller waits for an owner that does not reach it before it
    /// suspects the owner waits for it (nanoseconds).
    @inlinable internal static var patience: Int64 { 1_000_000_000 }

    /// Whether a caller that reads `entries` must wait its turn.
    @inlinable
    internal static func isOverloaded(_ entries: Int) -> Bool {
        entries & stalled == 0 && (entries & retiring != 0 || entries & countMask >= backlogLimit)
    }
}

/// The states of a `RACPendingNode`'s state word.
@usableFromInline
internal enum RACHandOverState {
    /// A plain hand-over: its caller returned.
    @inlinable internal static var none: Int { 0 }
    /// Its caller waits, spinning.
    @inlinable internal static var waiting: Int { 1 }
    /// Its caller waits, asleep on the word: wake it.
    @inlinable internal static var sleeping: Int { 2 }
    /// Applied; its caller may return.
    @inlinable internal static var applied: Int { 3 }
    /// Its caller owns the serializer now, with the queue from this node on.
    @inlinable internal static var owner: Int { 4 }
}

/// Runs `body`, behind a call the optimizer does not inline: what
/// `RACSerializer.perform` puts its contended paths in, so that their
/// runtime type lookups are not hoisted onto the uncontended path.
@inline(never) @usableFromInline
internal func racOutOfLine(_ body: () -> Void) {
    body()
}

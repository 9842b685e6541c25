import CShims

// The waiting caller's side of `RACSerializer`: a caller at the bound, or
// one that must see its operation applied, waits here until the owner has
// applied its operation or passes it the serializer.
//
// What ends a wait early, and why none of it depends on how fast a
// subscriber is (as long as one event's delivery, to all its subscribers,
// takes less than `patience`):
//
// - A thread inside the serializer it would wait for does not wait at all
//   (`handOver`): it would wait for itself.
// - A thread inside another serializer waits only briefly (`waitBriefly`):
//   the owner it waits for could be waiting for it.
// - Any other waiter waits for as long as the owner keeps applying
//   operations, as it would wait for a lock. It stops only when the owner
//   has applied none for a whole `patience` (its `progress` word has not
//   moved): one operation has lasted that long, which is a block that
//   blocks, possibly until this very thread does something (a
//   `DispatchQueue.sync` onto a queue this thread runs, say). It then goes
//   on as a plain hand-over, its operation still queued in its place, and
//   warns once. Nothing is left set: the next arrival waits again, so a
//   stuck owner lets its queue grow by at most one operation per sending
//   thread per `patience`, and a slow one not at all.
// - A disposal's `untilApplied` wait (a compound disposable's `dispose()`,
//   which runs its once flag) does not stop for time: returning early
//   would break its promise. It warns once when the owner has applied
//   nothing for `patience`, and waits on. Other `untilApplied` waits (a
//   `RACProperty`'s set) stop as any other waiter does.
// - A waiter that holds something (a once flag it runs, a serializer it is
//   inside) marks it and does not wait for an owner that is in such a
//   long wait itself: the two could be waiting for each other (see
//   `RACWaitMarks`).
extension RACSerializer {
    /// Waits until the owner has applied `node`'s operation or passed the
    /// serializer on to this thread; returns which (`applied`, `owner`), or
    /// `none` if it stopped waiting (see above). A thread inside another
    /// serializer waits as `waitBriefly` says instead.
    @usableFromInline
    internal func wait(for node: RACPendingNode<Operation>, untilApplied: Bool) -> Int {
        if !untilApplied && racs_owns_a_serializer() { return waitBriefly(for: node) }
        let state = node.state
        // A waiter that holds something could be waited for by this
        // serializer's owner (a disposable freed inside the owner's turn,
        // whose deinit disposes the compound this thread is disposing): it
        // marks what it holds, then looks for the owner's mark.
        let marks = RACWaitMarks.holdsAny
        if marks {
            guard RACWaitMarks.mark() else { return stopWaiting(on: state) }
            if entries.load(.seq_cst) & RACSerializerLimits.ownerWaitsLong != 0 {
                RACWaitMarks.unmark()
                return stopWaiting(on: state)
            }
        }
        defer { if marks { RACWaitMarks.unmark() } }
        // Only a disposal must see its operation applied, whatever it takes.
        let turn = racAwaitTurn(on: state, watching: progress,
                            mustComplete: untilApplied && racs_runs_a_once_flag(),
                            stallKey: 0, stallWarning: """
                                RACSwift: a send, subscribe or dispose waited 1 s for the thread delivering the \
                                same subject or subscriber, which delivered nothing in that time (one delivery \
                                has lasted over a second: a block that blocks, or waits for this thread), and \
                                went on without waiting; its event stays queued in order. (Warned once.)
                                """)
        #if RACS_KNOWN_BUGS
        // Round 2's bug, for the controlled scheduler to find (4d8b51f): a
        // waiter that gave up (`none`) set the stalled bit, and later
        // arrivals did not wait for this owner either, until another took
        // over.
        if RACKnownBug.stalledBit && turn == RACHandOverState.none { _ = entries.fetchOr(RACSerializerLimits.stalled, .relaxed) }
        #endif
        return turn
    }

    /// The wait of a thread inside other serializers, at the bound: the
    /// spin only, and not at all if this serializer's owner is itself
    /// waiting so. Returns like `wait`.
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
            if entries.load(.seq_cst) & RACSerializerLimits.ownerWaits == 0, let seen = racSpinForTurn(on: state) {
                return seen
            }
        }
        return stopWaiting(on: state)
    }

    /// Goes on as a plain hand-over, unless the owner got here first (then
    /// returns what it did: `applied` or `owner`). Before the wait slept.
    @usableFromInline
    internal func stopWaiting(on state: RACAtomicWord) -> Int {
        let seen = state.compareExchange(expected: RACHandOverState.waiting, desired: RACHandOverState.none,
                                         .acquire, .acquire)
        return seen == RACHandOverState.waiting ? RACHandOverState.none : seen
    }
}

/// The wait of a caller at a bound, once it has decided to wait: on
/// `state`, a word in `RACHandOverState.waiting` that whoever it waits for
/// moves to `applied` (its turn has come: its operation was applied, or
/// there is room for it) or `owner` (it is passed the job), waking it if it
/// is `sleeping`. Returns which, or `none` if it stopped waiting.
///
/// Spin first, then sleep: at a bound, the turn comes within a term's
/// deliveries (microseconds), and a sleep and its wake-up cost a system
/// call each, more than the wait; but the spin follows `RACSpinPolicy`: it
/// stops as soon as `progress` stands still (the thread waited for is not
/// running) and never happens on one processor. Asleep, it watches `progress`, a
/// word that moves with every operation applied, and waits on for as long
/// as it moves: it stops only when it has not moved for a whole
/// `RACSerializerLimits.patience` (one operation has lasted that long),
/// then moves `state` to `none` (unless its turn came first), warns once
/// with `stallWarning` under `stallKey`, and returns `none`. With
/// `mustComplete` (a disposal) it never stops: it warns and waits on.
/// Without `spins`, it sleeps at once: for a waiter whose turn comes only
/// after many of the other side's steps (see `RACValuesBound.sent()`).
///
/// Shared by the serializer's waiters and `RACDeliveryQueue`'s sender, so
/// that every wait at a bound has the same rules.
@usableFromInline
internal func racAwaitTurn(on state: RACAtomicWord, watching progress: RACAtomicWord, mustComplete: Bool,
                           spins: Bool = true, stallKey: Int32, stallWarning: StaticString) -> Int {
    if spins, let seen = racSpinForTurn(on: state, watching: progress) { return seen }
    var seen = state.compareExchange(expected: RACHandOverState.waiting, desired: RACHandOverState.sleeping,
                                     .acquire, .acquire)
    // Relaxed: only compared with later reads of the same word, which
    // moves (the owner's plain stores, in coherence order) with every
    // operation applied; nothing is published through it.
    var watched = progress.load(.relaxed)
    var since = racs_monotonic_ns()
    while seen != RACHandOverState.applied && seen != RACHandOverState.owner {
        let now = racs_monotonic_ns()
        if now - since < RACSerializerLimits.patience {
            racs_word_wait(state.address, RACHandOverState.sleeping, RACSerializerLimits.patience - (now - since))
        } else if case let made = progress.load(.relaxed), made != watched {
            // Slow, not stuck: it applied something in the last
            // `patience`. Watch the next one.
            (watched, since) = (made, now)
        } else if mustComplete {
            racs_warn_once(1, """
                RACSwift: dispose() has waited 1 s for the thread changing or disposing the same \
                compound disposable, which finished nothing in that time, and waits on until the \
                children are disposed. Is a disposable's block on that thread waiting for this \
                one? (Warned once.)
                """)
            since = now
        } else {
            // Go on without waiting, unless the turn came first: what
            // this caller queued stays queued in its place.
            seen = state.compareExchange(expected: RACHandOverState.sleeping, desired: RACHandOverState.none,
                                         .acquire, .acquire)
            if seen == RACHandOverState.sleeping {
                stallWarning.withUTF8Buffer { text in
                    text.withMemoryRebound(to: CChar.self) { racs_warn_once(stallKey, $0.baseAddress!) }
                }
                return RACHandOverState.none
            }
            continue
        }
        seen = state.load(.acquire)
    }
    return seen
}

/// The first part of every wait at a bound: spins until `state` says the
/// turn came (`applied` or `owner`; returns which), or as `racSpin` says
/// (returns nil).
@usableFromInline
internal func racSpinForTurn(on state: RACAtomicWord, watching progress: RACAtomicWord? = nil) -> Int? {
    var seen = 0
    let ended = racSpin(watching: progress) {
        // Acquire: pairs with the releasing exchange of whoever gives the
        // turn.
        seen = state.load(.acquire)
        return seen == RACHandOverState.applied || seen == RACHandOverState.owner
    }
    return ended ? seen : nil
}

/// The spin every wait starts with, before it sleeps: until `done()` is
/// true (returns true), or for at most a thousand pauses, fewer as
/// `RACSpinPolicy` says (none on one processor; stopped when `progress`,
/// if given, stands still), then one yield (returns false). (In the
/// controlled build, Verification/controlled, a few pauses and yields, as
/// the scheduler sets: any length shows the same outcomes there.)
@inlinable @inline(__always)
internal func racSpin(watching progress: RACAtomicWord? = nil, until done: () -> Bool) -> Bool {
    #if RACS_CONTROLLED
    let (pauses, yields) = (racs_controlled_spin_pauses(), racs_controlled_spin_yields())
    for round in 0..<pauses + yields {
        if done() { return true }
        if round < pauses { racs_cpu_relax() } else { racs_yield() }
    }
    return false
    #else
    return RACSpinPolicy.spin(maxPauses: 1_000, watching: progress, until: done)
    #endif
}

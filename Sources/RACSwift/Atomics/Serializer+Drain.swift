import CShims

// The owner's side of `RACSerializer`: applying what was handed over, the
// term, and passing the serializer on.
extension RACSerializer {
    /// Applies what was handed over, then leaves; loops while more arrives,
    /// for one term, then passes the serializer to a waiting caller.
    /// `accounted` is how many entries the owner may subtract once it has
    /// applied everything pending.
    ///
    /// Applied nodes are let go of once this thread is no longer the owner
    /// (`spent`): letting go of an operation can free what it carries (the
    /// last reference to a disposable given to `remove(_:)`, say), and that
    /// object's `deinit` may call back into this very serializer, or into
    /// another whose owner is calling into this one. Inside, such a call is
    /// handed over to this thread (it never waits for itself); outside, it
    /// is a plain call. A drain longer than a term and a backlog (a
    /// forwarding topology, the case the docs bound separately) lets go of
    /// them in batches of that size instead, so that its memory stays
    /// bounded.
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
                // One more applied, for waiters telling a slow owner from a
                // stuck one. Relaxed, and a plain load and store: only the
                // owner writes the word, and waiters only compare what they
                // read with what they read before.
                progress.store(progress.load(.relaxed) &+ 1, .relaxed)
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
                // queue word, the progress word and `accounted`.
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
}

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
        // The depth of what this thread applied before it came here (an
        // operation whose delivery sent into this serializer), set back on
        // the way out.
        let outerDepth = RACHandOverDepth.current
        defer {
            RACHandOverDepth.current = outerDepth
            Self.release(spent)
        }
        while true {
            while let bits = nextQueued() {
                let node = RACPendingNode<Operation>(bits: bits)
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
                queue.store(node.next, .relaxed)
                // What the operation sends is handed over one deeper.
                RACHandOverDepth.current = node.depth
                apply(node.element)
                finish(node)
                // The node is the owner's alone now (it came with the
                // queue): it joins the spent list.
                node.next = spent
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

    /// Lets go of a list of applied nodes (see `drain`): destroys their
    /// operations and gives the nodes back to the threads they came from.
    @usableFromInline
    internal static func release(_ list: Int) {
        RACPendingNode<Operation>.destroyAndGiveBack(list)
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
            let node = RACPendingNode<Operation>(bits: bits)
            body(node.element)
            bits = node.next
        }
    }

    /// Queues `operation` after everything pending, as one more entry, so
    /// that the owner applies it before it leaves. Owner only.
    @usableFromInline
    internal func enqueueAsOwner(_ operation: Operation) {
        // Relaxed: the owner's own later decrement orders it; the count is
        // at least 1 (the owner's entry) before and after.
        _ = entries.fetchAdd(1, .relaxed)
        append(RACPendingNode(operation).bits)
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
            let node = RACPendingNode<Operation>(bits: bits)
            let next = node.next
            if next == 0 {
                node.next = list
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
    internal func passOwnership(to node: RACPendingNode<Operation>, accounted: Int) -> Bool {
        var state = node.state.load(.relaxed)
        while state == RACHandOverState.waiting || state == RACHandOverState.sleeping {
            node.accounted = accounted
            // Release: the new owner must see the guarded state, the queue
            // word, the progress word and `accounted`.
            let seen = node.state.compareExchange(expected: state, desired: RACHandOverState.owner,
                                                  .acq_rel, .relaxed)
            if seen == state {
                // Once the waiter sees `owner`, it may apply the node, give
                // it back and reuse it (or exit, and free it): the wake
                // only passes the word's address to the kernel, as the key
                // of the sleepers to wake, and touches no memory (the node
                // cache's point 3, CShims/include/RACNodeCache.h).
                if state == RACHandOverState.sleeping { racs_word_wake(node.state.address) }
                return true
            }
            state = seen
        }
        return false
    }
}

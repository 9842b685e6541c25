import CShims

/// The one ordered queue of everything scheduled on a serial RACSwift
/// scheduler: plain blocks (`schedule(_:)`, timers when they fire) and the
/// events of every `deliverOn` subscription on it, each a node, run in the
/// order pushed (contract point 18: RAC 2.5's one `schedule:` per event),
/// by one drain per burst that the scheduler runs as one of its blocks.
///
/// **The list.** An intrusive multi-producer list of `RACWorkNode`s (the
/// shape of Vyukov's MPSC queue): a push exchanges `tail` for its node,
/// then links the node it got back to its own. A push that gets back 0
/// found the queue idle (no drain running or submitted) and submits one: a
/// burst. Only the drain reads the links, and only it sets `tail` back to
/// 0, with a compare-and-swap from the last node it ran.
///
/// **Why nodes live as long as they do.** A push writes the link word of
/// the node it got back, so a node's memory must outlast its time as
/// `tail`: the drain retires a node (tells its owner it may reuse or free
/// it) only once it has read the node's link, which makes it no longer the
/// tail, or the queue went idle past it. When the drain catches up with
/// the tail, it pushes the queue's own stub node behind it, so that the
/// last real node gets a link and can be retired before the drain goes
/// idle: after the compare-and-swap that ends a burst another drain may
/// start at once, on another thread, and the ending one touches nothing
/// after it but the stub's words, which nothing else writes until it is
/// pushed again, by a drain, after that.
///
/// **A push under way.** Between its exchange and its link a push is two
/// instructions apart; a drain that reaches a node whose link is not yet
/// written waits for it (`awaitLink`), spinning briefly and then sleeping
/// in short timed naps, as that thread can only have been descheduled
/// between them. (crossbeam's `SegQueue` and Go's channels wait the same
/// way for a write in progress.)
///
/// **Bounds.** A drain runs at most `drainTerm` nodes, then resubmits
/// itself behind what the scheduler's queue holds meanwhile (blocks put on
/// its `DispatchQueue` directly, other queues' turns on a shared thread).
/// The list holds what was scheduled and not yet run: plain blocks are not
/// bounded, as Dispatch's `async` is not; each `deliverOn` subscription
/// bounds its own events (`RACDeliveryQueue`).
///
/// **Against blocks put on the `DispatchQueue` directly** (not through
/// RACSwift): a burst keeps the place its drain was submitted at; what is
/// pushed while it runs or waits joins it, and so runs before direct blocks
/// submitted after the burst began, by at most a term.
@usableFromInline
internal final class RACSchedulerQueue: @unchecked Sendable {
    /// Word 0, `tail`: the last node pushed, 0 while idle. Word 8, the
    /// marks (`RACDeliveryQueueMarks`: what a drain's thread list points
    /// at), and word 9, `cursor`, on a line of their own.
    @usableFromInline internal let words = RACAtomicCell(count: 16)
    @usableFromInline internal let tail: RACAtomicWord
    @usableFromInline internal let marks: RACAtomicWord

    /// Where the next drain starts: the node to run first. Stored by the
    /// push that starts a burst before it submits the drain, or by a drain
    /// before it resubmits itself; loaded by the drain so submitted.
    /// Release and acquire: the submission through Dispatch orders the
    /// two, but Dispatch does not promise that a source's `add(data:)`
    /// happens before its handler runs, and the node, its owner and what
    /// the owner wrote for it are published by this store alone (the
    /// drain reads no other word of the pusher's before the node's).
    @usableFromInline internal let cursor: RACAtomicWord

    /// Pushed behind the last node when the drain catches up (see the
    /// type's doc).
    @usableFromInline internal let stub = RACQueueStub()

    /// What runs the drain: told to submit it once per burst and once per
    /// term (`RACScheduler.submitDrain(of:)`). Unowned: the scheduler owns
    /// the queue, and holds itself while a drain is submitted.
    @usableFromInline internal unowned(unsafe) let scheduler: RACScheduler

    @usableFromInline
    internal init(scheduler: RACScheduler) {
        self.scheduler = scheduler
        tail = words.word(0)
        marks = words.word(8)
        cursor = words.word(9)
    }

    /// How many nodes one drain runs before it resubmits itself. RAC 2.5
    /// lets other blocks run between any two; a term keeps Dispatch's other
    /// work waiting at most this many, while the hand-off it costs (about
    /// a microsecond) stays a few nanoseconds per node. (In the controlled
    /// build, 2, so that a few events reach it.)
    @inlinable internal static var drainTerm: Int {
        #if RACS_CONTROLLED
        2
        #else
        256
        #endif
    }

    /// Whether the queue is not idle: something pushed has not run yet,
    /// or a drain is under way. A snapshot, for a watch's warning (relaxed:
    /// it orders nothing).
    internal var hasWork: Bool { tail.load(.relaxed) != 0 }

    // MARK: Pushing

    /// Appends `node` (its word 1 set; word 0 is cleared here) behind every
    /// node pushed before, and submits a drain if the queue was idle.
    @inlinable
    internal func push(_ node: RACWorkNode) {
        // A plain store: the exchange's release publishes it.
        node.pointee = 0
        // Acquire: a push that starts a burst writes `cursor` after the
        // last drain's reads of it (its compare-and-swap to 0 released
        // them). Release: the node (and what its owner wrote for it) is
        // visible to the drain that reads its address.
        let previous = tail.exchange(Int(bitPattern: node), .acq_rel)
        if previous == 0 {
            cursor.store(Int(bitPattern: node), .release)
            scheduler.submitDrain(of: self)
        } else {
            // `previous` is not retired: it was the tail until now, and its
            // link is still 0. Release: pairs with the drain's acquire.
            RACAtomicWord(RACWorkNode(bitPattern: previous)!).store(Int(bitPattern: node), .release)
        }
    }

    // MARK: Draining

    /// Runs nodes in order until the queue is idle (returns true) or for a
    /// term (returns false, having resubmitted itself). Called by the block
    /// the scheduler submitted, with the scheduler current.
    @usableFromInline
    internal func drain() -> Bool {
        racs_drain_entered(marks.address)
        defer { racs_drain_left() }
        var node = RACWorkNode(bitPattern: cursor.load(.acquire))!
        var term = Self.drainTerm
        while true {
            let owner = Unmanaged<RACScheduledWork>.fromOpaque(UnsafeRawPointer(bitPattern: node[1])!)
            guard owner._withUnsafeGuaranteedRef({ $0.run($0, node, &term) }) else {
                // The term ran out inside the node: the next drain goes on
                // with it.
                return resubmit(at: node)
            }
            // Acquire: pairs with the linking push's release.
            var next = RACAtomicWord(node).load(.acquire)
            if next == 0 {
                if node == stub.node {
                    // Caught up, with every real node retired: end the
                    // burst, unless a push got here first. Nothing of the
                    // queue is touched after a successful exchange: the
                    // next burst's drain may be running already.
                    if tail.compareExchange(expected: Int(bitPattern: node), desired: 0, .acq_rel, .relaxed)
                        == Int(bitPattern: node) { return true }
                    next = awaitLink(of: node)
                } else {
                    // A block, or a run already lingered over: wait a little
                    // for the next push before the stub ends the burst.
                    _ = RACSpinPolicy.linger(on: RACAtomicWord(node), awayFrom: 0)
                    next = RACAtomicWord(node).load(.acquire)
                    if next == 0 {
                        // The stub only behind the tail: if a push has
                        // exchanged past this node (its link is on the way)
                        // the stub may be in the queue already, and pushing
                        // it again would link it to itself, or drop the link
                        // of a node behind it (Verification/models/
                        // delivery.pml, F4). Relaxed: the drain's own
                        // earlier exchange of the stub comes before this in
                        // the tail's order, so a tail that is this node is
                        // not stale past it.
                        if tail.load(.relaxed) == Int(bitPattern: node) { push(stub.node) }
                        next = awaitLink(of: node)
                    }
                }
            }
            // Last: this lets go of the reference the push held.
            owner._withUnsafeGuaranteedRef { $0.retire($0, node) }
            node = RACWorkNode(bitPattern: next)!
            if term <= 0 { return resubmit(at: node) }
        }
    }

    /// Ends a drain that used up its term: the next one starts at `node`,
    /// behind whatever the scheduler's queue holds meanwhile.
    @usableFromInline
    internal func resubmit(at node: RACWorkNode) -> Bool {
        cursor.store(Int(bitPattern: node), .release)
        scheduler.submitDrain(of: self)
        return false
    }

    /// Waits for the link of `node`, which is no longer the tail: a push
    /// has exchanged past it and is about to link it (see the type's doc).
    @usableFromInline
    internal func awaitLink(of node: RACWorkNode) -> Int {
        let link = RACAtomicWord(node)
        var next = link.load(.acquire)
        var round = 0
        while next == 0 {
            RACSpinPolicy.backOff(round, sleepingOn: link)
            round += 1
            next = link.load(.acquire)
        }
        return next
    }
}


import CShims

/// A node of a `RACSchedulerQueue`. Word 0 is the address of the node
/// pushed after it, 0 until that push links it; word 1 holds the bits of
/// the node's owner, an unretained `RACScheduledWork`, written when the
/// node's memory is made and never changed. The words after those are the
/// owner's (a `RACDeliveryQueue`'s run keeps two there).
///
/// A node's memory belongs to its owner, which keeps it until the queue
/// has retired the node (`RACScheduledWork.retire`): until then a push may
/// still write its word 0.
@usableFromInline
internal typealias RACWorkNode = UnsafeMutablePointer<Int>

/// What the nodes of a `RACSchedulerQueue` belong to: a plain block
/// (`RACScheduledBlock`, one node) or a subscription's `deliverOn` queue
/// (`RACDeliveryQueue`, one node per run of its events that nothing else
/// was scheduled between). The queue's drain runs each node, then retires
/// it, in the order pushed. Each push holds a reference to the node's
/// owner, which `retire` lets go of, last.
///
/// The steps are closures, not methods: a generic owner
/// (`RACDeliveryQueue<Value>`) makes them where it is made, in code
/// specialized for its `Value`, while a method overridden in a generic
/// class and called from the drain's non-generic code would run
/// unspecialized, looking up the value type's layout at every event.
@usableFromInline
internal class RACScheduledWork {
    /// Runs the work of `node`, on the scheduler's turn (the scheduler is
    /// current), spending one of the drain's term (the `Int`) per event or
    /// block. Returns false if the term ran out before the node's work
    /// did: the drain then comes back to the same node, which goes on
    /// where it stopped.
    @usableFromInline internal let run: (RACScheduledWork, RACWorkNode, inout Int) -> Bool

    /// The queue no longer touches `node` (it has read the node after it,
    /// or the queue went idle past it): its memory may be reused or freed.
    /// Lets go of the reference its push held, so this is the last thing
    /// the drain does with the owner.
    @usableFromInline internal let retire: (RACScheduledWork, RACWorkNode) -> Void

    @usableFromInline
    internal init(run: @escaping (RACScheduledWork, RACWorkNode, inout Int) -> Bool,
                  retire: @escaping (RACScheduledWork, RACWorkNode) -> Void) {
        (self.run, self.retire) = (run, retire)
    }
}

/// Work that is one node, in memory of its own: a plain block, or a
/// queue's stub.
@usableFromInline
internal class RACSingleNodeWork: RACScheduledWork {
    /// The node (freed with the work).
    @usableFromInline internal let node: RACWorkNode

    @usableFromInline
    internal override init(run: @escaping (RACScheduledWork, RACWorkNode, inout Int) -> Bool,
                  retire: @escaping (RACScheduledWork, RACWorkNode) -> Void) {
        node = .allocate(capacity: 2)
        super.init(run: run, retire: retire)
        node.initialize(repeating: 0, count: 2)
        node[1] = Int(bitPattern: Unmanaged.passUnretained(self as RACScheduledWork).toOpaque())
    }

    deinit {
        node.deallocate()
    }
}

/// A block scheduled with `schedule(_:)` on a scheduler whose blocks go
/// through a `RACSchedulerQueue` (or a timer's, when it comes due), and the
/// disposable that cancels it.
internal final class RACScheduledBlock: RACSingleNodeWork {
    let block: @Sendable () -> Void
    /// What `schedule(_:)` returned: disposed before the block's turn, the
    /// block does not run.
    let disposable = RACDisposable()

    init(_ block: @escaping @Sendable () -> Void) {
        self.block = block
        super.init(run: { work, _, term in
            term -= 1
            unsafeDowncast(work, to: RACScheduledBlock.self).runBlock()
            return true
        }, retire: { work, _ in Unmanaged.passUnretained(work).release() })
    }

    /// Pushes the block onto `queue`, with the reference `retire` lets go
    /// of.
    func push(onto queue: RACSchedulerQueue) {
        _ = Unmanaged.passRetained(self)
        queue.push(node)
    }

    private func runBlock() {
        // Counted from `schedule(_:)` until its turn, whether it runs then
        // or was cancelled: the one place that sees either exactly once.
        racs_scheduled_blocks_add(-1)
        guard !disposable.isDisposed else { return }
        block()
    }
}

/// The node a `RACSchedulerQueue` pushes behind the last one when its drain
/// has caught up, so that the last real node can be retired: it runs and
/// retires as nothing (its queue owns it, and pushes it with no
/// reference).
@usableFromInline
internal final class RACQueueStub: RACSingleNodeWork {
    @usableFromInline
    init() {
        super.init(run: { _, _, _ in true }, retire: { _, _ in })
    }
}

import CShims
import Dispatch

/// The bits of a delivery queue's mark word.
@usableFromInline
internal enum RACDeliveryQueueMarks {
    /// Set while the thread running the queue's drain is in a wait that
    /// may last (see `RACWaitMarks`): a sender that holds something does not
    /// wait for the queue then, since that drain could be waiting for it.
    @inlinable internal static var drainWaits: Int { 1 }
}

/// What `deliverOn(_:)` and `deliverOnMainThread()` keep for one
/// subscription: its events not yet delivered on the scheduler, in order.
///
/// RAC 2.5 schedules one block per event, and RAC code relies on the order
/// that gives (contract point 18): an event runs after every block
/// scheduled on the scheduler before it was sent, and before every block
/// scheduled after. So each event takes its own place:
///
/// - On RACSwift's serial schedulers (queue and target-queue schedulers,
///   the main thread scheduler) in the scheduler's `RACSchedulerQueue`,
///   among its plain blocks and other subscriptions' events, in the order
///   sent. The events wait in this queue's chunks (`RACDeliveryChunk`: no
///   allocation in steady state), and a *run* of them is one node there:
///   an event whose run's node is still the scheduler queue's last node
///   (nothing was scheduled there since) joins that run, with one
///   increment of the run's count; any other starts a run with a node of
///   its own. The drain delivers a run's events, then closes it once it
///   has caught up (a later event then starts a new run); see "The run".
/// - On any other scheduler (a test scheduler, the immediate and
///   subscription schedulers, one's own) a block per event, with
///   `schedule(_:)`: a `RACTestScheduler`'s `step()` delivers one event.
///   The events wait in the same slots (`runTurn()`).
///
/// **The run.** A run's node is the node words of the slot of its first
/// event: word 2 counts the events sent into the run (with `closed` set
/// once the drain has caught up and closed it), word 3 how many of them the
/// drain has delivered (kept there when a term ends inside the run). The
/// sender joins a run with a compare-and-swap that fails once `closed` is
/// set; the drain closes it with a compare-and-swap that fails if the
/// count moved: so every event counted into a run is delivered in it, and
/// none joins it after it closed. The join is linearized at the sender's
/// read of the scheduler queue's tail, which found the run's node last:
/// nothing scheduled after that read is delivered before the event.
///
/// **One sender at a time.** The queue is fed by a sink, whose source
/// delivers one event at a time (contract point 1): its sending side needs
/// no atomics of its own.
///
/// **The bound.** `gate` counts the events sent and not yet delivered. A
/// sender that finds `backlogLimit` of them waits its turn once its event
/// is queued, as at a subject's bound (contract point 9): it spins while
/// the scheduler delivers (`RACSpinPolicy`), then sleeps, until the count
/// is down to half the bound, for as long as the scheduler keeps
/// delivering; it stops only when nothing was delivered for
/// `RACSerializerLimits.patience` (one delivery has lasted a second), warns
/// once and goes on, which switches nothing off. Nothing is lost or
/// reordered: its event is queued in its place. So at most `backlogLimit`
/// events plus one wait, except where waiting could not end, and there the
/// sender queues past the bound, in order:
///
/// - the sender runs on the target scheduler (a subscriber that sends back
///   into its source, a block on it, or for a queue scheduler a block on
///   its queue or on a queue that targets it), which delivers only after
///   it: the queue then grows by what that one block sends;
/// - the target is the main thread scheduler and the sender is on the main
///   thread, or nothing has run the main queue yet (`RACMainQueueWatch`):
///   the main queue's own senders are not bounded, as in RAC;
/// - the sender holds something (a subject it delivers, a disposal it
///   runs, another scheduler's drain) and the target's drain is itself in
///   a long wait, which could be for it (`RACWaitMarks`);
/// - the scheduler is not one of RACSwift's queue schedulers (a test
///   scheduler, whose blocks run only when its thread steps it; the
///   immediate and subscription schedulers, which mostly run at once; a
///   scheduler of one's own): nothing is known of when its blocks run, so
///   the queue is not bounded there.
///
/// **Memory.** Each pushed run holds the queue (a reference its retire
/// lets go of), and each block scheduled per event holds it. Chunks are
/// handed back by the drain once every event and every run node in them is
/// done with (`handBackUsedChunks()`), onto a list that only the sender
/// takes from, whole, into its own `reserve`. A run never spans chunks:
/// `growTail()` ends it with its chunk (so the run node the sender compares
/// with the tail is never in a chunk it reuses), and the drain hands a
/// chunk back when it retires the run after the one that ended there. The sender makes a chunk only when
/// none is handed back, so a queue makes at most the chunks it holds at
/// once: those its queued events span (`backlogLimit + 1` events, 65
/// chunks), the two the drain has used up and not yet handed back, and one
/// it is handing back; `backlogLimit / Chunk.capacity + 4` in all, as the
/// sender goes past the bound only where it may not wait (above). Kept
/// for reuse, they are freed with the queue.
@usableFromInline
internal final class RACDeliveryQueue<Value>: RACScheduledWork, @unchecked Sendable {
    @usableFromInline internal typealias Chunk = RACDeliveryChunk<Value>

    /// The bound; its count is the events sent and not yet delivered.
    @usableFromInline internal let gate: RACBacklogGate
    @inlinable internal var count: RACAtomicWord { gate.count }
    /// The chunks the drain has handed back, a list through their `spare`
    /// links (bits of a retained reference to the first, or 0): pushed by
    /// the drain, taken whole by the sender.
    @usableFromInline internal let spare: RACAtomicWord
    /// The blocks scheduled per event that have started and not finished
    /// (schedulers without a `RACSchedulerQueue`; see `runTurn()`).
    @usableFromInline internal let turns: RACAtomicWord
    /// How many events the drain has delivered (it alone writes it, once
    /// per event; relaxed): what a waiting sender watches, as the count
    /// moves only once per batch. On a cache line of its own, away from the
    /// count the sender increments per event.
    @usableFromInline internal let progress: RACAtomicWord
    /// The words: the gate's, `spare`, `turns`, and eight words on,
    /// `progress`.
    @usableFromInline internal let words = RACAtomicCell(count: 16)

    @usableFromInline internal let target: RACScheduledTarget<RACSubscriptionSink<Value>>
    /// Where the events are delivered; what the queue asks whether a sender
    /// may wait (`runsDrainsIndependently`, `isRunningCallingThread`).
    @usableFromInline internal let scheduler: RACScheduler
    /// The scheduler's ordered queue, if it has one; else a block is
    /// scheduled per event. Unmanaged: `scheduler` owns it, and the hot
    /// path takes no reference per event.
    @usableFromInline internal let work: Unmanaged<RACSchedulerQueue>?
    /// Whether an event sent on the main thread while none is pending is
    /// delivered at once, on it (`deliverOnMainThread()`).
    @usableFromInline internal let inlineOnMainThread: Bool

    /// The sender's side (see "One sender at a time"): the slot the next
    /// event goes to, and the node of the run it may join (nil: none).
    @exclusivity(unchecked) @usableFromInline internal var tail: Chunk
    @exclusivity(unchecked) @usableFromInline internal var tailIndex = 0
    @exclusivity(unchecked) @usableFromInline internal var openRun: RACWorkNode?
    /// Chunks the sender took from `spare` and has not reused yet (a list
    /// through their `spare` links, as there; the sender's alone). Kept,
    /// not freed: a queue at its bound cycles through about
    /// `backlogLimit / Chunk.capacity` chunks, and freeing all but one
    /// would allocate again for each.
    @exclusivity(unchecked) @usableFromInline internal var reserve = 0

    /// Keeps the drain's fields off the sender's cache line: the drain
    /// writes `headIndex` per event, and sharing a line with the sender's
    /// `tailIndex` and `openRun` put 60 % of the sender's samples on those
    /// loads (perf, W13). Stored properties are laid out in order, and a
    /// line is 64 bytes; the object is 16-byte aligned, so 64 bytes of gap
    /// keeps the two groups apart.
    @usableFromInline internal let sidesApart: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// The drain's side: the oldest chunk not handed back, the slot of the
    /// oldest event not yet delivered (`capacity`: that chunk is used up),
    /// and the events delivered.
    @exclusivity(unchecked) @usableFromInline internal var oldest: Chunk
    @exclusivity(unchecked) @usableFromInline internal var head: Chunk
    @exclusivity(unchecked) @usableFromInline internal var headIndex = 0
    @exclusivity(unchecked) @usableFromInline internal var delivered = 0

    /// How many events may wait before the sender waits too. Larger than a
    /// subject's (`RACSerializerLimits.backlogLimit`): a subject's owner
    /// delivers on a thread that is already running, while this queue's
    /// drain is a Dispatch block whose thread must first be woken (5 to 50
    /// µs) and, on a loaded machine, wait for a time slice (milliseconds).
    /// A bound that the sender fills sooner makes the two threads take
    /// turns instead of running together: at 64, 200 to 700 ns per event
    /// quiet; at 1 024, 1.07x `DispatchQueue.async` per event at load 8 and
    /// 3.3x with four senders; at 8 192, 0.46x and 0.77x (perf/README.md,
    /// W13). The memory it lets a subscription hold while its sender
    /// outruns the scheduler: 8 192 events, in at most 68 chunks of
    /// `Chunk.capacity` (408 KB for `Int`s; see "Memory"), about 40 % of
    /// what Dispatch holds for as many blocks. (In the controlled build, the subjects' limit that the
    /// scenario sets.)
    @inlinable internal static var backlogLimit: Int {
        #if RACS_CONTROLLED
        RACSerializerLimits.backlogLimit
        #else
        8_192
        #endif
    }

    /// Set in a run's count once the drain has closed it.
    @inlinable internal static var closed: Int { 1 << (Int.bitWidth - 2) }

    /// How many delivered events the drain counts out of the gate at once:
    /// a quarter of the room a waiting sender waits for (`resumeAt`), so
    /// that it is let go while the drain still has most of the queue to
    /// deliver, and the count moves between the two cores once per batch,
    /// not per event.
    @inlinable internal static var settleBatch: Int { Swift.max((backlogLimit - resumeAt) / 4, 1) }

    /// A queue delivering to `downstream` on `scheduler`, which lets go of
    /// it when its subscription ends. Inlinable, so that the queue is
    /// specialized for the value type where the operator is used (in
    /// unspecialized code every event would cost runtime type lookups, more
    /// than the rest of its path).
    @inlinable
    internal init(delivering downstream: RACSubscriptionSink<Value>, on scheduler: RACScheduler,
                  inlineOnMainThread: Bool) {
        gate = RACBacklogGate(words.word(0))
        spare = words.word(RACBacklogGate.wordCount)
        turns = words.word(RACBacklogGate.wordCount + 1)
        progress = words.word(8)
        target = RACScheduledTarget(downstream, endingWith: downstream.subscription)
        self.scheduler = scheduler
        work = scheduler.workQueue.map { Unmanaged.passUnretained($0) }
        self.inlineOnMainThread = inlineOnMainThread
        let chunk = Chunk()
        (tail, oldest, head) = (chunk, chunk, chunk)
        // Made here, in code specialized for `Value` (see
        // `RACScheduledWork`).
        super.init(run: { work, node, term in unsafeDowncast(work, to: Self.self).run(node, term: &term) },
                   retire: { work, _ in unsafeDowncast(work, to: Self.self).retireRun() })
        chunk.adopt(by: self)
        #if RACS_CONTROLLED
        (scheduler as? RACControlledDrainScheduler)?.deliveryQueueMade(storage: words, gate: gate, spare: spare,
                                                                       progress: progress)
        #endif
    }

    deinit {
        // Nothing is pending (a pending run or block holds the queue),
        // unless a scheduler let go of a block without running it: those
        // events are dropped here. Chunks are unlinked one by one, as a
        // chain released recursively could be long.
        var left = count.load(.acquire)
        var chunk: Chunk? = oldest
        var index = oldest === head ? headIndex : 0
        while let current = chunk {
            if current === head { index = headIndex }
            while left > 0 && index < Chunk.capacity {
                (current.slots + index).deinitialize(count: 1)
                (index, left) = (index + 1, left - 1)
            }
            chunk = current.next
            current.next = nil
            index = 0
        }
        Chunk.releaseList(spare.exchange(0, .acquire))
        Chunk.releaseList(reserve)
    }

    // MARK: The sender's side

    /// Queues `event` behind the ones before it, on the scheduler, and waits
    /// at the bound (see the type's doc).
    @inlinable
    internal func send(_ event: RACEvent<Value>) {
        // Acquire: nothing (the run's count and the push publish the
        // event); the count is the bound's.
        let before = gate.enter()
        if before == 0 && inlineOnMainThread && racs_is_main_thread() { return deliverAtOnce(event) }
        if tailIndex == Chunk.capacity { growTail() }
        (tail.slots + tailIndex).initialize(to: event)
        let node = tail.node(tailIndex)
        tailIndex += 1
        if let work {
            // A blocking read subscribing on this thread is told of the
            // work (one thread-local load when none is).
            if racs_probe_is_open() { scheduler.noteScheduledWork() }
            if !join(openRun, of: work) { startRun(at: node, on: work) }
        } else {
            // The schedule call publishes the slot to the block it runs.
            scheduler.schedule(racSendable { [self] in runTurn() })
        }
        if before >= Self.backlogLimit { awaitRoom() }
    }

    /// Counts the event just written into `run`, if that run's node is
    /// still the scheduler queue's last and the drain has not closed it.
    @inlinable
    internal func join(_ run: RACWorkNode?, of work: Unmanaged<RACSchedulerQueue>) -> Bool {
        guard let run else { return false }
        // Relaxed: only the sender's own node can be compared equal (see
        // "Memory"), and a stale tail only sends the event to a run of its
        // own; the order point is this read (see "The run").
        guard work._withUnsafeGuaranteedRef({ $0.tail.load(.relaxed) }) == Int(bitPattern: run) else { return false }
        // Release: the slot written before is visible to the drain that
        // reads the count (acquire). Relaxed on failure: nothing is read.
        let count = RACAtomicWord(run + 2)
        var seen = count.load(.relaxed)
        while seen & Self.closed == 0 {
            let found = count.compareExchange(expected: seen, desired: seen + 1, .release, .relaxed)
            if found == seen { return true }
            seen = found
        }
        return false
    }

    /// Makes the event just written, at `node`, the first of a new run, and
    /// pushes the run onto the scheduler's queue, holding this queue.
    @usableFromInline
    internal func startRun(at node: RACWorkNode, on work: Unmanaged<RACSchedulerQueue>) {
        // Plain stores: the push's release publishes them.
        node[2] = 1
        node[3] = 0
        openRun = node
        _ = Unmanaged.passRetained(self)
        work._withUnsafeGuaranteedRef { $0.push(node) }
    }

    /// `deliverOnMainThread()`'s synchronous delivery, on the main thread
    /// with nothing pending, as RAC's: events its subscriber sends back
    /// meanwhile are queued behind it.
    @usableFromInline
    internal func deliverAtOnce(_ event: RACEvent<Value>) {
        if let sink = target.current { Self.deliver(event, to: sink) }
        _ = gate.leave(1, resumeAt: Self.resumeAt)
    }

    /// Links a chunk after the tail: one the drain handed back, or a new
    /// one. The open run ends with the chunk: the next event starts a run.
    @usableFromInline
    internal func growTail() {
        // A run ends where its chunk ends, so that no run spans chunks. The
        // drain hands chunks back only when it retires a run (the run's
        // node lies in its first chunk), so a run joined across chunks kept
        // every chunk it filled until the drain caught up with the sender,
        // which, in a flood into a slower subscriber, it never does: the
        // sender allocated a chunk per `Chunk.capacity` events, and the
        // queue kept them all for its life (the soak's deliverOn flood made
        // 311 chunks for 39 809 values). Now a run's chunks come back once
        // the drain has gone past them, and a queue makes at most
        // `backlogLimit / Chunk.capacity + 4` (see "Memory"); the cost is a
        // push per chunk. Forgetting the run here also covers reuse: the
        // run's node may lie in a chunk handed back, and an event written
        // there must not be counted into it (`join` compares its address
        // with the scheduler queue's tail).
        openRun = nil
        if reserve == 0 {
            // Acquire: the drain was done with the chunks before it handed
            // them back.
            reserve = spare.exchange(0, .acquire)
        }
        let chunk: Chunk
        if reserve == 0 {
            chunk = Chunk()
            chunk.adopt(by: self)
        } else {
            chunk = Unmanaged<Chunk>.fromOpaque(UnsafeRawPointer(bitPattern: reserve)!).takeRetainedValue()
            reserve = chunk.spare
            chunk.spare = 0
        }
        // Written before the event in it is counted into a run or pushed,
        // which publishes it to the drain.
        tail.next = chunk
        tail = chunk
        tailIndex = 0
    }

    /// Where a waiting sender's turn comes: when the drain has delivered
    /// 256 events since the bound (half of a small bound), not just one, so
    /// that the sender then queues a run of events before it waits again,
    /// instead of waking once per event (a wake-up costs more than many
    /// deliveries); and not more, so that the drain keeps most of the queue
    /// to deliver while the sender wakes, and a sender in a subject's
    /// delivery, which the subject's other senders wait for, waits for 256
    /// of a slow subscriber's deliveries, not 4 096 (at 0.2 ms each, 4 096
    /// outlast the patience of those other senders' waits, one second).
    @inlinable internal static var resumeAt: Int { backlogLimit - Swift.min(backlogLimit / 2, 256) }

    /// Whether this sender may wait for the drain without risking a wait
    /// that cannot end (see the type's doc).
    internal var mayWait: Bool {
        guard scheduler.runsDrainsIndependently, !scheduler.isRunningCallingThread else { return false }
        guard let work else { return true }
        return !racs_drains_queue(work.takeUnretainedValue().marks.address)
    }

    /// The wait at the bound: until the drain has brought the queue down to
    /// `resumeAt` (or stops, as `racAwaitTurn` says).
    @usableFromInline
    internal func awaitRoom() {
        guard mayWait else { return }
        let holds = RACWaitMarks.holdsAny
        if holds {
            guard RACWaitMarks.mark() else { return }
            if let work, work.takeUnretainedValue().marks.load(.seq_cst) & RACDeliveryQueueMarks.drainWaits != 0 {
                RACWaitMarks.unmark()
                return
            }
        }
        defer { if holds { RACWaitMarks.unmark() } }
        // Never closed: a disposed subscription's events are still counted
        // out (dropped), so the wait ends as it would.
        gate.awaitTurn(resumeAt: Self.resumeAt, watching: progress, isClosed: { false }, stallKey: 5, stallWarning: """
            RACSwift: a send into deliverOn(_:) waited 1 s for the scheduler's queue to make room, while it \
            delivered nothing (one delivery has lasted over a second: a block that blocks, or waits for this \
            thread), and went on without waiting; its event stays queued in order. (Warned once.)
            """)
    }

    // MARK: The scheduler's side

    /// Delivers the run at `node`: its events, then, once caught up, closes
    /// it; or stops when the term runs out (see "The run").
    @inlinable
    internal func run(_ node: RACWorkNode, term: inout Int) -> Bool {
        let count = RACAtomicWord(node + 2)
        var taken = node[3]
        var unsettled = 0
        defer { if unsettled > 0 { _ = gate.leave(unsettled, resumeAt: Self.resumeAt) } }
        // One read of the target per run (an atomic reference's read costs
        // read-modify-writes), held here; each delivery borrows it
        // unretained (a retain and a release per event otherwise: the
        // optimizer cannot see that the sink's blocks do not release it).
        let held = target.current
        defer { withExtendedLifetime(held) {} }
        let sink = held.map { Unmanaged.passUnretained($0) }
        while true {
            // Acquire: the events counted were written before.
            let sent = count.load(.acquire)
            while taken < sent {
                if term <= 0 {
                    node[3] = taken
                    return false
                }
                deliverOldest(to: sink)
                (taken, term, unsettled) = (taken + 1, term - 1, unsettled + 1)
                if unsettled == Self.settleBatch {
                    _ = gate.leave(unsettled, resumeAt: Self.resumeAt)
                    unsettled = 0
                }
            }
            // Caught up. While the run is the scheduler queue's last node
            // the sender may still join it: wait a little for that (a join
            // costs the sender one compare-and-swap, a new run a push and
            // the drain a hand-off). Then close it, unless an event joined
            // it since.
            if let work, work._withUnsafeGuaranteedRef({ $0.tail.load(.relaxed) }) == Int(bitPattern: node),
               RACSpinPolicy.linger(on: count, awayFrom: sent) { continue }
            if count.compareExchange(expected: sent, desired: sent | Self.closed, .relaxed, .relaxed) == sent {
                return true
            }
        }
    }

    /// The drain is done with a run's node: hands back the chunks it has
    /// left behind, then lets go of the reference the run's push held.
    @inlinable
    internal func retireRun() {
        handBackUsedChunks()
        Unmanaged.passUnretained(self).release()
    }

    /// Delivers the oldest event not yet delivered to `sink` (nil: the
    /// subscription has ended, and the event is dropped; a sink also drops
    /// what arrives after its subscription ended, by its own flag).
    @inlinable
    internal func deliverOldest(to sink: Unmanaged<RACSubscriptionSink<Value>>?) {
        if headIndex == Chunk.capacity {
            // Its link was written before this event was counted.
            head = head.next!
            headIndex = 0
        }
        let event = (head.slots + headIndex).move()
        headIndex += 1
        sink?._withUnsafeGuaranteedRef { Self.deliver(event, to: $0) }
        delivered &+= 1
        progress.store(delivered, .relaxed)
    }

    /// Hands the chunks before the one holding the next event back to the
    /// sender: every event in them was delivered, and every run node in
    /// them retired (runs are retired in order, and the one retired last
    /// ended at or after them).
    @usableFromInline
    internal func handBackUsedChunks() {
        while oldest !== head {
            let used = oldest
            oldest = used.next!
            used.next = nil
            // Release: the sender that takes the list sees the chunk done
            // with. A compare-and-swap loop against the sender's exchange
            // only (the drain alone pushes).
            let bits = Int(bitPattern: Unmanaged.passRetained(used).toOpaque())
            var list = spare.load(.relaxed)
            while true {
                used.spare = list
                let found = spare.compareExchange(expected: list, desired: bits, .release, .relaxed)
                if found == list { break }
                list = found
            }
        }
    }

    /// The block scheduled per event on a scheduler without a
    /// `RACSchedulerQueue`: delivers the oldest event not yet delivered.
    /// On a serial scheduler (every one RAC ships) each block delivers its
    /// own event, so a `RACTestScheduler`'s `step()` delivers one. On a
    /// scheduler that runs blocks at the same time (one's own, over a
    /// concurrent queue), a block that finds another delivering leaves its
    /// event to it, which delivers it next: one event at a time, in order
    /// (contract point 1), as RAC 2.5 does not promise there.
    @usableFromInline
    internal func runTurn() {
        // Acq_rel: a turn handed over is taken with the slot its sender
        // wrote before scheduling it, and the one that hands it over sees
        // the deliveries before.
        if turns.fetchAdd(1, .acq_rel) != 0 { return }
        repeat {
            let held = target.current
            deliverOldest(to: held.map { Unmanaged.passUnretained($0) })
            withExtendedLifetime(held) {}
            handBackUsedChunks()
            _ = gate.leave(1, resumeAt: Self.resumeAt)
        } while turns.fetchSub(1, .acq_rel) != 1
    }

    @inlinable
    internal static func deliver(_ event: RACEvent<Value>, to sink: RACSubscriptionSink<Value>) {
        switch event {
        case .next(let value): sink.sendNext(value)
        case .error(let error): sink.sendError(error)
        case .completed: sink.sendCompleted()
        }
    }
}

#if RACS_CONTROLLED
/// In the controlled build only (Verification/controlled): a scheduler
/// whose blocks one of a scenario's threads runs, in order, as a queue
/// scheduler's thread runs its queue (and says so by overriding
/// `runsDrainsIndependently`, so that the scenarios reach the wait at the
/// bound with the drain on a controlled thread); told of each queue's words.
@usableFromInline
internal protocol RACControlledDrainScheduler: RACScheduler {
    /// Told of each queue made on it, with its words, for a scenario to
    /// watch (the count at every step) and name in traces; `storage` holds
    /// them, and outlives the queue if the scheduler keeps it.
    func deliveryQueueMade(storage: RACAtomicCell, gate: RACBacklogGate, spare: RACAtomicWord, progress: RACAtomicWord)
}
#endif

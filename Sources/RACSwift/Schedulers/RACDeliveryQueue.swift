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
/// subscription: the events not yet delivered on the scheduler, in order,
/// drained by one scheduled block per burst.
///
/// RAC 2.5 schedules one block per event. Here the first event of a burst
/// (one that finds the queue empty) schedules a drain, and the drain
/// delivers every event queued behind it, so a flood costs one slot write
/// and one atomic increment per event on the sender's side and one atomic
/// decrement on the scheduler's, and no allocation in steady state (see
/// `RACDeliveryChunk`).
///
/// **One sender at a time.** The queue is fed by a sink, whose source
/// delivers one event at a time (contract point 1): its sending side needs
/// no atomics of its own, and the `count` word orders each event before the
/// drain that delivers it.
///
/// **The bound.** A sender that finds `backlogLimit` events queued (the
/// subject serializer's bound, contract point 9) waits its turn once its
/// event is queued: it spins, then sleeps, until the drain has brought the
/// queue down to half the bound, for as long as the drain keeps
/// delivering, as it would wait for a lock; it stops only when the drain
/// has delivered *nothing* for `RACSerializerLimits.patience` (one
/// delivery has lasted a second), warns once and goes on, which switches
/// nothing off (the count and the wait are a `RACBacklogGate`'s, whose
/// wait is the serializer's). Nothing is lost or reordered: its event is
/// queued in its place. So the queue holds at most `backlogLimit`
/// events plus one, except where waiting could not end, and there the
/// sender hands over past the bound, in order:
///
/// - the sender is the queue's own drain (a subscriber that sends back into
///   its source) or runs in a block of the target scheduler (for a queue
///   scheduler: a block on its queue or on a queue that targets it), which
///   runs the drain only after it: the queue then grows by what that one
///   block sends;
/// - the target is the main thread scheduler and the sender is on the main
///   thread, or nothing has run the main queue yet (`RACMainQueueWatch`):
///   the main queue's own senders are not bounded, as in RAC;
/// - the sender holds something (a subject it delivers, a disposal it
///   runs, another queue's drain) and the drain is itself in a long wait,
///   which could be for it (`RACWaitMarks`);
/// - the scheduler is not one of RACSwift's queue schedulers (a test
///   scheduler, whose drain runs only when its thread steps it; the
///   immediate and subscription schedulers, which mostly drain at once; a
///   subclass of one's own): nothing is known of when its drain runs, so
///   the queue is not bounded there.
///
/// The queue does not test its scheduler's kind: it asks it how to run the
/// drain (`RACScheduler.makeBurstSource(_:)`: a Dispatch source on a queue
/// scheduler's queue but the main one, else a block per burst) and whether
/// a sender may wait for it (`runsDrainsIndependently`,
/// `isRunningCallingThread`).
@usableFromInline
internal final class RACDeliveryQueue<Value>: @unchecked Sendable {
    @usableFromInline internal typealias Chunk = RACDeliveryChunk<Value>

    /// The bound; its count is the events queued and not yet delivered
    /// (the one being delivered included): 0 means no drain is running or
    /// scheduled.
    @usableFromInline internal let gate: RACBacklogGate
    @inlinable internal var count: RACAtomicWord { gate.count }
    /// `RACDeliveryQueueMarks`; what the drain's thread list points at.
    @usableFromInline internal let marks: RACAtomicWord
    /// An emptied chunk for the sender to reuse (bits of a retained
    /// reference, or 0).
    @usableFromInline internal let spare: RACAtomicWord
    /// How many events the drain has delivered (it alone writes it, once
    /// per event; relaxed): what a waiting sender watches, as the count
    /// moves only once per batch. On a cache line of its own, away from the
    /// count the sender increments per event.
    @usableFromInline internal let progress: RACAtomicWord
    /// The words: the gate's, `marks`, `spare`, and eight words on,
    /// `progress`.
    @usableFromInline internal let words = RACAtomicCell(count: 16)

    /// The sender's side (see "One sender at a time").
    @exclusivity(unchecked) @usableFromInline internal var tail: Chunk
    @exclusivity(unchecked) @usableFromInline internal var tailIndex = 0

    /// The drain's side: only the one drain running touches them.
    @exclusivity(unchecked) @usableFromInline internal var head: Chunk
    @exclusivity(unchecked) @usableFromInline internal var headIndex = 0

    @usableFromInline internal let target: RACScheduledTarget<RACSubscriptionSink<Value>>
    /// Where the events are delivered; what the queue asks how to run its
    /// drain (`makeBurstSource(_:)`) and whether a sender may wait for it
    /// (`runsDrainsIndependently`, `isRunningCallingThread`).
    @usableFromInline internal let scheduler: RACScheduler
    /// Whether a burst that starts on the main thread is delivered at once,
    /// on it (`deliverOnMainThread()`).
    @usableFromInline internal let inlineOnMainThread: Bool
    /// The drain as a Dispatch source's handler, made once by the
    /// scheduler, if it makes one (else a block is scheduled per burst).
    /// It holds the queue unowned: a submitted drain holds a +1 of its own
    /// instead (see `submit()`), so that the queue does not hold itself.
    /// Written only by `init`: no exclusivity check per burst.
    @exclusivity(unchecked) @usableFromInline internal var burst: DispatchSourceUserDataAdd?

    /// How many events one drain block delivers before it queues itself
    /// again behind the blocks scheduled meanwhile. RAC 2.5 lets other
    /// blocks run between any two deliveries; a term keeps them waiting
    /// at most this many deliveries, while the Dispatch hand-off it costs
    /// (about a microsecond) stays a few nanoseconds per event. (In the
    /// controlled build, Verification/controlled, 2, one batch, so that a
    /// few events reach it: only the comparison with it steers the drain.)
    @inlinable internal static var drainTerm: Int {
        #if RACS_CONTROLLED
        2
        #else
        256
        #endif
    }

    /// How many events the drain delivers before it counts them out with
    /// one decrement: the count's cache line then moves between the sender
    /// and the drain once per batch, not twice per event. A divisor of
    /// `drainTerm` and of `resumeAt`. (In the controlled build, 2, for the
    /// same reason as `drainTerm`.)
    @inlinable internal static var batchLength: Int {
        #if RACS_CONTROLLED
        2
        #else
        32
        #endif
    }

    /// How many pauses `linger(whileCountIs:)` spins for. (In the
    /// controlled build, the spin's length the scheduler sets, as for
    /// `racSpin(until:)`: any length shows the same outcomes.)
    @inlinable internal static var lingerPauses: Int {
        #if RACS_CONTROLLED
        racs_controlled_spin_pauses()
        #else
        256
        #endif
    }

    /// Where a waiting sender's turn comes: when the drain has brought the
    /// queue down to half the bound, not just below it, so that the sender
    /// then queues a run of events before it waits again, instead of
    /// waking once per event the drain delivers (a wake-up costs more than
    /// many deliveries).
    @inlinable internal static var resumeAt: Int { RACSerializerLimits.backlogLimit / 2 }

    /// A queue delivering to `downstream` on `scheduler`, which lets go of
    /// it when its subscription ends. Inlinable, as the drain it makes is:
    /// so that both are specialized for the value type where the operator
    /// is used (in unspecialized code every event would cost runtime type
    /// lookups, more than the rest of its path).
    @inlinable
    internal init(delivering downstream: RACSubscriptionSink<Value>, on scheduler: RACScheduler,
                  inlineOnMainThread: Bool) {
        gate = RACBacklogGate(words.word(0))
        marks = words.word(RACBacklogGate.wordCount)
        spare = words.word(RACBacklogGate.wordCount + 1)
        progress = words.word(8)
        let chunk = Chunk()
        tail = chunk
        head = chunk
        target = RACScheduledTarget(downstream, endingWith: downstream.subscription)
        self.scheduler = scheduler
        self.inlineOnMainThread = inlineOnMainThread
        burst = scheduler.makeBurstSource { [unowned(unsafe) self] in self.runSubmitted() }
        #if RACS_CONTROLLED
        (scheduler as? RACControlledDrainScheduler)?.deliveryQueueMade(storage: words, gate: gate, marks: marks,
                                                                       spare: spare, progress: progress)
        #endif
    }

    deinit {
        // No drain runs or is scheduled (each holds the queue), unless a
        // scheduler let go of its block without running it: those events
        // are dropped here, with the chunks (unlinked one by one, as a
        // chain released recursively could be long).
        var left = count.load(.acquire)
        var chunk: Chunk? = head
        var index = headIndex
        while let current = chunk {
            while left > 0 && index < Chunk.capacity {
                (current.slots + index).deinitialize(count: 1)
                (index, left) = (index + 1, left - 1)
            }
            chunk = current.next
            current.next = nil
            index = 0
        }
        if case let bits = spare.load(.acquire), bits != 0 {
            Unmanaged<Chunk>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
        }
        burst?.cancel()
    }

    // MARK: The sender's side

    /// Queues `event` behind the ones before it, starts a drain if none is
    /// running or scheduled, and waits at the bound (see the type's doc).
    @inlinable
    internal func send(_ event: RACEvent<Value>) {
        if tailIndex == Chunk.capacity { growTail() }
        (tail.slots + tailIndex).initialize(to: event)
        tailIndex += 1
        // The event (and a new chunk's link) is visible to the drain that
        // counts it in; when the count was 0, the drain this starts follows
        // the last one's writes (Dispatch's hand-off orders them before it).
        let before = gate.enter()
        if before == 0 {
            startDrain()
        } else if before >= RACSerializerLimits.backlogLimit {
            awaitRoom()
        }
    }

    /// Links a chunk after the tail, reusing the spare if there is one.
    @usableFromInline
    internal func growTail() {
        // Acquire: the drain emptied the spare before it released it.
        let bits = spare.exchange(0, .acquire)
        let chunk = bits == 0 ? Chunk() : Unmanaged<Chunk>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
            .takeRetainedValue()
        tail.next = chunk
        tail = chunk
        tailIndex = 0
    }

    @inlinable
    internal func startDrain() {
        if inlineOnMainThread && racs_is_main_thread() {
            // RAC's synchronous delivery on the main thread: this thread
            // drains what it queued (and what its subscriber sends back).
            if !drain() { submit() }
        } else {
            submit()
        }
    }

    /// Whether this sender may wait for the drain without risking a wait
    /// that cannot end (see the type's doc).
    internal var mayWait: Bool {
        scheduler.runsDrainsIndependently && !racs_drains_queue(marks.address) && !scheduler.isRunningCallingThread
    }

    /// The wait at the bound: until the drain has brought the queue down to
    /// `resumeAt` (or stops, as `racAwaitTurn` says).
    @usableFromInline
    internal func awaitRoom() {
        guard mayWait else { return }
        let holds = RACWaitMarks.holdsAny
        if holds {
            guard RACWaitMarks.mark() else { return }
            if marks.load(.seq_cst) & RACDeliveryQueueMarks.drainWaits != 0 {
                RACWaitMarks.unmark()
                return
            }
        }
        defer { if holds { RACWaitMarks.unmark() } }
        // Never closed: a disposed subscription's drain still empties the
        // queue (dropping the events), so the wait ends as it would.
        gate.awaitTurn(resumeAt: Self.resumeAt, watching: progress, isClosed: { false }, stallKey: 5, stallWarning: """
            RACSwift: a send into deliverOn(_:) waited 1 s for the scheduler's queue to make room, while it \
            delivered nothing (one delivery has lasted over a second: a block that blocks, or waits for this \
            thread), and went on without waiting; its event stays queued in order. (Warned once.)
            """)
    }

    // MARK: The drain's side

    /// Submits the drain to the scheduler.
    @inlinable
    internal func submit() {
        if let burst {
            // The submitted drain's own reference, let go of when it ends.
            // One run per signal: a signal comes only from a burst's start
            // (the count left 0, so no run is pending) or from the end of a
            // term, inside the run, which Dispatch follows with another.
            _ = Unmanaged.passRetained(self)
            scheduler.signal(burst)
        } else {
            scheduler.schedule { [self] in
                if !drain() { submit() }
            }
        }
    }

    /// The source's handler (run with the scheduler current): a drain,
    /// which signals the source again after a full term.
    @inlinable
    internal func runSubmitted() {
        let ended = drain()
        if !ended { scheduler.signal(burst!) }
        // The reference `submit()` took, carried over by a resubmission.
        if ended { Unmanaged.passUnretained(self).release() }
    }

    /// Delivers queued events, oldest first, until none is left (returns
    /// true) or for a term (returns false: more are queued, and no sender
    /// will start a drain for them).
    @inlinable
    internal func drain() -> Bool {
        racs_drain_entered(marks.address)
        defer { racs_drain_left() }
        // One read of the target per drain (an atomic reference's read
        // costs read-modify-writes); the sink drops what arrives after its
        // subscription ended, by its own flag.
        let sink = target.current
        // The cursor in locals, stored back once per batch: its fields sit
        // beside the sender's, whose cache line the drain then does not
        // write per event.
        var (chunk, index) = (head, headIndex)
        // Acquire: every event counted so far was written before it was.
        var available = count.load(.acquire)
        var made = progress.load(.relaxed)
        var delivered = 0
        while true {
            let batch = Swift.min(available, Self.batchLength)
            for _ in 0..<batch {
                if index == Chunk.capacity { (chunk, index) = (advance(from: chunk), 0) }
                let event = (chunk.slots + index).move()
                index += 1
                if let sink {
                    switch event {
                    case .next(let value): sink.sendNext(value)
                    case .error(let error): sink.sendError(error)
                    case .completed: sink.sendCompleted()
                    }
                }
                made &+= 1
                progress.store(made, .relaxed)
            }
            delivered += batch
            linger(whileCountIs: batch)
            // Before the decrement, which may end the drain: the next drain,
            // perhaps on another thread, starts from the cursor once a
            // sender has seen the count at 0 (the decrement's release).
            (head, headIndex) = (chunk, index)
            // Acquire: the events counted since were written before.
            available = gate.leave(batch, resumeAt: Self.resumeAt)
            if available == 0 { return true }
            if delivered >= Self.drainTerm { return false }
        }
    }

    /// Before the drain counts out all it knows of (which ends its burst
    /// if nothing more came), a short wait (`lingerPauses` pauses, a few
    /// microseconds) for the sender's next events. Why: a sender slower
    /// than the drain would otherwise start a burst per event, and
    /// signalling the scheduler (a Dispatch wake-up of its queue and
    /// thread) costs more than the wait.
    ///
    /// It reads the count once per `lingerPollInterval` pauses, not after
    /// each: every read takes the count's cache line from the sender's
    /// core, whose next increment then waits for it back, so a drain that
    /// read it in a tight loop made the sender pay a cache miss per event
    /// (most of its time in W13); read every few hundred nanoseconds, the
    /// sender queues a run of events per miss and the drain delivers them
    /// as one batch. Relaxed: it only steers the choice; the decrement
    /// that follows orders what the drain reads.
    @inlinable
    internal func linger(whileCountIs known: Int) {
        // A sender ahead of the drain: no pause at all.
        if count.load(.relaxed) != known { return }
        var round = 0
        while round < Self.lingerPauses {
            for _ in 0..<Self.lingerPollInterval { racs_cpu_relax() }
            round += Self.lingerPollInterval
            if count.load(.relaxed) != known { return }
        }
    }

    /// How many pauses `linger(whileCountIs:)` makes between two reads of
    /// the count: long enough for a sender to queue several events (a
    /// pause is 10 to 30 ns on the machines measured, an event about as
    /// much), short enough that a waiting event waits well under a
    /// microsecond more. A divisor of `lingerPauses`. (In the controlled
    /// build, 1: the count is read after each of the scheduler's pauses,
    /// so any point of the spin can see the sender's event.)
    @inlinable internal static var lingerPollInterval: Int {
        #if RACS_CONTROLLED
        1
        #else
        16
        #endif
    }

    /// The chunk after `emptied`, which the drain has emptied, offered as
    /// the spare.
    @usableFromInline
    internal func advance(from emptied: Chunk) -> Chunk {
        // Linked before the event the drain is about to read was counted.
        let next = emptied.next!
        emptied.next = nil
        // Release: the sender that takes the spare sees it unlinked.
        let previous = spare.exchange(Int(bitPattern: Unmanaged.passRetained(emptied).toOpaque()), .acq_rel)
        if previous != 0 { Unmanaged<Chunk>.fromOpaque(UnsafeRawPointer(bitPattern: previous)!).release() }
        return next
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
    func deliveryQueueMade(storage: RACAtomicCell, gate: RACBacklogGate, marks: RACAtomicWord, spare: RACAtomicWord,
                           progress: RACAtomicWord)
}
#endif

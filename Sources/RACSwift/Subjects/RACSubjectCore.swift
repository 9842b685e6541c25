import CShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The engine behind every subject: its subscribers, what it replays, how it
/// ended, and the serializer through which every send, subscribe and dispose
/// passes.
///
/// **Serialized, one order for all.** Every operation goes through one
/// `RACSerializer`. The thread inside (the owner) delivers each event to all
/// subscribers before the next, so no subscriber ever receives two events at
/// once and all subscribers see the same order. A sender that finds another
/// thread delivering hands its event over and returns; the owner delivers it
/// before leaving. Uncontended, a send costs the serializer's two atomic
/// read-modify-writes, whatever the number of subscribers, and allocates
/// nothing.
///
/// **The subscriber list needs no reclamation scheme.** Only the owner ever
/// reads or changes `slots`, so no other thread can hold a pointer into it.
/// The list is still safe against changes made *during* a delivery by the
/// owner itself (a subscriber that subscribes another, or disposes itself,
/// from its block): the delivery loop reads `slots[i]` afresh at each step
/// and stops at the count it started with, appends go past that count, a
/// disposal only empties a slot, and the subscriptions emptied mid-delivery
/// are kept alive in `graveyard` until the loop ends.
///
/// **Disposal is O(1).** A disposed subscription's sink stops at once (its
/// own flag); the owner then empties its slot, releasing the subscriber and
/// its blocks, and compacts the list once half of it is empty.
///
/// **A value reaches a block subscriber without touching its sink.** Beside
/// each slot, `blocks` holds a borrowed copy of the sink's `next` block
/// (`RACBorrowedBlock`), 16 bytes per subscriber read in order, and a value
/// is delivered by calling it: no load of the sink. Before every call the
/// loop reads one word of the subject instead, `lendingWord`, from a line
/// it has in cache; only while that word is 0 does it call the copy
/// without testing the sink's flag. The word is 0 exactly when every slot
/// below `count` holds a lent block (no empty slot, no sink that was not
/// lent: the owner's mark, `unlentMark`) and no unsubscribe is in flight.
/// The flag of a lent sink is set only by the disposal of its
/// subscription (no other source feeds the sink: see `lendBlock`), which
/// sets the flag first and then takes the subscription out
/// (`unsubscribe`) before `dispose()` returns: at once if the serializer
/// is idle (then no delivery is under way), otherwise by handing the
/// unsubscribe over, counted in the word first, and the owner counts it
/// out only once it has emptied the slot. So from the moment `dispose()`
/// returns until the slot is gone, the word is not 0, and every call the
/// loop makes from then on, in the delivery under way too, goes through
/// the sink and its flag, as every call did before blocks were lent. No
/// call of a subscriber's block begins after its `dispose()` returned,
/// whichever thread disposed it (`Verification/models/unsubscribe.pml`,
/// with `-DLENDING`, checks this).
///
/// **Reentrancy, and subscribes that linearize.** A subscribe made by the
/// owner from inside a delivery gets its replay at once, but joins the
/// deliveries only after every operation already handed over: those were
/// sent before it subscribed, and their senders may have returned. Its
/// replay therefore counts them in: it is what the subject will have
/// recorded once they are applied (for a replay or behavior subject), and
/// the terminal event at once if one of them ends the subject. So a
/// blocking `first()` in a block returns at once when there is a value to
/// replay, and no subscriber ever hears an event whose `sendNext` returned
/// before its subscribe was called. Sends and disposals made from inside a
/// delivery are handed over and applied right after it, in the order made.
@usableFromInline
internal final class RACSubjectCore<Value>: RACSubjectCoreBase {
    @usableFromInline
    internal enum Operation {
        case next(Value)
        case error(any Error)
        case completed
        case subscribe(RACSubjectSubscription)
        /// A subscription that got its replay already (see
        /// `subscribeAsOwner`) joins the deliveries.
        case join(RACSubjectSubscription)
        case unsubscribe(RACSubjectSubscription)
        case detachAll
    }

    @usableFromInline
    internal enum Ending {
        case error(any Error)
        case completed
    }

    // Everything below is touched only by the serializer's owner. The
    // serializer makes access exclusive, so Swift's dynamic exclusivity
    // checks (about 50 instructions per access, on the delivery path) are
    // turned off.

    /// Subscriptions, each holding a +1 reference, with their sinks; nil
    /// once disposed. The same allocation holds `blocks` after them.
    @exclusivity(unchecked) @usableFromInline internal var slots: UnsafeMutablePointer<RACSubjectSlot?>
    @exclusivity(unchecked) @usableFromInline internal var count = 0
    @exclusivity(unchecked) @usableFromInline internal var capacity = 0
    /// `emptySlots` and `lentSlots`, 32 bits each, so that both fit in the
    /// word `emptySlots` took alone: a field more would move the object up
    /// a malloc size class (see `isDelivering`). No subject holds 2^31
    /// subscriptions (each takes over 300 bytes).
    @exclusivity(unchecked) @usableFromInline internal var slotTallies: (empty: Int32, lent: Int32) = (0, 0)
    /// Slots below `count` that are nil.
    @inlinable
    internal var emptySlots: Int {
        get { Int(slotTallies.empty) }
        set { slotTallies.empty = Int32(newValue) }
    }
    /// Slots below `count` whose sink's block is lent (see `blocks`): when
    /// it equals `count`, `unlentMark` is clear.
    @inlinable
    internal var lentSlots: Int {
        get { Int(slotTallies.lent) }
        set { slotTallies.lent = Int32(newValue) }
    }
    /// Subscriptions removed during a delivery, released after it.
    @exclusivity(unchecked) @usableFromInline internal var graveyard: [RACSubjectSlot] = []
    /// What a late subscriber receives first (replay and behavior subjects).
    @usableFromInline internal let history: RACReplayBuffer<Value>?
    @exclusivity(unchecked) @usableFromInline internal var ending: Ending?
    // Last, after the words: the object then stays in the malloc size
    // class it had before `blocks` and `lendingWord` (a subject's
    // subscription's class, one up, cost a late subscription 250
    // instructions of glibc's slow path, W3).
    @exclusivity(unchecked) @usableFromInline internal var isDelivering = false

    /// For each slot, the sink's `next` block, borrowed (see
    /// `RACBorrowedBlock`), or none (a null function pointer): an empty
    /// slot, or a sink that is not a block subscriber with a `next` block
    /// that only this subject feeds. Same capacity and indices as `slots`,
    /// right after them in their allocation (a field of its own would move
    /// the object up a malloc size class, as above).
    @inlinable @inline(__always)
    internal var blocks: UnsafeMutablePointer<RACBorrowedBlock<Value>> {
        UnsafeMutableRawPointer(slots + capacity).assumingMemoryBound(to: RACBorrowedBlock<Value>.self)
    }

    /// Storage for `capacity` slots and their blocks.
    @inlinable
    internal static func allocateSlots(capacity: Int) -> UnsafeMutablePointer<RACSubjectSlot?> {
        let bytes = capacity * (MemoryLayout<RACSubjectSlot?>.stride + MemoryLayout<RACBorrowedBlock<Value>>.stride)
        return UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<RACSubjectSlot?>.alignment)
            .bindMemory(to: RACSubjectSlot?.self, capacity: capacity)
    }

    @usableFromInline
    internal init(history: RACReplayBuffer<Value>?) {
        self.history = history
        slots = Self.allocateSlots(capacity: 0)
        super.init()
    }

    deinit {
        for index in 0..<count { slots[index]?.release() }
        // With the blocks, not deinitialized: they own nothing.
        slots.deallocate()
    }

    @inlinable @inline(__always)
    internal var serializer: RACSerializer<Operation> {
        RACSerializer(RACInlineAtomics.word(0, of: self))
    }

    /// Sends `value` to every subscriber, in the serialized order; with
    /// `untilApplied` (asked only if another thread is delivering), returns
    /// only once that thread has delivered it. `subject`, the subject whose
    /// core this is, is named if the send is a lap too many of a cycle
    /// (`RACHandOverDepth`).
    @inlinable @inline(__always)
    internal func sendNext(_ value: Value, untilApplied: @autoclosure () -> Bool = false,
                           from subject: AnyObject? = nil) {
        serializer.perform(.next(value), untilApplied: untilApplied(), guarded: subject,
                           now: { asOwner { deliverNext(value) } }) { applyAsOwner($0) }
    }

    /// Performs `operation` in the serialized order.
    @inlinable @inline(__always)
    internal func perform(_ operation: Operation) {
        serializer.perform(operation, now: { applyAsOwner(operation) }) { applyAsOwner($0) }
    }

    /// Subscribes `subscription` in the serialized order; from inside a
    /// delivery, see `subscribeAsOwner`.
    @usableFromInline
    internal func subscribe(_ subscription: RACSubjectSubscription) {
        if isOwnedByCurrentThread {
            subscribeAsOwner(subscription)
        } else {
            var inPlace = false
            serializer.perform(.subscribe(subscription), now: {
                inPlace = true
                asOwner { add(subscription) }
            }) { applyAsOwner($0) }
            // Noted once subscribed: a blocking read has its replay by now
            // if the subscribe was applied here, and will get it from the
            // delivering thread if it was handed over.
            RACBlockingProbe.note(self, inPlace ? .subscribedInPlace : .handedOver)
        }
    }

    /// Takes `subscription` out, at once if the serializer is idle;
    /// otherwise hands the unsubscribe over, counted in `lendingWord`
    /// first, so that deliveries test the sinks' flags until the owner has
    /// applied it (see the class comment).
    @usableFromInline
    internal override func unsubscribe(_ subscription: RACSubjectSubscription) {
        serializer.perform(.unsubscribe(subscription), handingOver: {
            // Release: the sink's flag was set before (the subscription's
            // dispose sets it first), and an owner whose acquire load reads
            // this count then sees the flag when it tests it. Counted in
            // before the hand-over and so before `dispose()` returns; from
            // inside a delivery (this thread is the owner) the rest of that
            // delivery goes through the sinks.
            _ = lendingWord.fetchAdd(1, .release)
        }, now: { asOwner { remove(subscription) } }) {
            applyAsOwner($0)
        }
    }

    /// Runs `body` with the owner's thread id published, so that reentrant
    /// calls from the blocks it runs recognise their thread.
    @inlinable @inline(__always)
    internal func asOwner(_ body: () -> Void) {
        ownerWord.store(RACThreadID.current, .relaxed)
        body()
        ownerWord.store(0, .relaxed)
    }

    @inlinable
    internal func applyAsOwner(_ operation: Operation) {
        asOwner { apply(operation) }
    }

    @inlinable
    internal func apply(_ operation: Operation) {
        switch operation {
        case .next(let value):
            deliverNext(value)
        case .error(let error):
            end(.error(error))
        case .completed:
            end(.completed)
        case .subscribe(let subscription):
            add(subscription)
        case .join(let subscription):
            insert(subscription)
        case .unsubscribe(let subscription):
            // Only handed-over unsubscribes reach here (`unsubscribe` applies
            // its own with `remove` directly), each counted in when handed
            // over; counted out only after `remove` has emptied the slot
            // (and set the unlent mark for it). Relaxed: only owners act on
            // the word, this one after this in program order, the next after
            // entering the serializer, which orders it.
            remove(subscription)
            _ = lendingWord.fetchSub(1, .relaxed)
        case .detachAll:
            // The subject is gone, so no event can come: end each
            // subscription silently, which disposes its disposable and lets
            // the sink go.
            markSubscriptionsEnded()
            deliver { _ = $0.terminate() }
            releaseAll()
        }
    }

    /// Delivers `value` to every subscription present when the delivery
    /// starts: by its borrowed block while `lendingWord` is 0, then, from
    /// the first call before which it is not, through the sinks, testing
    /// each flag (see the class comment).
    ///
    /// Always inlined, so that a send's uncontended path stays one
    /// function.
    @inlinable @inline(__always)
    internal func deliverNext(_ value: Value) {
        guard ending == nil else { return }
        history?.append(value)
        isDelivering = true
        let end = count, word = lendingWord
        // Acquire, before every call of a lent block: a disposal on another
        // thread sets the sink's flag, then counts its unsubscribe in
        // (release); reading that count here, the delivery sees the flag
        // when it tests it. Once not 0, the word stays so for the rest of
        // the delivery: only an owner counts unsubscribes out or clears
        // the mark, outside deliveries.
        if word.load(.acquire) != 0 {
            // A slot empty or not lent (a property's subscribers, operators'
            // sinks, W10), or an unsubscribe in flight.
            deliverThroughSinks(from: 0, to: end) { $0.sendNext(value) }
        } else if end > 0 {
            // Read once: nothing grows the slots during a delivery (see
            // `growSlots`). A pointer steps through the entries beside a
            // count down to the end: of the shapes measured, the one with
            // the fewest instructions per send and per delivery together
            // (perf/README, "Flat fan-out with the flag kept"). The word was
            // tested just above, so the first call needs no second test.
            var entry = blocks, remaining = end
            #if RACS_KNOWN_BUGS
            // `--bug lending-once`: the loop reads a word that stays 0, so
            // the subject's is tested once per delivery, not before every
            // call (the controlled scheduler's lending scenarios catch it).
            let word = RACKnownBug.lendingWordTestedOnce ? RACKnownBug.neverCountedIn : word
            #endif
            repeat {
                RACBorrowedBlock.call(entry.pointee, with: value)
                entry += 1
                remaining -= 1
            } while remaining != 0 && word.load(.acquire) == 0
            if remaining != 0 { deliverNextThroughSinks(value, from: end - remaining, to: end) }
        }
        isDelivering = false
        if !graveyard.isEmpty { buryGraveyard() }
    }

    /// `deliverNext` from the first entry before which an unsubscribe was
    /// in flight: out of line, as only a disposal racing a delivery, or
    /// made from inside one, takes it.
    @inlinable @inline(never)
    internal func deliverNextThroughSinks(_ value: Value, from start: Int, to end: Int) {
        deliverThroughSinks(from: start, to: end) { $0.sendNext(value) }
    }

    /// Calls `send` with the sink of every subscription present when the
    /// delivery starts.
    @inlinable
    internal func deliver(_ send: (RACSubscriptionSink<Value>) -> Void) {
        isDelivering = true
        deliverThroughSinks(from: 0, to: count, send)
        isDelivering = false
        if !graveyard.isEmpty { buryGraveyard() }
    }

    /// Calls `send` with the sink in each slot from `start` to `end` that is
    /// not empty, read afresh at each step (a block may empty a later slot).
    @inlinable @inline(__always)
    internal func deliverThroughSinks(from start: Int, to end: Int, _ send: (RACSubscriptionSink<Value>) -> Void) {
        var index = start
        while index < end {
            // Unretained all the way (no retain/release per delivery): the
            // slot holds the subscription, which holds the sink, and a
            // disposal during the call parks the subscription in
            // `graveyard` instead of freeing it. The sink is read from the
            // slot itself, not through the subscription: one memory access
            // less per delivery, which with many subscribers is a cache
            // miss less.
            if let slot = slots[index] {
                Unmanaged<RACSubscriptionSink<Value>>.fromOpaque(slot.sink)._withUnsafeGuaranteedRef { send($0) }
            }
            index += 1
        }
    }

    @usableFromInline
    internal func end(_ ending: Ending) {
        guard self.ending == nil else { return }
        self.ending = ending
        markSubscriptionsEnded()
        switch ending {
        case .error(let error): deliver { $0.sendError(error) }
        case .completed: deliver { $0.sendCompleted() }
        }
        releaseAll()
    }

    /// Marks every subscription disposed before the owner ends them all, so
    /// that their own disposal, triggered by the ending, does not hand an
    /// unsubscribe back for each of them.
    @usableFromInline
    internal func markSubscriptionsEnded() {
        for index in 0..<count {
            slots[index]?.subscription._withUnsafeGuaranteedRef { $0.markEndedBySubject() }
        }
    }

    /// Replays to `subscription`, then adds it, or ends it if the subject
    /// has ended.
    @usableFromInline
    internal func add(_ subscription: RACSubjectSubscription) {
        if let history {
            guard let sink = sink(of: subscription) else { return }
            history.forEach { sink.sendNext($0) }
        }
        insert(subscription)
    }

    /// The sink `subscription` still holds (until the core takes it), as
    /// the core's own sink type. Owner only. (Not `Optional.map`: this runs
    /// unspecialized, where `map` would look generic metadata up.)
    @inlinable @inline(__always)
    internal func sink(of subscription: RACSubjectSubscription) -> RACSubscriptionSink<Value>? {
        guard let held = subscription.sink else { return nil }
        return unsafeDowncast(held, to: RACSubscriptionSink<Value>.self)
    }

    /// Subscribes from inside a delivery, on the owner's thread: replays at
    /// once what the subject will have recorded once the operations handed
    /// over so far are applied (the history, then their values, the oldest
    /// dropped past the capacity), or ends the subscription at once if one
    /// of them ends the subject; otherwise queues the subscription to join
    /// after them (`.join`), so it hears none of their events.
    @usableFromInline
    internal func subscribeAsOwner(_ subscription: RACSubjectSubscription) {
        guard let sink = sink(of: subscription) else { return }
        var values: [Value] = []
        var pendingEnding = ending
        serializer.forEachPending { operation in
            guard pendingEnding == nil else { return }
            switch operation {
            case .next(let value): if history != nil { values.append(value) }
            case .error(let error): pendingEnding = .error(error)
            case .completed: pendingEnding = .completed
            case .subscribe, .join, .unsubscribe, .detachAll: break
            }
        }
        if let history {
            // Of history + values, the last `capacity` survive.
            var skip = Swift.max(0, history.count + values.count - history.capacity)
            history.forEach { value in
                if skip > 0 { skip -= 1 } else { sink.sendNext(value) }
            }
            for value in values.dropFirst(skip) { sink.sendNext(value) }
        }
        if let pendingEnding {
            end(subscription, with: pendingEnding)
            // Queued all the same (its insert finds the sink gone and does
            // nothing): `forEachPending` may have moved operations whose
            // senders have not counted themselves in yet onto the queue,
            // and without one more entry this thread's `leave()` could find
            // the count at 0 and leave them there, for a later uncontended
            // send to overtake: the pending end this subscription was
            // given would then come after that send for everyone else
            // (docs/Verification.md, F2).
            serializer.enqueueAsOwner(.join(subscription))
            return
        }
        // Only this thread can deliver what the subscription waits for,
        // once it has returned from the block it is in.
        RACBlockingProbe.note(self, .joinedAsOwner)
        serializer.enqueueAsOwner(.join(subscription))
    }

    /// Ends a subscription that arrives after the subject ended.
    @usableFromInline
    internal func end(_ subscription: RACSubjectSubscription, with ending: Ending) {
        guard let sink = sink(of: subscription) else { return }
        subscription.markEndedBySubject()
        switch ending {
        case .error(let error): sink.sendError(error)
        case .completed: sink.sendCompleted()
        }
        subscription.sink = nil
    }

    /// Adds `subscription` to the deliveries, unless it was disposed
    /// already (perhaps by a replayed value); ends it if the subject has
    /// ended.
    @usableFromInline
    internal func insert(_ subscription: RACSubjectSubscription) {
        guard !subscription.isDisposed, subscription.sink != nil else {
            subscription.sink = nil
            return
        }
        if let ending { return end(subscription, with: ending) }
        if count == capacity { growSlots() }
        subscription.index = count
        // The slot takes the subscription's +1 on the sink, moved out of it
        // (no retain and release on the way, unlike a copy and a nil).
        let sink = Unmanaged.passRetained(subscription.sink.take()!).toOpaque()
        slots[count] = RACSubjectSlot(subscription: .passRetained(subscription), sink: sink)
        // Borrowed from the slot: no retain and release around the lend.
        let lent = Unmanaged<RACSubscriptionSink<Value>>.fromOpaque(sink)._withUnsafeGuaranteedRef {
            lendBlock(of: $0, in: subscription, to: blocks + count)
        }
        count += 1
        // A lent block keeps the mark as it was; any other sink sets it.
        if lent { slotTallies.lent &+= 1 } else { markUnlent() }
    }

    /// Writes into `entry` the borrowed `next` block of `sink`, which has
    /// just taken a slot for `subscription`, or none. Only a block
    /// subscriber has a `next` block (`nextBlock`, immutable for the sink's
    /// life; nil for every other sink, which the entry then says), and it
    /// never serializes its events itself (it is never served to a source's
    /// own code: see `RACBlockSubscriber`). It is lent only if
    /// `subscription` is the sink's own (its first and only, so no other
    /// source feeds the sink, and nothing but the disposal of
    /// `subscription` sets its flag). Returns whether it lent the block.
    @inline(__always)
    internal func lendBlock(of sink: RACSubscriptionSink<Value>, in subscription: RACSubjectSubscription,
                            to entry: UnsafeMutablePointer<RACBorrowedBlock<Value>>) -> Bool {
        if sink.nextBlock != nil, sink.stateWord.load(.relaxed) & RACSinkState.serializing == 0,
           let own = sink.subscriptionReference,
           own.toOpaque() == Unmanaged.passUnretained(subscription).toOpaque() {
            RACBorrowedBlock.copy(from: sink.nextBlockWords, to: entry)
            return true
        }
        RACBorrowedBlock.clear(entry)
        return false
    }

    /// Sets `unlentMark` in `lendingWord` while some slot below `count` is
    /// empty or holds a sink whose block is not lent, and clears it once
    /// none does: after a compaction or `releaseAll`, which may have ended
    /// the last such slot (`markUnlent` after a change that makes one).
    /// Owner only; an atomic read-modify-write only when the mark changes
    /// (other threads count unsubscribes in the same word meanwhile).
    @inlinable @inline(__always)
    internal func updateUnlentMark() {
        if lentSlots != count { return markUnlent() }
        // Relaxed: only owners write the mark, each after entering the
        // serializer, which orders it after the previous owner's writes.
        // (Nothing but an owner's own delivery loop acts on it.)
        if lendingWord.load(.relaxed) & Self.unlentMark != 0 {
            _ = lendingWord.fetchAnd(~Self.unlentMark, .relaxed)
        }
    }

    /// Sets `unlentMark` if it is clear: a slot has just been emptied or
    /// given a sink that is not lent. Owner only; relaxed, as above.
    @inlinable @inline(__always)
    internal func markUnlent() {
        if lendingWord.load(.relaxed) & Self.unlentMark == 0 {
            _ = lendingWord.fetchOr(Self.unlentMark, .relaxed)
        }
    }

    @usableFromInline
    internal func remove(_ subscription: RACSubjectSubscription) {
        let index = subscription.index
        guard index >= 0, index < count, let entry = slots[index],
              entry.subscription.takeUnretainedValue() === subscription else {
            // Not in a slot: disposed before the core took it in (a replay
            // subject's subscription still scheduled, whose block will not
            // run now). Let go of its sink, which holds it: kept, the two
            // would keep each other alive.
            subscription.sink = nil
            return
        }
        slots[index] = nil
        if RACBorrowedBlock.isPresent(blocks + index) { slotTallies.lent &-= 1 }
        RACBorrowedBlock.clear(blocks + index)
        subscription.index = -1
        slotTallies.empty &+= 1
        markUnlent()
        if isDelivering {
            graveyard.append(entry)
        } else {
            entry.release()
            if emptySlots >= 8 && emptySlots * 2 >= count { compact() }
        }
    }

    @usableFromInline
    internal func buryGraveyard() {
        for entry in graveyard { entry.release() }
        graveyard.removeAll(keepingCapacity: true)
        if emptySlots >= 8 && emptySlots * 2 >= count { compact() }
    }

    @usableFromInline
    internal func releaseAll() {
        let entries = (0..<count).compactMap { slots[$0] }
        for index in 0..<count {
            slots[index] = nil
            RACBorrowedBlock.clear(blocks + index)
        }
        count = 0
        emptySlots = 0
        lentSlots = 0
        updateUnlentMark()
        for entry in entries {
            entry.subscription._withUnsafeGuaranteedRef { $0.index = -1 }
            entry.release()
        }
    }

    /// Moves the live slots to the front, keeping their order. Never during
    /// a delivery, whose loop relies on indices staying put.
    @usableFromInline
    internal func compact() {
        var live = 0
        for index in 0..<count {
            guard let entry = slots[index] else { continue }
            entry.subscription._withUnsafeGuaranteedRef { $0.index = live }
            slots[live] = entry
            RACBorrowedBlock.move(from: blocks + index, to: blocks + live)
            live += 1
        }
        for index in live..<count {
            slots[index] = nil
            RACBorrowedBlock.clear(blocks + index)
        }
        count = live
        emptySlots = 0
        updateUnlentMark()
    }

    /// Doubles the slot storage. Never during a delivery, whose loop reads
    /// `blocks` once: a subscribe made then, by the owner or handed over,
    /// joins after it (`insert` runs only as an operation of its own).
    @usableFromInline
    internal func growSlots() {
        precondition(!isDelivering, "RACSubjectCore: slots grown during a delivery")
        let newCapacity = Swift.max(capacity * 2, 4)
        let newSlots = Self.allocateSlots(capacity: newCapacity)
        newSlots.moveInitialize(from: slots, count: count)
        (newSlots + count).initialize(repeating: nil, count: newCapacity - count)
        // The blocks own nothing: copied as bytes. Past `count` they are
        // written by `insert` before they are read.
        UnsafeMutableRawPointer(newSlots + newCapacity).copyMemory(from: blocks,
                                                                   byteCount: count * MemoryLayout<RACBorrowedBlock<Value>>.stride)
        slots.deallocate()
        slots = newSlots
        capacity = newCapacity
    }
}

/// What a subject's subscriptions know of its core: how to leave it. The
/// base class is not generic, so that making a subscription, which happens
/// in unspecialized code behind `subscribe`'s vtable entry, needs no runtime
/// metadata lookup.
@usableFromInline
internal class RACSubjectCoreBase {
    /// Atomic words (see `RACInlineAtomics`); must stay the first stored
    /// property. 0 to 3: the serializer; 4: the owner's thread id, or 0;
    /// 5: what feeds the subject, for blocking reads (see `RACSubjectFeed`);
    /// 6: `lendingWord`.
    @usableFromInline internal var _atomics: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

    @usableFromInline
    internal init() {}

    deinit {
        releaseFeed()
    }

    @inlinable @inline(__always)
    internal var ownerWord: RACAtomicWord {
        RACInlineAtomics.word(4, of: self)
    }

    /// Whether a delivery may call the lent blocks without the sinks (see
    /// `RACSubjectCore`): 0 if so. The low bits count the unsubscribes
    /// handed over to the serializer and not applied yet (incremented by
    /// the thread handing one over, decremented by the owner that applied
    /// it); `unlentMark` is the owner's mark that some slot is empty or
    /// not lent. The count cannot reach the mark: each subscription hands
    /// over at most one unsubscribe.
    @inlinable @inline(__always)
    internal var lendingWord: RACAtomicWord {
        RACInlineAtomics.word(6, of: self)
    }

    /// `lendingWord`'s owner mark (see `RACSubjectCore.updateUnlentMark`).
    @inlinable
    internal static var unlentMark: Int { 1 << 62 }

    /// Whether the calling thread is inside the serializer right now, i.e.
    /// is calling from within one of this subject's deliveries.
    @inlinable
    internal var isOwnedByCurrentThread: Bool {
        // Relaxed: only this thread ever stores its own id, and it clears it
        // before leaving, so reading it back means we are the owner; any
        // other value (another owner's id, 0) means we are not.
        ownerWord.load(.relaxed) == RACThreadID.current
    }

    /// Takes `subscription` out of the subject.
    @usableFromInline
    internal func unsubscribe(_ subscription: RACSubjectSubscription) {}
}

/// A subject's slot: a subscription and its sink (of the core's `Value`),
/// each +1; `release()` lets go of both.
@frozen @usableFromInline
internal struct RACSubjectSlot {
    @usableFromInline internal let subscription: Unmanaged<RACSubjectSubscription>
    @usableFromInline internal let sink: UnsafeMutableRawPointer

    @inlinable
    internal init(subscription: Unmanaged<RACSubjectSubscription>, sink: UnsafeMutableRawPointer) {
        self.subscription = subscription
        self.sink = sink
    }

    @usableFromInline
    internal func release() {
        Unmanaged<RACDisposable>.fromOpaque(sink).release()
        subscription.release()
    }
}

/// One subscriber's place in a subject, and the subscription's compound
/// disposable: what `subscribe` returns, the subject's slot holds, and the
/// sink ends with a terminal event. One object for all three (they were
/// two, a compound and this record): disposing it disposes its children,
/// the sink first, then takes the subscriber out of the subject.
///
/// It holds its sink until the core has the sink in a slot (or has ended
/// the subscription), then lets go: from then on the slot holds the sink,
/// and releasing the slot releases it. So the sink, which holds this
/// subscription, and the subscription never keep each other alive.
@usableFromInline
internal final class RACSubjectSubscription: RACCompoundDisposable, @unchecked Sendable {
    @usableFromInline internal let core: RACSubjectCoreBase
    /// The subscriber's sink, a `RACSubscriptionSink<Value>` of the core's
    /// `Value`, stored as its base class to keep this class non-generic;
    /// nil once the core took it (see above). Touched only by the owner of
    /// the core's serializer, and before the subscription is shared.
    @exclusivity(unchecked) @usableFromInline internal var sink: RACDisposable?
    /// The slot it occupies in `core`, or -1. Touched only by the owner.
    @exclusivity(unchecked) @usableFromInline internal var index = -1

    @usableFromInline
    internal init(core: RACSubjectCoreBase, sink: RACDisposable) {
        self.core = core
        self.sink = sink
        super.init()
    }

    /// Bit 1 of the state word (bit 0 is "disposed", and the rest belongs
    /// to the disposal's once flag, which leaves this bit alone: see
    /// `RACOnceFlag.spare`): the subject ended the subscription itself, so
    /// its disposal need not hand an unsubscribe back.
    @inlinable
    internal static var endedBySubject: Int { 2 }

    /// Marks the subscription as ended by its subject (owner only; relaxed:
    /// a disposal that misses it merely unsubscribes for nothing).
    @inlinable
    internal func markEndedBySubject() {
        _ = stateWord.fetchOr(Self.endedBySubject, .relaxed)
    }

    /// Takes the subscriber out of the subject, once the children (the
    /// sink first) are disposed.
    @usableFromInline
    internal override func didDispose() {
        guard stateWord.load(.relaxed) & Self.endedBySubject == 0 else { return }
        core.unsubscribe(self)
    }
}

/// The calling thread's identity, as a nonzero word.
@usableFromInline
internal enum RACThreadID {
    @inlinable
    internal static var current: Int {
        #if canImport(Glibc)
        Int(bitPattern: pthread_self())
        #else
        Int(bitPattern: UnsafeRawPointer(pthread_self()))
        #endif
    }
}

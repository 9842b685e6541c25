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
    /// once disposed.
    @exclusivity(unchecked) @usableFromInline internal var slots: UnsafeMutablePointer<RACSubjectSlot?>
    @exclusivity(unchecked) @usableFromInline internal var count = 0
    @exclusivity(unchecked) @usableFromInline internal var capacity = 0
    /// Slots below `count` that are nil.
    @exclusivity(unchecked) @usableFromInline internal var emptySlots = 0
    @exclusivity(unchecked) @usableFromInline internal var isDelivering = false
    /// Subscriptions removed during a delivery, released after it.
    @exclusivity(unchecked) @usableFromInline internal var graveyard: [RACSubjectSlot] = []
    /// What a late subscriber receives first (replay and behavior subjects).
    @usableFromInline internal let history: RACReplayBuffer<Value>?
    @exclusivity(unchecked) @usableFromInline internal var ending: Ending?

    @usableFromInline
    internal init(history: RACReplayBuffer<Value>?) {
        self.history = history
        slots = .allocate(capacity: 0)
        super.init()
    }

    deinit {
        for index in 0..<count { slots[index]?.release() }
        slots.deallocate()
    }

    @inlinable @inline(__always)
    internal var serializer: RACSerializer<Operation> {
        RACSerializer(RACInlineAtomics.word(0, of: self))
    }

    /// Sends `value` to every subscriber, in the serialized order; with
    /// `untilApplied` (asked only if another thread is delivering), returns
    /// only once that thread has delivered it.
    @inlinable @inline(__always)
    internal func sendNext(_ value: Value, untilApplied: @autoclosure () -> Bool = false) {
        serializer.perform(.next(value), untilApplied: untilApplied(),
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

    @usableFromInline
    internal override func unsubscribe(_ subscription: RACSubjectSubscription) {
        serializer.perform(.unsubscribe(subscription), now: { asOwner { remove(subscription) } }) {
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
            remove(subscription)
        case .detachAll:
            // The subject is gone, so no event can come: end each
            // subscription silently, which disposes its disposable and lets
            // the sink go.
            markSubscriptionsEnded()
            deliver { _ = $0.terminate() }
            releaseAll()
        }
    }

    @inlinable
    internal func deliverNext(_ value: Value) {
        guard ending == nil else { return }
        history?.append(value)
        deliver { $0.sendNext(value) }
    }

    /// Calls `send` with the sink of every subscription present when the
    /// delivery starts.
    @inlinable
    internal func deliver(_ send: (RACSubscriptionSink<Value>) -> Void) {
        isDelivering = true
        let end = count
        var index = 0
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
        isDelivering = false
        if !graveyard.isEmpty { buryGraveyard() }
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
        let sink = subscription.sink.take()!
        slots[count] = RACSubjectSlot(subscription: .passRetained(subscription),
                                      sink: Unmanaged.passRetained(sink).toOpaque())
        count += 1
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
        subscription.index = -1
        emptySlots += 1
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
        for index in 0..<count { slots[index] = nil }
        count = 0
        emptySlots = 0
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
            live += 1
        }
        for index in live..<count { slots[index] = nil }
        count = live
        emptySlots = 0
    }

    /// Doubles the slot storage. Safe during a delivery: the loop reads
    /// `slots` afresh at every step.
    @usableFromInline
    internal func growSlots() {
        let newCapacity = Swift.max(capacity * 2, 4)
        let newSlots = UnsafeMutablePointer<RACSubjectSlot?>.allocate(capacity: newCapacity)
        newSlots.moveInitialize(from: slots, count: count)
        (newSlots + count).initialize(repeating: nil, count: newCapacity - count)
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
    /// 5: what feeds the subject, for blocking reads (see `RACSubjectFeed`).
    @usableFromInline internal var _atomics: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)

    @usableFromInline
    internal init() {}

    deinit {
        releaseFeed()
    }

    @inlinable @inline(__always)
    internal var ownerWord: RACAtomicWord {
        RACInlineAtomics.word(4, of: self)
    }

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

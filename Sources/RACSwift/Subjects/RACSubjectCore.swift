import CShims

// The subject core, one role per file (as the serializer is split):
//
// - RACSubjectCore.swift: the stored state and the operations (each send,
//   subscribe and unsubscribe enters the serializer here; `apply`).
// - +Delivery.swift: the delivery loops, by lent blocks and through sinks.
// - +Lending.swift: which blocks are lent; when a delivery may call them.
// - +Slots.swift: the slots and their blocks; insert, remove, compaction.
// - +Joining.swift: replays; the subscribe made from inside a delivery.
// - +Ending.swift: terminal events; subscribers that come after one.
// - +Count.swift: the subscriber count, for `graph()`.
// - RACSubjectCoreBase.swift: the atomic words, the owner's identity.
// - RACSubjectSubscription.swift: one subscriber's place and disposable.

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
    /// `emptySlots` and `lentSlots`, 32 bits each, so that both fit in one
    /// word: the object keeps its malloc size class (see `isDelivering`),
    /// with one word to spare. No subject holds 2^31 subscriptions (each
    /// takes over 300 bytes).
    @exclusivity(unchecked) @usableFromInline internal var slotTallies: (empty: Int32, lent: Int32) = (0, 0)
    /// What a late subscriber receives first (replay and behavior subjects).
    @usableFromInline internal let history: RACReplayBuffer<Value>?
    @exclusivity(unchecked) @usableFromInline internal var ending: Ending?
    // Whether a delivery loop is running (see `growSlots`). Last, after
    // the words: the object then stays in the malloc size class it had
    // before `blocks` and `lendingWord` (a subject's subscription's class,
    // one up, cost a late subscription 250 instructions of glibc's slow
    // path, W3).
    @exclusivity(unchecked) @usableFromInline internal var isDelivering = false

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

    /// `sink`'s subscription to this core, as `make` makes it (given the
    /// core and the sink, which it holds until the core takes it), with
    /// the sink bound to it (its primary child; or adopted by the
    /// subscription the sink has already, and disposed at once if that one
    /// is): how a subject and a hot signal subscribe a sink, before they
    /// hand the subscription to the core (`subscribe(_:)`).
    ///
    /// Always inlined: a subject's subscribe then compiles to the very
    /// instructions it had with these lines written out, with no retain or
    /// release of the subscription and no call into generic code. (Two
    /// shapes that did cost a retain and a release of the subscription: an
    /// initializer that bound the sink to `self`, and this method generic
    /// over the subscription's class, whose result is returned
    /// indirectly.)
    @inline(__always)
    internal func subscription(
        for sink: RACSubscriptionSink<Value>, _ make: (RACSubjectCoreBase, RACDisposable) -> RACSubjectSubscription
    ) -> RACSubjectSubscription {
        let subscription = make(self, sink)
        _ = sink.bind(to: subscription)
        return subscription
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
    /// applied it (see RACSubjectCore+Lending.swift).
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

    /// Applies one operation, whole. The serializer never starts one
    /// inside another, and whatever a block does to this subject from
    /// inside a delivery is applied after it (an unsubscribe goes through
    /// `perform`, which hands it over; a subscribe joins as a `.join`).
    /// So the slots change only between deliveries, never under a delivery
    /// loop (see `remove`).
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
}

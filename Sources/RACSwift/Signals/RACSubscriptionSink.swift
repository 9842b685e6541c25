import CShims

/// The receiving end of one subscription: a subscriber that is also the
/// disposable of that subscription.
///
/// RAC 2.5 gives each subscription a `RACPassthroughSubscriber` that forwards
/// events until the subscription's disposable is disposed. A sink merges the
/// two: it is the primary child of the subscription's compound disposable
/// (disposed on the disposing thread before `dispose()` returns; for a sink
/// served to a source's own code through a `RACSourceSubscriber`, that
/// subscriber is), disposing it marks the sink (one atomic flag in its
/// inline state word), and every event checks that flag with a single
/// acquire load, so nothing reaches the subscriber once `dispose()` has
/// returned. Subclasses say what receiving an
/// event means (for values, by a `nextBlock`, a `step`, or overriding
/// `receiveNext(_:)`);
/// the base class enforces RAC's rules:
///
/// - no event after a terminal event or after disposal;
/// - a terminal event disposes the whole subscription first, then is
///   delivered, then the subclass releases what it holds (`releaseBlocks`).
///
/// Events to one sink are serialized: by its source when that is one of
/// RACSwift's own, or by the sink itself when it is handed to code that may
/// send from several threads (`bindServingSource`). `dispose()` may come from
/// any thread; it only sets the flag and disposes the subscription, so a
/// delivery in flight never sees a released block.
@usableFromInline
internal class RACSubscriptionSink<Value>: RACDisposable, RACSubscriber, @unchecked Sendable {
    /// A block subscriber's `next` block, called straight from `sendNext(_:)`
    /// with no call through the vtable; nil for every other sink.
    ///
    /// Immutable, so a delivery calls it borrowed from the sink, with no
    /// retain or release of its context. Declared first, so that it follows
    /// the state word directly (see `RACDisposable._atomics`): a delivery
    /// to a block subscriber reads 24 consecutive bytes of the sink.
    @usableFromInline internal final let nextBlock: ((Value) -> Void)?

    /// Where `nextBlock`'s two words are (right after the state word, which
    /// `DisposableLayoutTests` checks): what a subject copies into its
    /// array of borrowed blocks (`RACBorrowedBlock`).
    @inlinable @inline(__always)
    internal final var nextBlockWords: UnsafeMutablePointer<Int> {
        stateWord.address + 1
    }

    /// The subscription this sink ends with a terminal event, retained.
    /// Written once, when the sink first joins a subscription (`bind(to:)`
    /// or `didSubscribe(with:)`), before the source can send any event;
    /// read afterwards; released by deinit. Held as an unmanaged reference
    /// so that ending the subscription borrows it, without a retain and
    /// release around the call: nothing clears it while the sink lives.
    @exclusivity(unchecked) @usableFromInline
    internal final var subscriptionReference: Unmanaged<RACCompoundDisposable>?

    /// The subscription this sink ends with a terminal event, if it joined one.
    @inlinable
    internal final var subscription: RACCompoundDisposable? {
        subscriptionReference?.takeUnretainedValue()
    }

    /// What receiving a value means, as a closure compiled where the sink's
    /// operator was built, or nil for a sink with a `nextBlock` or one that
    /// overrides `receiveNext(_:)`.
    ///
    /// Why both: an override of a generic class's method runs unspecialized,
    /// behind the vtable, so an operator whose work is a closure would pay a
    /// call into generic code that only loads the closure and calls it. A
    /// step is called straight from `sendNext(_:)`: a value crosses a
    /// stateless operator (see `RACForwardingSink`) with one flag test and
    /// one call into code specialized for its types. It is given the sink
    /// itself, so that one step serves every subscription of its operator
    /// (the sink keeps the downstream sink, and what else the step needs).
    @usableFromInline internal final let step: ((Value, RACSubscriptionSink<Value>) -> Void)?

    /// For a `RACSourceSubscriber`: the sink it forwards to, retained; nil
    /// for every other sink. Declared here, not in the subclass, so that the
    /// serialized delivery path forwards with no call through the vtable.
    /// Read and released only inside the sink's serializer, or by deinit.
    @exclusivity(unchecked) @usableFromInline
    internal final var forwardTarget: Unmanaged<RACSubscriptionSink<Value>>?

    /// A sink for a new subscription, which `RACLiveSubscriptions.count`
    /// counts from now until the sink ends (`markEnded()`) or, never ended,
    /// is freed; `counted: false` for one that is no subscription of its own
    /// (see `RACSinkState.uncounted`).
    @inlinable
    internal init(step: ((Value, RACSubscriptionSink<Value>) -> Void)? = nil,
                  nextBlock: consuming ((Value) -> Void)? = nil, counted: Bool = true) {
        self.nextBlock = consume nextBlock
        self.step = step
        super.init()
        // (Site mode records the site when the sink first joins a
        // subscription, in `join(_:)`: a call on `self` here would cost a
        // retain and a release of every sink, mode off or on.)
        if counted { racs_live_subscription_began() }
    }

    deinit {
        subscriptionReference?.release()
        // Freed without ever ending (a source that dropped it): it ends now.
        let state = stateWord.load(.relaxed)
        if state & RACSinkState.disposed == 0 { noteEnded(state) }
    }

    /// Marks the sink disposed, as `markDisposed()` does, and, for the one
    /// caller that did, takes the subscription out of the live count: the
    /// one place where every subscription ends (a disposal, a terminal
    /// event). Returns true for that caller.
    @inlinable @inline(__always)
    internal final func markEnded() -> Bool {
        // A plain load first, as in `markDisposed()`; acquire-release for
        // the same reasons.
        if stateWord.load(.relaxed) & RACSinkState.disposed != 0 { return false }
        let state = stateWord.fetchOr(RACSinkState.disposed, .acq_rel)
        guard state & RACSinkState.disposed == 0 else { return false }
        noteEnded(state)
        return true
    }

    /// Counts the end of the subscription, whose state word was `state`.
    @inlinable @inline(__always)
    internal final func noteEnded(_ state: Int) {
        if state & (RACSinkState.uncounted | RACSinkState.recorded) == 0 {
            racs_live_subscription_ended()
        } else if state & RACSinkState.uncounted == 0 {
            racs_live_subscription_ended()
            endRecord()
        }
    }

    @inlinable @inline(__always)
    internal final func sendNext(_ value: Value) {
        // One acquire load answers both questions: stopped? serializing?
        let state = stateWord.load(.acquire)
        if state & (RACSinkState.disposed | RACSinkState.serializing) == 0 {
            receive(value)
        } else if state & RACSinkState.disposed == 0 {
            sendNextSerialized(value)
        }
    }

    /// `sendNext(_:)` for a sink that serializes its events itself. Out of
    /// line, so that the common path of `sendNext(_:)`, which every operator
    /// step calls, needs no stack frame for the serializer's.
    ///
    /// `serializer.perform(.next(value), now: { deliverNext(value) })
    /// { deliver($0) }`, spelled out with its slow paths in methods of their
    /// own: every value a `createSignal` block sends comes through here, and
    /// the uncontended path is then the two atomic read-modify-writes around
    /// the delivery, with no closure or event built on the way.
    @usableFromInline @inline(never)
    internal final func sendNextSerialized(_ value: Value) {
        guard serializer.tryEnter() else { return handOverNext(value) }
        deliverNext(value)
        let waiting = serializer.leave()
        if waiting != 0 { drainHandedOver(accounted: waiting) }
    }

    /// Hands `value` over to the thread inside the serializer (or, if that
    /// thread left meanwhile or passes the serializer on, delivers what was
    /// handed over, `value` too).
    @usableFromInline @inline(never)
    internal final func handOverNext(_ value: Value) {
        serializer.handOver(RACPendingNode(.next(value)), untilApplied: false) { deliver($0) }
    }

    /// Applies what was handed over while this thread was inside, then
    /// leaves the serializer.
    @usableFromInline @inline(never)
    internal final func drainHandedOver(accounted: Int) {
        serializer.drain(accounted: accounted) { deliver($0) }
    }

    @inlinable
    internal final func sendError(_ error: any Error) {
        if stateWord.load(.acquire) & RACSinkState.serializing == 0 {
            deliverError(error)
        } else {
            serializer.perform(.error(error), now: { deliverError(error) }) { deliver($0) }
        }
    }

    @inlinable
    internal final func sendCompleted() {
        if stateWord.load(.acquire) & RACSinkState.serializing == 0 {
            deliverCompleted()
        } else {
            serializer.perform(.completed, now: { deliverCompleted() }) { deliver($0) }
        }
    }

    // Delivery by RAC's rules: nothing after a terminal event or disposal; a
    // terminal event disposes the subscription first, and the blocks are
    // released after it. (The uncontended paths above call these directly:
    // building a `RACEvent` in unspecialized code would cost a runtime
    // metadata lookup per event.)

    @inlinable @inline(__always)
    internal final func deliverNext(_ value: Value) {
        guard !isDisposed else { return }
        if let forwardTarget {
            // A source subscriber, serializing for the sink it serves, which
            // therefore never serializes itself: only its flag is left to
            // check.
            forwardTarget._withUnsafeGuaranteedRef { sink in
                if !sink.isDisposed { sink.receive(value) }
            }
        } else {
            receive(value)
        }
    }

    /// Receives a value: by the next block or the step, if the sink has
    /// one.
    @inlinable @inline(__always)
    internal final func receive(_ value: Value) {
        // Optional calls, not `if let`: binding the closure would copy it,
        // a retain and a release of its context per value.
        if nextBlock?(value) == nil, step?(value, self) == nil { receiveNext(value) }
    }

    @inlinable
    internal final func deliverError(_ error: any Error) {
        guard terminate() else { return }
        receiveError(error)
        releaseBlocks()
    }

    @inlinable
    internal final func deliverCompleted() {
        guard terminate() else { return }
        receiveCompleted()
        releaseBlocks()
    }

    /// Applies an operation handed over to the sink's serializer.
    @usableFromInline
    internal final func deliver(_ operation: RACSinkOperation<Value>) {
        switch operation {
        case .next(let value): deliverNext(value)
        case .error(let error): deliverError(error)
        case .completed: deliverCompleted()
        case .release: releaseBlocks()
        }
    }

    @inlinable @inline(__always)
    internal final var serializer: RACSerializer<RACSinkOperation<Value>> {
        RACSerializer(word(0))
    }

    /// Whether the sink may be handed to a source's own code itself, as it
    /// lets go at the end of whatever it must not keep past it: true for
    /// the releasing block subscriber (its blocks) and the passthrough
    /// (which keeps only the user's subscriber, as RAC's does). An
    /// operator's sink keeps its block and its downstream sink, and
    /// `RACBlockSubscriber` its blocks, for as long as they live.
    @usableFromInline
    internal var releasesEverythingAtEnd: Bool { false }

    /// Binds the sink, fresh, to `subscription`, a new subscription's
    /// compound, and returns the subscriber to hand to the source's own code
    /// (a `createSignal` block, a `RACSignal` subclass's `subscribe(_:)`)
    /// in the sink's place, or nil if that is the sink itself (so that the
    /// caller hands over the sink it holds, with no retain).
    /// That code may send from several threads at once, and may keep the
    /// subscriber after the subscription ended (RAC code stores it for later
    /// sends), which must then keep nothing alive, as in RAC:
    ///
    /// - A sink that `releasesEverythingAtEnd` serves itself: it becomes the
    ///   compound's primary child and serializes its own events
    ///   (`RACSinkState.serializing`).
    /// - Any other sink is served through `makeSubscriber`'s
    ///   `RACSourceSubscriber`, which serializes, is the compound's primary
    ///   child (disposing the compound stops it, and every event to the
    ///   sink passes through it), and lets go of the sink at the end. The
    ///   sink still ends the subscription with its own terminal event.
    @usableFromInline
    internal final func bindServingSource(
        to subscription: RACCompoundDisposable,
        _ makeSubscriber: (RACSubscriptionSink<Value>, RACCompoundDisposable) -> RACSourceSubscriber<Value>
    ) -> RACSourceSubscriber<Value>? {
        if releasesEverythingAtEnd {
            if subscriptionReference == nil {
                // A sink never bound before has never been handed to a
                // source, so no other thread can touch its state word yet: a
                // plain store, not a read-modify-write. Relaxed: the caller
                // publishes the sink to the senders afterwards (by calling
                // them, or by scheduling them), which orders this.
                stateWord.store(stateWord.load(.relaxed) | RACSinkState.serializing, .relaxed)
            } else {
                // Bound already (handed on by `defer`): its subscription's
                // disposal may be marking it on another thread.
                _ = stateWord.fetchOr(RACSinkState.serializing, .relaxed)
            }
            attach(to: subscription, isNew: true)
            return nil
        }
        let subscriber = makeSubscriber(self, subscription)
        subscription.setPrimary(subscriber)
        _ = join(subscription)
        didAttach(to: subscription)
        return subscriber
    }

    /// Binds the sink to `disposable`, the subscription's compound: the
    /// sink holds the compound (so a terminal event disposes it), and the
    /// compound reaches the sink (so disposing it stops the sink) by an
    /// unowned reference when it is new, so that a sink nothing else keeps
    /// is freed; a compound that is not new (only reached by a sink not
    /// bound yet, which RACSwift never hands out) holds it as a child.
    ///
    /// A sink handed on to further signals (as `defer` does) is told of those
    /// subscriptions too: as in RAC, they join its first one, so that a
    /// terminal event disposes them all, and leave it when they are disposed
    /// themselves, so that it does not grow.
    @usableFromInline
    internal func didSubscribe(with disposable: RACCompoundDisposable) {
        attach(to: disposable, isNew: false)
    }

    /// `didSubscribe(with:)` for a compound that was just made and is not
    /// shared yet: the sink becomes its primary child (see
    /// `RACCompoundDisposable.setPrimary(_:)`), which `dispose()` stops on the
    /// disposing thread before it returns, and which costs one atomic
    /// increment (the unowned count) instead of a serialized add.
    @usableFromInline
    internal final func attach(to disposable: RACCompoundDisposable, isNew: Bool) {
        if join(disposable) {
            if isNew { disposable.setPrimary(self) } else { disposable.add(self) }
        }
        didAttach(to: disposable)
    }

    /// Makes `disposable` the sink's subscription (retained) and returns
    /// true; or, if the sink has one already, has that adopt `disposable`
    /// and returns false.
    @inline(__always)
    internal final func join(_ disposable: RACCompoundDisposable) -> Bool {
        if let subscription {
            subscription.adopt(disposable)
            return false
        }
        subscriptionReference = .passRetained(disposable)
        // Site mode: the first subscription the sink joins is made now, on
        // the thread of the `subscribe…` call that made it, if any.
        if racs_sites_recording(), stateWord.load(.relaxed) & RACSinkState.uncounted == 0 {
            recordSite(joining: disposable)
        }
        return true
    }

    /// Called after the sink joined a subscription: the passthrough tells
    /// its inner subscriber.
    @usableFromInline
    internal func didAttach(to disposable: RACCompoundDisposable) {}

    /// Whether the sink must join a subscription (a compound) even where a
    /// source could do without one: the passthrough, whose user-written
    /// subscriber is told of its subscription (`didSubscribe(with:)`).
    @usableFromInline
    internal var wantsItsSubscription: Bool { false }

    /// Disposes the subscription on a terminal event. Returns false if the
    /// sink had stopped already.
    @inlinable @inline(__always)
    internal final func terminate() -> Bool {
        guard markEnded() else { return false }
        disposeSubscription()
        return true
    }

    /// Disposes the subscription the sink is bound to, if any (borrowed:
    /// see `subscriptionReference`).
    @inlinable @inline(__always)
    internal final func disposeSubscription() {
        subscriptionReference?._withUnsafeGuaranteedRef { $0.dispose(endedBy: self) }
    }

    /// Stops forwarding and disposes the subscription the sink is bound to
    /// (which disposed it in turn, when that is how it was reached).
    ///
    /// A sink that serializes its own events (the subscriber a `createSignal`
    /// block receives, which that block may keep) then releases its blocks,
    /// as RAC's subscriber does on disposal: through its serializer, which
    /// waits for a delivery in flight to end. Any other sink may be in a
    /// delivery from its source on another thread right now, so it keeps
    /// its blocks until a terminal event or deinit.
    @usableFromInline
    internal override func dispose() {
        guard markEnded() else { return }
        disposeSubscription()
        if stateWord.load(.relaxed) & RACSinkState.serializing != 0 {
            serializer.perform(.release, now: { releaseBlocks() }) { deliver($0) }
        }
    }

    @usableFromInline internal func receiveNext(_ value: Value) {}
    @usableFromInline internal func receiveError(_ error: any Error) {}
    @usableFromInline internal func receiveCompleted() {}
    @usableFromInline internal func releaseBlocks() {}
}

extension RACSubscriptionSink {
    /// Binds a fresh sink to a new subscription's compound disposable and
    /// returns it: the first thing every signal's `subscribe(sink:)` does.
    /// `disposable` must be new, not yet shared with another thread.
    @inlinable @inline(__always)
    internal func bind(to disposable: RACCompoundDisposable) -> Self {
        attach(to: disposable, isNew: true)
        return self
    }
}

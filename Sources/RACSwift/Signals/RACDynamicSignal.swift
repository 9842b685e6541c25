import CShims

/// A cold signal that runs a block for each subscription: what
/// `RACSignal.createSignal(_:)` returns (RAC 2.5's `RACDynamicSignal`).
@usableFromInline
internal final class RACDynamicSignal<Value>: RACSignal<Value>, @unchecked Sendable {
    /// The user's block, taking the sink directly.
    @usableFromInline
    internal let didSubscribe: (RACSubscriptionSink<Value>) -> RACDisposable?

    /// Wraps `didSubscribe` in a closure that turns the sink into an
    /// `any RACSubscriber<Value>`. Being inlinable, the wrapper is compiled
    /// where the signal is created, usually for a concrete `Value`, where
    /// that conversion uses a cached witness table; done in `subscribe`,
    /// which runs unspecialized behind the class's vtable, it would look the
    /// metadata and witness table up anew on every subscription.
    /// Makes the subscriber that `didSubscribe` receives in front of an
    /// operator's sink (see `RACSubscriptionSink.bindServingSource`).
    /// Compiled where the signal is created, for the same reason: in
    /// `subscribe`, naming the generic subscriber class would look its
    /// metadata up in the runtime's cache on every subscription.
    @usableFromInline
    internal let makeSubscriber: (RACSubscriptionSink<Value>, RACCompoundDisposable) -> RACSourceSubscriber<Value>

    /// How many times the signal was subscribed, and how many of those
    /// subscriptions are live, for `graph()` (see `RACColdTally`, which
    /// says why `createSignal`'s signals are the ones counted). Held with a
    /// +1 that the deinit hands on to the last live subscription, if any.
    @usableFromInline
    internal let tally: Unmanaged<RACColdTally>

    @inlinable
    internal init(_ didSubscribe: @escaping (any RACSubscriber<Value>) -> RACDisposable?) {
        self.didSubscribe = { sink in didSubscribe(sink) }
        self.makeSubscriber = { sink, subscription in RACSourceSubscriber(forwardingTo: sink, within: subscription) }
        tally = .passRetained(RACColdTally())
        super.init(handsOutItsSubscriber: true)
    }

    deinit {
        RACColdTally.signalFreed(tally)
    }

    override var graphColdTally: RACColdTally? { tally.takeUnretainedValue() }

    /// Runs `didSubscribe` on the subscription scheduler with a subscriber
    /// that stops forwarding once the returned disposable is disposed. The
    /// disposable that `didSubscribe` returns is disposed with the
    /// subscription, or at once if the subscription already ended.
    override class var subscribesSinks: Bool { true }

    @usableFromInline
    internal override func subscribe(sink: RACSubscriptionSink<Value>) -> RACDisposable {
        // The block may send from anywhere, later: a blocking read may be
        // answered by it.
        racs_probe_note_other_source()
        // Counted made now (a subscription made on a scheduler that runs
        // `didSubscribe` later counts from now: it runs then, unless the
        // subscription is disposed first).
        let subscription = RACColdSubscription(countedIn: tally)
        // The user's block may send from several threads at once, and may
        // keep its subscriber after the subscription ended.
        if let subscriber = sink.bindServingSource(to: subscription, makeSubscriber) {
            run(with: subscriber, in: subscription)
        } else {
            run(with: sink, in: subscription)
        }
        return subscription
    }

    /// Runs `didSubscribe` with `subscriber`, adding what it returns to
    /// `subscription`.
    private func run(with subscriber: RACSubscriptionSink<Value>, in subscription: RACCompoundDisposable) {
        if RACScheduler.subscriptionRunsInline {
            // The common case, without the closure allocation of scheduling.
            subscription.add(didSubscribe(subscriber))
            // Ended already (a synchronous source): it sends nothing more.
            if racs_probe_is_open() && subscription.isDisposed { racs_probe_note_source_ended() }
        } else {
            subscription.add(RACScheduler.subscriptionScheduler.schedule(racSendable { [didSubscribe] in
                subscription.add(didSubscribe(subscriber))
            }))
        }
    }
}

extension RACSignal {
    /// A cold signal that calls `didSubscribe` for each subscriber, on the
    /// subscription scheduler, with a subscriber to send events to. The
    /// disposable it returns (if any) runs when the subscription is disposed
    /// or ends. The subscriber may be sent to from several threads at once:
    /// it delivers one event at a time, in the order the sends took effect,
    /// as RAC 2.5's did (without its lock: a racing send is handed to the
    /// thread that is delivering).
    @inlinable
    public static func createSignal(
        _ didSubscribe: @escaping @Sendable (any RACSubscriber<Value>) -> RACDisposable?
    ) -> RACSignal<Value> {
        RACDynamicSignal(didSubscribe)
    }
}

import CShims

/// The subscriber that a source's own code sends to, in front of a sink that
/// would keep things alive after the end of the subscription: what a
/// `createSignal` block receives when the subscription's sink is an
/// operator's (see `RACSubscriptionSink.bindServingSource`). RAC 2.5 handed
/// such code a `RACPassthroughSubscriber`.
///
/// The code may keep its subscriber after the subscription ended (RAC code
/// stores it for later sends from delegate callbacks). An operator's sink
/// keeps its block and the sinks after it for as long as it lives; RAC
/// releases a subscriber's blocks at the end. So the code gets this
/// subscriber instead, which serializes racing senders
/// (`RACSinkState.serializing`) and, on a terminal event or when the
/// subscription is disposed, lets go of the sink (`forwardTarget`), and
/// with it of every operator's block and the subscriber's. A block that
/// captures whatever keeps the subscriber then makes no retain cycle.
///
/// Values are forwarded by the base class's serialized path, which reads
/// `forwardTarget` directly; terminal events through the overrides below.
@usableFromInline
internal final class RACSourceSubscriber<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    /// The subscription of the sink it forwards to, which subscriptions
    /// announced with `didSubscribe(with:)` join. The subscriber is that
    /// subscription's primary child but not bound to it (its `subscription`
    /// stays nil): a terminal event must reach the sink, which disposes the
    /// subscription itself, before anything disposes it.
    @usableFromInline internal let within: RACCompoundDisposable?

    @inlinable
    internal init(forwardingTo target: RACSubscriptionSink<Value>, within subscription: RACCompoundDisposable?) {
        within = subscription
        // Not counted: the sink it serves is the subscription.
        super.init(counted: false)
        forwardTarget = .passRetained(target)
        // Relaxed: not shared yet; whoever receives the subscriber is
        // handed it by a call or a scheduled block, which orders this.
        stateWord.store(RACSinkState.serializing | RACSinkState.uncounted, .relaxed)
    }

    deinit {
        forwardTarget?.release()
    }

    @usableFromInline
    internal override func receiveError(_ error: any Error) {
        forwardTarget?._withUnsafeGuaranteedRef { $0.sendError(error) }
    }

    @usableFromInline
    internal override func receiveCompleted() {
        forwardTarget?._withUnsafeGuaranteedRef { $0.sendCompleted() }
    }

    /// A subscription the source's code made for this subscriber joins the
    /// subscription it serves, as in RAC.
    @usableFromInline
    internal override func didSubscribe(with disposable: RACCompoundDisposable) {
        if let within { within.adopt(disposable) } else { super.didSubscribe(with: disposable) }
    }

    /// After a terminal event, or after disposal, inside the serializer.
    @usableFromInline
    internal override func releaseBlocks() {
        forwardTarget?.release()
        forwardTarget = nil
    }
}

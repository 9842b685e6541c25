/// Forwards to a subscriber that is not a sink (one a user wrote), until the
/// subscription is disposed: RAC 2.5's `RACPassthroughSubscriber`.
@usableFromInline
internal final class RACPassthroughSubscriber<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    @usableFromInline internal let inner: any RACSubscriber<Value>

    @usableFromInline
    internal init(_ inner: any RACSubscriber<Value>) {
        self.inner = inner
        super.init()
    }

    /// Keeps the user's subscriber to the end of its life, as RAC's
    /// passthrough does; holds nothing else.
    @usableFromInline
    internal override var releasesEverythingAtEnd: Bool { true }

    @usableFromInline
    internal override var wantsItsSubscription: Bool { true }

    /// Tells the inner subscriber about the subscription it joined.
    @usableFromInline
    internal override func didAttach(to disposable: RACCompoundDisposable) {
        inner.didSubscribe(with: disposable)
    }

    @usableFromInline internal override func receiveNext(_ value: Value) { inner.sendNext(value) }
    @usableFromInline internal override func receiveError(_ error: any Error) { inner.sendError(error) }
    @usableFromInline internal override func receiveCompleted() { inner.sendCompleted() }
}

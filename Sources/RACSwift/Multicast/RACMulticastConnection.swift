import CShims

/// Shares one subscription to a signal among many subscribers: RAC 2.5's
/// `RACMulticastConnection`, made by `multicast(_:)` and `publish()`.
///
/// `signal` is the connection's subject. Subscribing to it does not touch
/// the source; `connect()` does, once ever, with the subject as the
/// subscriber. From then on the source's side effects run once, whatever
/// the number of subscribers, and each of its events reaches every
/// subscriber of `signal` at that moment, on the thread the source sends it
/// from (a plain subject's subscribers miss what was sent before they
/// subscribed; a replay subject's get it replayed).
///
/// Lock-free: `connect()` decides the one connecting call with a single
/// compare-and-swap (RAC's `OSAtomicCompareAndSwap32Barrier`), and a call
/// after the first costs one plain atomic load.
// @unchecked Sendable: `connect()` from any thread is one atomic step.
public final class RACMulticastConnection<Value>: @unchecked Sendable {
    /// The connected flag, an atomic word (see `RACInlineAtomics`): 0 until
    /// the first `connect()`, then 1 for ever. It must stay the first stored
    /// property, and is never touched by name.
    @usableFromInline internal var _connected: Int = 0

    @usableFromInline internal let source: RACSignal<Value>
    @usableFromInline internal let subject: RACSubject<Value>

    /// What `connect()` returns, every time: it holds the source
    /// subscription once there is one. Disposing it before the connecting
    /// call has stored that subscription is no race: a serial disposable
    /// disposes whatever is stored into it after its disposal.
    @usableFromInline internal let serialDisposable = RACSerialDisposable()

    /// Sends a source value into the subject. Built here, in inlinable code,
    /// so that a connection made where `Value` is concrete (the user's
    /// `publish()`, `replay()`…) runs the subject's delivery loop
    /// specialized for it. Called from the generic source sink instead, the
    /// loop copies every value through value-witness calls: with ten
    /// subscribers, 175 instructions per delivery instead of 138 (callgrind;
    /// a plain subject fed directly takes 133).
    @usableFromInline internal let feed: (Value) -> Void

    @inlinable
    internal init(source: RACSignal<Value>, subject: RACSubject<Value>) {
        self.source = source
        self.subject = subject
        feed = { [subject] value in subject.sendNext(value) }
    }

    @inlinable @inline(__always)
    internal var connectedFlag: RACAtomicWord {
        RACInlineAtomics.word(0, of: self)
    }

    /// The subject that the source's events are multicast to. Subscribe to
    /// it to receive them once the connection is connected.
    public var signal: RACSignal<Value> { subject }

    /// Subscribes the subject to the source, if no call did so before, and
    /// returns the disposable of that subscription: the same disposable
    /// from every call, on every thread.
    ///
    /// The source is subscribed exactly once over the connection's whole
    /// life, by the first call, on its thread (a `createSignal` source then
    /// runs its block through the subscription scheduler, as for any
    /// subscriber), however many threads call at once; the others return at
    /// once, without waiting for that subscription. Disposing the returned
    /// disposable unsubscribes the subject from the source; later calls do
    /// not reconnect, and return that disposed disposable.
    @inlinable @discardableResult
    public func connect() -> RACDisposable {
        // Relaxed: the flag only decides who subscribes; it publishes no
        // data (`source`, `subject` and `serialDisposable` are constants set
        // before the connection was shared, and the serial disposable is
        // thread-safe on its own). A plain load first keeps repeated calls
        // (`replayLazily` calls once per subscription) free of
        // read-modify-writes and of cache-line contention.
        if connectedFlag.load(.relaxed) == 0 { connectOnce() }
        return serialDisposable
    }

    /// Subscribes the subject to the source if this call wins the flag.
    @usableFromInline
    internal func connectOnce() {
        // Relaxed, for the same reason as the load in `connect()`: the
        // atomicity of the compare-and-swap alone guarantees one winner.
        guard connectedFlag.compareExchange(expected: 0, desired: 1, .relaxed, .relaxed) == 0 else { return }
        // The sink gets its own subscription before the source sees it, so
        // a source that hands it on to another signal (a signal subclass
        // forwarding to a subject, `defer`) adds to that subscription
        // instead of owning the sink, which would stop it before it could
        // pass the source's terminal event on. As in RAC, the subject holds
        // the subscription: it is disposed when the subject ends or is
        // deallocated, disposing what the source returned.
        let subscription = RACCompoundDisposable()
        let sink = RACSubjectFeedingSink(subject, feed: feed).bind(to: subscription)
        subject.didSubscribe(with: subscription)
        // What this subscription reaches is what feeds the subject, which a
        // blocking read of the subject weighs (see `RACSubjectFeed`).
        let probe = RACBlockingProbe()
        subscription.add(source.subscribe(sink: sink))
        subject.core.addFeed(probe.subjectsAlone().map { RACSubjectFeed(subjects: $0) })
        probe.close()
        serialDisposable.disposable = subscription
    }

    /// A signal that connects the connection when its first subscriber
    /// arrives and disposes the connection when its subscriber count drops
    /// back to 0.
    ///
    /// Each subscriber is subscribed to the subject, then `connect()` is
    /// called, through the subscription scheduler as `createSignal` does: at
    /// once on the main thread or inside a scheduler's block, else on a
    /// background scheduler. Events arrive as they reach the subject.
    ///
    /// As in RAC 2.5, a disposed connection never reconnects: subscribers
    /// that arrive after the count dropped to 0 are subscribed to the
    /// subject but hear nothing more from the source (a replay subject still
    /// replays what it kept). The returned signal ends only when the subject
    /// does. Each call returns a signal with its own subscriber count.
    public func autoconnect() -> RACSignal<Value> {
        let signal = RACAutoconnectSignal(connection: self)
        signal.setName(derivedBy: { [subject] in "[\(subject.name)] -autoconnect" })
        return signal
    }
}

/// The subscriber a connection subscribes to its source: it feeds the
/// source's events into the subject.
///
/// RAC subscribes the subject itself; this sink instead sends values
/// through the connection's `feed`, a closure specialized for the value
/// type where the connection was made, where the subject as an
/// `any RACSubscriber<Value>` would cost a wrapping passthrough sink, a
/// witness-table call and an unspecialized delivery loop on every value.
@usableFromInline
internal final class RACSubjectFeedingSink<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    @usableFromInline internal let subject: RACSubject<Value>
    @usableFromInline internal let feed: (Value) -> Void

    @usableFromInline
    internal init(_ subject: RACSubject<Value>, feed: @escaping (Value) -> Void) {
        self.subject = subject
        self.feed = feed
        super.init()
    }

    @usableFromInline internal override func receiveNext(_ value: Value) { feed(value) }
    @usableFromInline internal override func receiveError(_ error: any Error) { subject.sendError(error) }
    @usableFromInline internal override func receiveCompleted() { subject.sendCompleted() }
}

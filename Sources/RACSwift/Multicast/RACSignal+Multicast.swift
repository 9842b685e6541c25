// The operators are inlinable so that the connections they make are built
// where `Value` is concrete (see `RACMulticastConnection.feed`).
extension RACSignal {
    /// A connection that, once connected, subscribes `subject` to the
    /// receiver, so that the receiver's side effects run once and its events
    /// reach every subscriber of `subject`: RAC 2.5's `-multicast:`.
    ///
    /// Nothing is subscribed until `connect()` (or the first subscriber of
    /// `autoconnect()`). Renames `subject` after the receiver, as RAC does.
    @inlinable
    public func multicast(_ subject: RACSubject<Value>) -> RACMulticastConnection<Value> {
        // A subject's name is built now, not derived when read: a derived
        // name would hold the receiver, which the subject (unlike an
        // operator's signal) does not otherwise hold.
        subject.name = "[\(name)] -multicast: \(subject.name)"
        return RACMulticastConnection(source: self, subject: subject)
    }

    /// A connection over a new `RACSubject`: RAC 2.5's `-publish`.
    /// Subscribers of its `signal` receive the events the receiver sends
    /// after `connect()`, and after they subscribed; earlier ones are gone.
    @inlinable
    public func publish() -> RACMulticastConnection<Value> {
        let subject = RACSubject<Value>()
        subject.name = "[\(name)] -publish"
        return multicast(subject)
    }

    /// Subscribes to the receiver at once, and returns a signal that
    /// replays every event the receiver has sent to each subscriber, then
    /// forwards the later ones: RAC 2.5's `-replay`.
    ///
    /// The receiver is subscribed once, now, however many subscribe to the
    /// result, which is a `RACReplaySubject` of unlimited capacity: replayed
    /// values arrive through the subscription scheduler (at once on the main
    /// thread or inside a scheduler's block, else on a background
    /// scheduler), later ones on the thread the receiver sends them from.
    @inlinable
    public func replay() -> RACSignal<Value> {
        connectedReplay(capacity: RACReplaySubject<Value>.unlimitedCapacity, "[\(name)] -replay")
    }

    /// Like `replay()`, but a new subscriber receives only the latest value
    /// (and the terminal event, if any): RAC 2.5's `-replayLast`. The
    /// result is a `RACReplaySubject` of capacity 1.
    @inlinable
    public func replayLast() -> RACSignal<Value> {
        connectedReplay(capacity: 1, "[\(name)] -replayLast")
    }

    /// Like `replay()`, but the receiver is subscribed when the result gets
    /// its first subscriber, not before: RAC 2.5's `-replayLazily`.
    ///
    /// Each subscription connects (only the first one subscribes to the
    /// receiver), then subscribes to the replay subject, both through the
    /// subscription scheduler as RAC's `+defer:` does. The receiver's
    /// subscription is never disposed, even when every subscriber has
    /// gone; it ends when the receiver does.
    @inlinable
    public func replayLazily() -> RACSignal<Value> {
        let connection = multicast(RACReplaySubject())
        let signal = RACConnectingSignal(connection: connection)
        signal.setName(derivedBy: { "[\(self.name)] -replayLazily" })
        return signal
    }

    /// Multicasts the receiver to a new replay subject of `capacity`,
    /// connects, and returns the subject.
    @inlinable
    internal func connectedReplay(capacity: Int, _ name: String) -> RACSignal<Value> {
        let subject = RACReplaySubject<Value>(capacity: capacity)
        subject.name = name
        let connection = multicast(subject)
        connection.connect()
        return connection.signal
    }
}

extension RACSignal {
    /// Schedules `block` on `scheduler` now, and returns a signal that
    /// sends each subscriber every event `block` sends to its subscriber:
    /// RAC 2.5's `+startEagerlyWithScheduler:block:`.
    ///
    /// `startLazily(with:block:)` subscribed once at once: `block` runs
    /// once, on `scheduler` (synchronously here if `scheduler` is the
    /// immediate scheduler), whether or not anyone subscribes, and every
    /// subscriber, early or late, receives all its events (those sent before
    /// it subscribed replayed). That subscription is never disposed, so
    /// `block` should end its signal.
    public static func startEagerly(with scheduler: RACScheduler,
                                    block: @escaping @Sendable (any RACSubscriber<Value>) -> Void) -> RACSignal<Value> {
        let signal = startLazily(with: scheduler, block: block)
        // Subscribe once to make the lazy signal schedule its block. The
        // base sink ignores every event.
        _ = signal.subscribe(sink: RACSubscriptionSink())
        signal.setName(derivedBy: { "+startEagerlyWithScheduler: \(scheduler) block:" })
        return signal
    }

    /// Returns a signal that, on its first subscription, schedules `block`
    /// on `scheduler`, and sends each subscriber every event `block` sends
    /// to its subscriber: RAC 2.5's `+startLazilyWithScheduler:block:`.
    ///
    /// `block` runs once, on `scheduler`, however many subscribe; with the
    /// immediate scheduler it runs synchronously within the first
    /// subscription. Each subscription is made on `scheduler`, to a
    /// `replayLazily()` of the signal `block` drives, so a subscriber
    /// receives the events `block` has sent so far (on `scheduler`) and the
    /// later ones as `block` sends them. The subscription to that signal is
    /// never disposed, even when every subscriber has gone, so `block`
    /// should end its signal.
    public static func startLazily(with scheduler: RACScheduler,
                                   block: @escaping @Sendable (any RACSubscriber<Value>) -> Void) -> RACSignal<Value> {
        // RAC's composition: the block's signal, multicast to a replay
        // subject connected by the first subscription, subscribed to on
        // `scheduler` so that the block runs there.
        let signal = createSignal { subscriber in
            block(subscriber)
            return nil
        }.replayLazily().subscribeOn(scheduler)
        signal.setName(derivedBy: { "+startLazilyWithScheduler: \(scheduler) block:" })
        return signal
    }
}

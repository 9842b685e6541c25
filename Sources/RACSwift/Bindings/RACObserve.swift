import Observation

/// The value of `object`'s property at `keyPath`, then its value after each
/// change: RAC's `RACObserve(object, keyPath)`, for a class made
/// `@Observable` with Swift's Observation framework (where RAC used KVO).
///
/// Each subscription reads the property and starts tracking it, through
/// `withObservationTracking`. Observation announces a change before it lands
/// and only once per tracking, so each announcement schedules a read on
/// `scheduler`; that read gets the value after the change, sends it, and
/// tracks the property again. Changes in quick succession are merged into
/// the latest (the changes that land before the read runs are read at
/// once), but the last one is never lost: a change after the read is
/// announced to the new tracking.
///
/// Delivery: every value is read and sent from a block on `scheduler`
/// (default: a new serial background scheduler per call), the first one
/// scheduled at subscription. Pass the scheduler of the thread that changes
/// the object (`RACScheduler.mainThreadScheduler` for a main-actor model),
/// so that reads never race the writes and each read runs after the write
/// that announced it. With `RACScheduler.immediateScheduler`, the first
/// value is sent at once on subscription; a change, announced before it
/// lands, is read from a block on the scheduler the change was made on
/// (`RACScheduler.currentScheduler`, which runs it after the changing
/// block), or from a background scheduler when it was made outside any.
///
/// The signal holds `object` weakly and never completes on its own; it
/// ends, at the latest at the next change, once `object` is gone.
/// Disposing the subscription stops the reads: nothing reads the object
/// after `dispose()` returns, apart from a read already running.
public func RACObserve<Root: AnyObject & Observable, Value>(
    _ object: Root, _ keyPath: KeyPath<Root, Value>,
    on scheduler: RACScheduler = RACScheduler.scheduler(name: "RACSwift.RACObserve")
) -> RACSignal<Value> {
    RACSignal<Value>.createSignal(racSendable { [weak object] subscriber in
        let observation = RACObservation(object, keyPath, scheduler: scheduler, subscriber: subscriber)
        observation.read()
        return observation.stopped
    }).setName("RACObserve(\(object), \(keyPath))")
}

/// One `RACObserve` subscription: reads the property and tracks it, again
/// after each change, until stopped.
///
/// Only `read()` touches the object, and reads are serialized: the first
/// one runs before anyone can announce a change (tracking starts inside
/// it), and each later one is scheduled by the announcement to the tracking
/// that the read before it started, which fires once. So the subscriber's
/// events are serialized too.
// @unchecked Sendable: reads are serialized as said above, `stopped` is
// atomic, and the rest never changes after init.
private final class RACObservation<Root: AnyObject & Observable, Value>: @unchecked Sendable {
    private weak var object: Root?
    private let keyPath: KeyPath<Root, Value>
    private let scheduler: RACScheduler
    private let subscriber: any RACSubscriber<Value>
    /// Disposed when the subscription is: later reads do nothing.
    let stopped = RACDisposable()

    init(_ object: Root?, _ keyPath: KeyPath<Root, Value>, scheduler: RACScheduler,
         subscriber: any RACSubscriber<Value>) {
        self.object = object
        self.keyPath = keyPath
        self.scheduler = scheduler
        self.subscriber = subscriber
    }

    /// Reads the value on the scheduler (at once for the immediate one),
    /// tracks the property, and sends the value.
    func read() {
        scheduler.schedule(racSendable { [self] in
            guard !stopped.isDisposed else { return }
            guard let object else { return subscriber.sendCompleted() }
            let value = withObservationTracking({ object[keyPath: keyPath] },
                                                onChange: racSendable { [self] in changed() })
            subscriber.sendNext(value)
        })
    }

    /// Called on the changing thread before the change lands: schedules the
    /// read that will see it. The tracking holds this observation strongly
    /// until it fires, as KVO held RAC's observer, so a subscription nobody
    /// keeps goes on observing; once stopped, the next change ends it.
    private func changed() {
        guard !stopped.isDisposed else { return }
        if scheduler === RACScheduler.immediateScheduler {
            // A block run at once would read before the change lands.
            let later = RACScheduler.currentScheduler ?? racObserveFallbackScheduler
            later.schedule(racSendable { [self] in read() })
        } else {
            read()
        }
    }
}

/// Where the reads of an observation on the immediate scheduler go when the
/// change came from outside any scheduler: one for all observations, not
/// one (and a dispatch queue) per change.
private let racObserveFallbackScheduler = RACScheduler.scheduler(name: "RACSwift.RACObserve")

import CShims
import Observation

/// The value of `object`'s property at `keyPath`, then its value after each
/// change: RAC's `RACObserve(object, keyPath)`, for a class made
/// `@Observable` with Swift's Observation framework (where RAC used KVO).
///
/// Each subscription reads the property at once and starts tracking it,
/// through `withObservationTracking` — as RAC's KVO observer read the
/// initial value when it was added — where the subscription's block runs,
/// as for any `createSignal` (and in RAC): on the subscribing thread when
/// it is the main thread or runs a scheduler's block, else on a background
/// scheduler. That current value is
/// always sent first, as an event of its own: a change made before it is
/// delivered comes after it, never merged into it. Observation announces a
/// change before it lands and only once per tracking, so each announcement
/// schedules a read on `scheduler`; that read gets the value after the
/// change, sends it, and tracks the property again. Changes in quick
/// succession are merged into the latest (the changes that land before the
/// read runs are read at once), but the last one is never lost: a change
/// after the read is announced to the new tracking.
///
/// Delivery: the current value is sent before `subscribe` returns when the
/// subscription is made on `scheduler` (`RACScheduler.currentScheduler` is
/// `scheduler`, as on the main thread with
/// `RACScheduler.mainThreadScheduler`) or `scheduler` is the immediate
/// scheduler, as RAC sent it; otherwise from a block scheduled on
/// `scheduler` at subscription. Every later value is read and sent from a
/// block on `scheduler` (default: a new serial background scheduler per
/// call). Pass the scheduler of the thread that changes the object
/// (`RACScheduler.mainThreadScheduler` for a main-actor model), and
/// subscribe on that thread (or in a block on that scheduler), so that
/// reads never race the writes and each
/// read runs after the write that announced it. With
/// `RACScheduler.immediateScheduler`, a change, announced before it lands,
/// is read from a block on the scheduler the change was made on
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
        let observation = RACObservation(object, read: { $0[keyPath: keyPath] }, scheduler: scheduler,
                                         subscriber: subscriber)
        observation.start()
        return observation.stopped
    }).setName("RACObserve(\(object), \(keyPath))")
}

/// One `RACObserve` subscription, or the observing half of a `RACKVOChannel`:
/// reads the property and tracks it, again after each change, until stopped.
///
/// Only `start()`, `read()` and `write(_:with:)` touch the object, and reads
/// are serialized: the first one runs before anyone can announce a change
/// (tracking starts inside it), and each later one is scheduled by the
/// announcement to the tracking that the read before it started, which
/// fires once. The first value's send is scheduled before any announcement
/// can schedule a read, and schedulers run blocks in order, so the
/// subscriber's events are serialized and in order too.
// @unchecked Sendable: reads are serialized as said above, `stopped` and
// `writer` are atomic, `ownWriteAnnounced` is touched only by the thread in
// `writer`, and the rest never changes after init.
internal final class RACObservation<Root: AnyObject & Observable, Value>: @unchecked Sendable {
    private weak var object: Root?
    private let readValue: (Root) -> Value
    private let scheduler: RACScheduler
    private let subscriber: any RACSubscriber<Value>
    /// Disposed when the subscription is: later reads do nothing.
    let stopped = RACDisposable()
    /// Word 0: the thread token (`racs_thread_token()`) of the thread inside
    /// `write(_:with:)`, or 0. Lets `changed()` tell the channel's own
    /// write, announced on that thread during the write, from anyone else's.
    private let writer = RACAtomicCell()
    /// Whether the write in progress was announced (it consumed the tracking).
    private var ownWriteAnnounced = false

    init(_ object: Root?, read: @escaping (Root) -> Value, scheduler: RACScheduler,
         subscriber: any RACSubscriber<Value>) {
        self.object = object
        self.readValue = read
        self.scheduler = scheduler
        self.subscriber = subscriber
    }

    /// Reads the current value here, where the subscription runs, tracks the
    /// property, and sends the value: at once when this thread runs
    /// `scheduler` (or it is the immediate one), else from a block on it.
    func start() {
        guard let object else { return subscriber.sendCompleted() }
        let value = track(object)
        // Read before scheduling, so that a change made before the send runs
        // is announced to this tracking and read after the current value.
        if scheduler === RACScheduler.immediateScheduler || RACScheduler.currentScheduler === scheduler {
            subscriber.sendNext(value)
        } else {
            scheduler.schedule(racSendable { [self] in
                guard !stopped.isDisposed else { return }
                subscriber.sendNext(value)
            })
        }
    }

    /// Reads the value on the scheduler (at once for the immediate one),
    /// tracks the property, and sends the value.
    private func read() {
        scheduler.schedule(racSendable { [self] in
            guard !stopped.isDisposed else { return }
            guard let object else { return subscriber.sendCompleted() }
            subscriber.sendNext(track(object))
        })
    }

    /// The property's value, read so that its next change calls `changed()`.
    @discardableResult
    private func track(_ object: Root) -> Value {
        withObservationTracking({ readValue(object) }, onChange: racSendable { [self] in changed() })
    }

    /// Changes the property with `change`, as the channel's own write: the
    /// change is not read back and sent (no echo to whoever sent `value`),
    /// and the property is tracked again after it, so the next change made
    /// elsewhere is heard. If a change made elsewhere is still waiting to be
    /// read, this one is read with it (there was no tracking to announce it
    /// to). Call it where the reads run (on the scheduler).
    func write(_ value: Value, with change: (Root, Value) -> Void) {
        guard !stopped.isDisposed else { return }
        guard let object else { return subscriber.sendCompleted() }
        // Relaxed: only this thread acts on its own token; another thread
        // that reads a stale word sees a token that is not its own either.
        writer.word().store(racs_thread_token(), .relaxed)
        change(object, value)
        writer.word().store(0, .relaxed)
        if ownWriteAnnounced {
            ownWriteAnnounced = false
            track(object)
        }
    }

    /// Called on the changing thread before the change lands: schedules the
    /// read that will see it. The tracking holds this observation strongly
    /// until it fires, as KVO held RAC's observer, so a subscription nobody
    /// keeps goes on observing; once stopped, the next change ends it.
    private func changed() {
        guard !stopped.isDisposed else { return }
        if writer.word().load(.relaxed) == racs_thread_token() {
            // The channel's own write, on this thread: `write` tracks again.
            ownWriteAnnounced = true
            return
        }
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

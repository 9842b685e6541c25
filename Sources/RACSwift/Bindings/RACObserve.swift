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
/// scheduler. That current value is always sent first, as an event of its
/// own: a change made before it is delivered comes after it, never merged
/// into it.
///
/// Observation announces a change before it lands, once per tracking. Each
/// announcement schedules a read that runs after the change has landed:
/// on the scheduler the change was made on (`RACScheduler.currentScheduler`,
/// whose next block runs after the one making the change; the main thread
/// scheduler for a change made on the main thread), or on `scheduler`
/// itself when the change was made there or `scheduler` is a
/// `RACTestScheduler` (which runs the read when stepped). The read gets
/// the value after the change, tracks the property again, and hands the
/// value to `scheduler`. Changes in quick succession are merged into the
/// latest (the changes that land before the read runs are read at once),
/// but the last one is never lost: a change after the read is announced to
/// the new tracking, and a value read earlier never follows one read later.
/// A change made outside any scheduler (a thread of your own, a task) has
/// no block to wait for: its read runs on a background scheduler and may
/// see the value before the change, so RACSwift says so on standard error
/// the first time. Make changes on the main thread or in a scheduler's
/// block.
///
/// Delivery: the current value is sent before `subscribe` returns when the
/// subscription is made on `scheduler` (`RACScheduler.currentScheduler` is
/// `scheduler`, as on the main thread with
/// `RACScheduler.mainThreadScheduler`) or `scheduler` is the immediate
/// scheduler, as RAC sent it; otherwise from a block scheduled on
/// `scheduler` at subscription. Every later value is sent from a block on
/// `scheduler` (default: a new serial background scheduler per call), or at
/// once when it was read there (or `scheduler` is the immediate scheduler).
///
/// Made from main-actor code, the signal reads `object` on the main thread
/// only (the current value too: a subscription made elsewhere reads it
/// from a block on the main thread scheduler), as a main-actor object
/// requires; values are still delivered on `scheduler`. In Swift 6 mode
/// `object` must be `Sendable` (a main-actor class is): observing a plain
/// class, which the signal would read from another thread, is a compile
/// error; make it `@MainActor` and observe it from main-actor code, or
/// make it `Sendable`.
///
/// The signal holds `object` weakly and never completes on its own; it
/// ends, at the latest at the next change, once `object` is gone.
/// Disposing the subscription stops the reads: nothing reads the object
/// after `dispose()` returns, apart from a read already running.
public func RACObserve<Root: AnyObject & Observable & Sendable, Value>(
    _ object: Root, _ keyPath: KeyPath<Root, Value>,
    on scheduler: RACScheduler = RACScheduler.scheduler(name: "RACSwift.RACObserve"),
    isolation: isolated (any Actor)? = #isolation
) -> RACSignal<Value> {
    let thread = RACBindingThread(isolation: isolation, binding: "RACObserve(_:_:on:)")
    // The key path need not be Sendable (a main-actor property's is not):
    // it is used only on the threads `thread` allows.
    let read = racSendable { (object: Root) in object[keyPath: keyPath] }
    let name = "RACObserve(\(object), \(keyPath))"
    return RACSignal<Value>.createSignal(racSendable { [weak object] subscriber in
        let observation = RACObservation(object, read: read, scheduler: scheduler, thread: thread,
                                         subscriber: subscriber)
        observation.start()
        return observation.stopped
    }).setName(name)
}
/// One `RACObserve` subscription, or the observing half of a `RACKVOChannel`:
/// reads the property and tracks it, again after each change, until stopped.
///
/// Reads are serialized: the first one runs before anyone can announce a
/// change (tracking starts inside it), and each later one is scheduled by
/// the announcement to the tracking that the read before it started, which
/// fires once (`RACTrackingTrigger` makes sure of it). Each read is numbered, and a value is sent only if no later
/// read's value was sent before it: reads run on the thread of the change
/// while values are sent on `scheduler`, so a value read on one thread may
/// reach `scheduler` after one read later on `scheduler` itself.
// @unchecked Sendable: `readsMade` is touched only by the serialized reads;
// `lastSent` only where values are sent (`scheduler`, a serial one, or the
// reads themselves for the immediate scheduler); `stopped` and `writer`
// are atomic; `ownWriteAnnounced` is touched only by the thread in
// `writer`; the object is touched only on the threads `thread` allows; the
// rest never changes after init.
internal final class RACObservation<Root: AnyObject & Observable, Value>: @unchecked Sendable {
    private weak var object: Root?
    private let readValue: @Sendable (Root) -> Value
    private let scheduler: RACScheduler
    private let thread: RACBindingThread
    private let subscriber: any RACSubscriber<Value>
    /// Disposed when the subscription is: later reads do nothing.
    let stopped = RACDisposable()
    /// Word 0: the thread token (`racs_thread_token()`) of the thread inside
    /// `write(_:with:)`, or 0. Lets `changed()` tell the channel's own
    /// write, announced on that thread during the write, from anyone else's.
    private let writer = RACAtomicCell()
    /// Whether the write in progress was announced (it consumed the tracking).
    private var ownWriteAnnounced = false
    /// How many reads have been made: the number of the latest.
    private var readsMade = 0
    /// The number of the read whose value was sent last.
    private var lastSent = 0

    init(_ object: Root?, read: @escaping @Sendable (Root) -> Value, scheduler: RACScheduler,
         thread: RACBindingThread, subscriber: any RACSubscriber<Value>) {
        self.object = object
        self.readValue = read
        self.scheduler = scheduler
        self.thread = thread
        self.subscriber = subscriber
    }

    /// Reads the current value here, where the subscription runs (on the
    /// main thread for a main-actor object: from a block there when this is
    /// another thread), tracks the property, and sends the value.
    func start() {
        if thread == .mainThread && !RACCurrentScheduler.isMainThread {
            RACScheduler.mainThreadScheduler.schedule(racSendable { [self] in read() })
        } else {
            // Read before scheduling the send, so that a change made before
            // the send runs is announced to this tracking and read after it.
            read()
        }
    }

    /// Reads the value, tracks the property, and hands the value to
    /// `scheduler`; completes once the object is gone.
    private func read() {
        guard !stopped.isDisposed else { return }
        guard let object else { return send(.max) { $0.sendCompleted() } }
        readsMade += 1
        let number = readsMade
        let value = track(object)
        send(number) { $0.sendNext(value) }
    }

    /// Sends an event of read `number` on `scheduler`: at once when this
    /// thread runs it (or it is the immediate scheduler), else from a block
    /// on it. Dropped if a later read's event was sent first: it would send
    /// an older value after a newer one. The completion, sent once the
    /// object is gone, is numbered `.max`: nothing follows it.
    private func send(_ number: Int, _ event: @escaping (any RACSubscriber<Value>) -> Void) {
        let body = racSendable { [self] in
            guard !stopped.isDisposed, number > lastSent else { return }
            lastSent = number
            event(subscriber)
        }
        if scheduler === RACScheduler.immediateScheduler || RACScheduler.currentScheduler === scheduler {
            body()
        } else {
            scheduler.schedule(body)
        }
    }

    /// The property's value, read so that its next change calls `changed()`,
    /// once (see `RACTrackingTrigger`).
    @discardableResult
    private func track(_ object: Root) -> Value {
        let trigger = RACTrackingTrigger { [self] in changed() }
        return withObservationTracking({ readValue(object) }, onChange: racSendable { trigger.fire() })
    }

    /// Changes the property with `change`, as the channel's own write: the
    /// change is not read back and sent (no echo to whoever sent `value`),
    /// and the property is tracked again after it, so the next change made
    /// elsewhere is heard. If a change made elsewhere is still waiting to be
    /// read, this one is read with it (there was no tracking to announce it
    /// to). Call it on a thread `thread` allows.
    func write(_ value: Value, with change: (Root, Value) -> Void) {
        guard !stopped.isDisposed else { return }
        guard let object else { return send(.max) { $0.sendCompleted() } }
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
        readerOfThisChange().schedule(racSendable { [self] in read() })
    }

    /// Where the read of a change announced on this thread runs: after the
    /// block that makes the change, so that it sees the change landed.
    private func readerOfThisChange() -> RACScheduler {
        // A test scheduler runs the read when the test steps it, after the
        // change (stepping it meanwhile from another thread would race).
        if scheduler is RACTestScheduler { return scheduler }
        // A main-actor object changes on the main thread only.
        if thread == .mainThread { return RACScheduler.mainThreadScheduler }
        if let current = RACScheduler.currentScheduler { return current }
        racs_warn_once(7, """
            RACSwift: RACObserve or RACChannelTo saw a change made outside any RACScheduler (not on \
            the main thread, not in a scheduler's block). Observation announces a change before it \
            lands and RACSwift cannot tell when this one has, so the value read for it may be the one \
            before it. Change observed objects on the main thread or in a block on a RACScheduler.
            """)
        return racObserveFallbackScheduler
    }
}

/// Where the reads of changes made outside any scheduler go: one for all
/// observations, not one (and a dispatch queue) per change.
private let racObserveFallbackScheduler = RACScheduler.scheduler(name: "RACSwift.RACObserve")

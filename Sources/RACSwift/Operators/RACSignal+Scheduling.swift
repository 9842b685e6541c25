extension RACSignal {
    /// Sends each of the receiver's events (values, error, completion) on
    /// `scheduler`, in the order the receiver sent them: RAC 2.5's
    /// `-deliverOn:`.
    ///
    /// Each event takes its own place on the scheduler, as RAC's one
    /// scheduled block per event: on a serial scheduler (every scheduler
    /// RACSwift makes: the main thread scheduler,
    /// `scheduler(priority:name:)`, a test scheduler) it runs after
    /// everything scheduled there before it was sent and before everything
    /// scheduled after (other subscriptions' events, `schedule` blocks),
    /// and a test scheduler's `step()` delivers one event. RACSwift's queue
    /// schedulers run what is scheduled on them in bursts, one Dispatch
    /// block each (docs/Concurrency.md point 14 says what that means for
    /// blocks put on their `DispatchQueue` directly). Subscription and
    /// disposal stay on the calling thread; use `subscribeOn(_:)` to move
    /// those.
    ///
    /// The queue is bounded on RACSwift's queue schedulers (the main
    /// thread scheduler, `scheduler(priority:name:)`, `RACQueueScheduler`,
    /// `RACTargetQueueScheduler`): when 8 192 events wait, the thread sending
    /// the next one waits its turn (as a sender waits at a subject's bound,
    /// docs/Concurrency.md point 9) until the scheduler has delivered enough
    /// of them, nothing lost or reordered. It does not wait where that could
    /// never end (a send from the scheduler's own blocks or from a block of
    /// a Dispatch queue that targets its queue, from the main thread into
    /// the main thread scheduler, …: see "What each operator
    /// keeps" in docs/Concurrency.md); there, and on other schedulers, the
    /// queue grows.
    ///
    /// Disposing the subscription releases the subscriber at once; the
    /// events still queued are dropped when the scheduled block runs.
    @inlinable
    @_disfavoredOverload
    public func deliverOn(_ scheduler: RACScheduler) -> RACSignal<Value> {
        lift("[\(self.name)] -deliverOn: \(scheduler)") { downstream in
            Self.deliveringSink(downstream, on: scheduler, inlineOnMainThread: false)
        }
    }

    /// Sends each of the receiver's events on the main thread, in order:
    /// RAC 2.5's `-deliverOnMainThread`. An event sent on the main thread
    /// while no earlier one is waiting or being delivered goes on at once,
    /// without a trip through the main queue (and so do the events its
    /// subscriber sends back meanwhile); any other is queued on
    /// `RACScheduler.mainThreadScheduler` behind the ones before it, in the
    /// bounded queue `deliverOn(_:)` uses: a thread other than the main
    /// one waits its turn when 8 192 events wait there (not before the main
    /// queue has run once, so that a program that never runs it does not
    /// stall); the main thread never waits for itself.
    @inlinable
    public func deliverOnMainThread() -> RACSignal<Value> {
        lift("[\(self.name)] -deliverOnMainThread") { downstream in
            Self.deliveringSink(downstream, on: RACScheduler.mainThreadScheduler, inlineOnMainThread: true)
        }
    }

    /// The sink of `deliverOn(_:)` and `deliverOnMainThread()`: every
    /// event goes into the subscription's `RACDeliveryQueue`. Inlinable,
    /// so that the queue's hot paths are specialized for `Value`.
    @inlinable
    internal static func deliveringSink(_ downstream: RACSubscriptionSink<Value>, on scheduler: RACScheduler,
                                        inlineOnMainThread: Bool) -> RACSubscriptionSink<Value> {
        let queue = RACDeliveryQueue(delivering: downstream, on: scheduler, inlineOnMainThread: inlineOnMainThread)
        return RACForwardingSink(downstream, onNext: { value, _ in
            queue.send(.next(value))
        }, onError: { error, _ in
            queue.send(.error(error))
        }, onCompleted: { _ in
            queue.send(.completed)
        })
    }

    /// Subscribes to the receiver from a block scheduled on `scheduler`:
    /// RAC 2.5's `-subscribeOn:`, for sources whose subscription side
    /// effects must happen on a particular scheduler.
    ///
    /// Events are sent on whatever thread the receiver sends them from,
    /// which need not be `scheduler`'s: add `deliverOn(_:)` for that.
    /// Disposing the returned subscription, as in RAC 2.5, cancels the
    /// scheduled block if it has not run, or else disposes the receiver's
    /// subscription at once, on the disposing thread (its cleanup has run
    /// when `dispose()` returns).
    public func subscribeOn(_ scheduler: RACScheduler) -> RACSignal<Value> {
        let signal = RACSubscribeOnSignal(source: self, scheduler: scheduler)
        signal.setName(derivedBy: { "[\(self.name)] -subscribeOn: \(scheduler)" })
        return signal
    }
}

/// What blocks scheduled for later (a delivery of `deliverOn(_:)` or
/// `delay(_:)`, a timer) act on, usually a sink, held so that ending the
/// subscription lets it go at once.
///
/// A scheduled block may outlive the subscription by a long time (a test
/// scheduler that is never stepped, a long delay), and Dispatch keeps even a
/// cancelled block until it comes due. So the blocks do not capture the
/// target: they capture this handle, a `RACSerialDisposable` holding it,
/// which the subscription reaches through a child that holds it weakly.
/// Ending the subscription (disposal, or a terminal event, which disposes
/// it) disposes the handle, which disposes the target and drops its
/// reference; a block that runs afterwards finds nothing to act on. Weakly,
/// because the target (a sink) holds the subscription: the handle lives as
/// long as something can still act through it (the sink that schedules
/// the blocks, a pending block), and a subscription that nothing keeps is
/// freed (docs/Concurrency.md point 13). `RACSerialDisposable` reads its reference lock-free and
/// never hands out a released object, so a block racing with the disposal
/// either acts on a live target (a sink then drops the event, being
/// disposed) or finds the handle empty.
@usableFromInline
internal struct RACScheduledTarget<Target: RACDisposable>: Sendable {
    @usableFromInline internal let holder: RACSerialDisposable

    /// A handle on `target` (nil: none yet, see `hold(_:)`) that lets go of
    /// it when `subscription` ends.
    @usableFromInline
    internal init(_ target: Target?, endingWith subscription: RACCompoundDisposable?) {
        let holder = RACSerialDisposable(disposable: target)
        self.holder = holder
        subscription?.add(RACDisposable { [weak holder] in holder?.dispose() })
    }

    /// Makes `target` what the blocks act on (nil: nothing), for a target
    /// that is itself what keeps the handle and so must be held only while
    /// a block is pending (`RACTimedSink`). After the subscription ended,
    /// the handle disposes a new target at once.
    @usableFromInline
    internal func hold(_ target: Target?) {
        _ = holder.swapIn(target)
    }

    /// The target, unless the subscription has ended.
    @usableFromInline
    internal var current: Target? {
        holder.disposable.map { unsafeDowncast($0, to: Target.self) }
    }

    /// Runs `body` with the target, unless the subscription has ended.
    @usableFromInline
    internal func withTarget(_ body: (Target) -> Void) {
        guard let target = holder.disposable else { return }
        body(unsafeDowncast(target, to: Target.self))
    }
}

/// What `subscribeOn(_:)` returns: a signal that subscribes to its source
/// from a block scheduled on `scheduler`.
internal final class RACSubscribeOnSignal<Value>: RACSignal<Value>, @unchecked Sendable {
    let source: RACSignal<Value>
    let scheduler: RACScheduler

    init(source: RACSignal<Value>, scheduler: RACScheduler) {
        self.source = source
        self.scheduler = scheduler
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    override var graphInputs: [any RACGraphNode] { [source] }

    override func subscribe(sink downstream: RACSubscriptionSink<Value>) -> RACDisposable {
        let subscription = RACCompoundDisposable()
        _ = downstream.bind(to: subscription)
        // As RAC 2.5: the scheduled block subscribes the downstream sink
        // itself, whose subscription then holds the source's, so that
        // disposing it disposes both, and a terminal event ends both.
        subscription.add(scheduler.schedule { [source] in
            guard !downstream.isDisposed else { return }
            subscription.add(source.subscribe(sink: downstream))
        })
        return subscription
    }
}

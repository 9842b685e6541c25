/// A signal you send events into by hand, shared by all its subscribers:
/// RAC 2.5's `RACSubject`.
///
/// A subscriber receives what is sent after it subscribed. `sendError(_:)`
/// and `sendCompleted()` reach every subscriber and end the subject: later
/// sends are ignored, and a later subscriber receives the terminal event at
/// once (RAC 2.5 left it waiting forever; a port that relied on that would
/// hang). A subject is also a subscriber, so it can be subscribed to other
/// signals, whose subscriptions then last as long as the subject does.
///
/// Any thread may send, subscribe and dispose at any time, without locks.
/// Events are delivered one at a time, in one order that every subscriber
/// sees. An event is delivered on the thread that sent it, unless another
/// thread is delivering at that moment: then that thread delivers it, right
/// after the current event, and the sender returns at once.
///
/// From inside a subscriber's block, sending into the same subject delivers
/// the new event after the current one has reached every subscriber;
/// disposing a subscription stops its very next delivery; subscribing adds a
/// subscriber that receives the events after the current one (and, for
/// replay and behavior subjects, the replayed values at once).
open class RACSubject<Value>: RACSignal<Value>, RACSubscriber, @unchecked Sendable {
    @usableFromInline internal let core: RACSubjectCore<Value>

    /// Subscriptions made by subscribing the subject to other signals,
    /// disposed when it ends or is deallocated.
    private let subscriptions = RACCompoundDisposable()

    /// A subject with no subscribers.
    public override init() {
        core = RACSubjectCore(history: nil)
        replaysOnSubscribingThread = false
        super.init()
    }

    /// Whether a subscriber receives the replayed values at once, on the
    /// subscribing thread, rather than through the subscription scheduler
    /// as RAC's replay subjects do: what `RACProperty` needs.
    @usableFromInline internal let replaysOnSubscribingThread: Bool

    /// A subject whose late subscribers first receive `history`.
    internal init(history: RACReplayBuffer<Value>, replaysOnSubscribingThread: Bool = false) {
        core = RACSubjectCore(history: history)
        self.replaysOnSubscribingThread = replaysOnSubscribingThread
        super.init()
    }

    deinit {
        subscriptions.dispose()
        // Breaks the cycles between the core and its subscriptions.
        core.perform(.detachAll)
    }

    /// Sends `value` to every current subscriber.
    // Always inlined: the uncontended send (enter, the delivery loop,
    // leave) is then one function in the caller, specialized for `Value`,
    // which the optimizer's size heuristics did not always keep it.
    @inlinable @inline(__always)
    public final func sendNext(_ value: Value) {
        core.sendNext(value, from: self)
    }

    /// Sends `error` to every subscriber and ends the subject.
    public final func sendError(_ error: any Error) {
        subscriptions.dispose()
        core.perform(.error(error))
    }

    /// Sends completion to every subscriber and ends the subject.
    public final func sendCompleted() {
        subscriptions.dispose()
        core.perform(.completed)
    }

    /// Ties `disposable`, a subscription of this subject to another signal,
    /// to the subject's lifetime: it is disposed when the subject ends or is
    /// deallocated.
    public final func didSubscribe(with disposable: RACCompoundDisposable) {
        subscriptions.adopt(disposable)
    }

    /// Subscribes `subscriber`: RAC's `-subscribe:`. A subject subscribed
    /// to itself is refused at once, with a message: each value it
    /// delivered would be sent into it again, so its first `sendNext`
    /// would never return (RAC 2.5 recursed until the stack overflowed).
    /// A cycle through operators or other subjects is stopped at its first
    /// send instead (`RACHandOverDepth`).
    @discardableResult
    open override func subscribe(_ subscriber: any RACSubscriber<Value>) -> RACDisposable {
        if subscriber === self {
            racMisuse("""
                \(misuseName) was subscribed to itself: every value it delivers would be sent \
                into it again, so its first sendNext would never return (RAC 2.5 recursed until \
                the stack overflowed). Subscribe it to the signal that feeds it instead.
                """)
        }
        return super.subscribe(subscriber)
    }

    override class var subscribesSinks: Bool { true }

    override var graphIsSubject: Bool { true }
    override var graphSubscribers: Int? { core.subscriberCount() }

    /// Adds a subscriber; it receives the events sent from now on (after
    /// the replayed values, for replay and behavior subjects).
    ///
    /// Replay and behavior subjects join (replay, then add the subscriber,
    /// in one serialized step) through `RACScheduler.subscriptionScheduler`,
    /// as RAC 2.5's replay subject does: at once on the main thread or
    /// inside a scheduler's block, else on a background scheduler, after
    /// this returns (see `RACBehaviorSubject` for what a subscriber then
    /// hears of the values sent in between, and how RAC 2.5's behavior
    /// subject differed). A
    /// subscribe made from inside one of the subject's own deliveries is
    /// applied at once, so that a blocking read there (`first()`) gets the
    /// replayed value instead of waiting for the delivery to end.
    @usableFromInline
    internal override func subscribe(sink: RACSubscriptionSink<Value>) -> RACDisposable {
        // The subscription is its own compound (see RACSubjectSubscription).
        let subscription = core.subscription(for: sink) { RACSubjectSubscription(core: $0, sink: $1) }
        if core.history == nil || replaysOnSubscribingThread || RACScheduler.subscriptionRunsInline
            || core.isOwnedByCurrentThread {
            core.subscribe(subscription)
        } else {
            // The block holds the subject, as RAC's does: a subject dropped
            // before the block runs then ends its subscriptions (deinit's
            // `detachAll`) after this one is in, instead of never seeing it.
            subscription.add(RACScheduler.subscriptionScheduler.schedule { [self] in
                core.subscribe(subscription)
            })
        }
        return subscription
    }
}

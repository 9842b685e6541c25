/// A signal that stays hot: one subscription to its source, shared by all
/// its subscribers, and operators that keep it so. RAC 3's idea on RAC
/// 2.5's names, as an opt-in (`hot()`).
///
/// In RAC 2.5 every operator makes a cold signal: `subject.map(f)` with ten
/// subscribers subscribes to the subject ten times and runs `f` ten times
/// per value, and a `createSignal` that makes a request, mapped and
/// subscribed twice, makes it twice. A `RACHotSignal` subscribes to its
/// source when its first subscriber arrives, shares that one subscription
/// among all of them, disposes it when the last one leaves, and subscribes
/// again when a subscriber next arrives. The per-value operators
/// (`map`, `filter`, `take`, `deliverOn`, `catch`, `flattenMap`, …) return a
/// `RACHotSignal` too, so each block runs once per event, whatever the
/// number of subscribers.
///
/// A subscriber receives what the source sends after it subscribed, as a
/// subject's subscriber does; the first subscriber also receives what the
/// source sends while it is being subscribed (a cold source's values). An
/// error or completion reaches every subscriber and ends the signal: a later
/// subscriber receives it at once, and the source is not subscribed again.
///
/// Underneath is a subject's core: its one serializer delivers each event
/// to every subscriber before the next, in one order, on the thread that
/// sent it or on the thread delivering at that moment; subscribing and
/// disposing take no lock, from any thread (docs/Concurrency.md). The
/// source is subscribed on the thread of the first subscriber's
/// `subscribe`, and disposed on the thread of the last one's `dispose()`,
/// before it returns.
///
/// A `RACHotSignal` is a `RACSignal`: every other operator applies with RAC
/// 2.5's meaning, and so do all of them where the signal is typed as a
/// `RACSignal`. `replay()` and `replayLast()` give the familiar replaying
/// forms.
public final class RACHotSignal<Value>: RACSignal<Value>, @unchecked Sendable {
    @usableFromInline internal let core: RACSubjectCore<Value>
    internal let source: RACSignal<Value>
    internal let connector = RACHotConnector()

    /// A hot signal over `source`, named `name`.
    internal init(source: RACSignal<Value>, name: RACSignalName) {
        self.source = source
        core = RACSubjectCore(history: nil)
        super.init(named: name)
    }

    deinit {
        // Breaks the cycles between the core and its subscriptions, if any
        // is left (each holds the core, and the core's slot holds it).
        core.perform(.detachAll)
    }

    override class var subscribesSinks: Bool { true }

    override var graphIsSubject: Bool { true }
    override var graphSubscribers: Int? { core.subscriberCount() }
    override var graphInputs: [any RACGraphNode] { [source] }

    /// Adds a subscriber, which receives the events sent from now on; the
    /// first one connects the source (see the type's comment).
    @usableFromInline
    internal override func subscribe(sink: RACSubscriptionSink<Value>) -> RACDisposable {
        // Counted in before the subscription is made: its end counts it
        // out (`RACHotSubscription`), and may come at once, in the binding
        // (a subscriber whose subscription was disposed already) or inside
        // `core.subscribe` (on an ended signal); the count out must follow
        // the count in.
        let generation = connector.subscriberArrives()
        let subscription = core.subscription(for: sink) {
            RACHotSubscription(core: $0, sink: $1, countedInto: connector)
        }
        core.subscribe(subscription)
        // Connected after the core has the subscriber (or has it queued,
        // ahead of anything the source sends), so that the first
        // subscriber hears a cold source's first values.
        if let generation {
            connector.connect(generation) { connection in
                connection.subscription.disposable = source.subscribe(sink: RACHotFeed(into: self))
            }
        }
        return subscription
    }

    /// Ends the signal with `ending`, the source's terminal event: no later
    /// first subscriber connects, and every subscriber, now and later,
    /// receives it.
    internal func end(_ ending: RACSubjectCore<Value>.Ending) {
        connector.markEnded()
        switch ending {
        case .error(let error): core.perform(.error(error))
        case .completed: core.perform(.completed)
        }
    }
}

/// The sink through which a hot signal's source sends into its core.
///
/// It holds the hot signal, so that a hot signal nothing else holds lives
/// as long as it is connected (until its last subscriber leaves, whose
/// `dispose()` disposes this sink's subscription).
internal final class RACHotFeed<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    let signal: RACHotSignal<Value>
    /// The signal's core, held through `signal`.
    let core: Unmanaged<RACSubjectCore<Value>>

    init(into signal: RACHotSignal<Value>) {
        self.signal = signal
        core = Unmanaged.passUnretained(signal.core)
        super.init(step: Self.step)
    }

    /// Sends each value into the core: delivered to every subscriber, or
    /// handed to the thread delivering (named, as a subject is, if that is a
    /// lap of a cycle of sends).
    private static var step: (Value, RACSubscriptionSink<Value>) -> Void {
        { value, sink in
            let feed = unsafeDowncast(sink, to: RACHotFeed.self)
            // Unretained: the feed holds the core (through `signal`) for as
            // long as it is sending, and a retain and release of the core
            // per value, at every node of a hot chain, were two of each
            // node's four atomic read-modify-writes (W15).
            feed.core._withUnsafeGuaranteedRef { $0.sendNext(value, from: feed.signal) }
        }
    }

    override func receiveError(_ error: any Error) {
        signal.end(.error(error))
    }

    override func receiveCompleted() {
        signal.end(.completed)
    }
}

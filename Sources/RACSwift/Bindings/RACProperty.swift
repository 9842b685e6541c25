import CShims

/// A thread-safe value cell, the place KVO-observed properties had in RAC
/// 2.5: `RACObserve(self, name)` becomes `name.signal`, `RAC(self, name) =
/// signal` becomes `signal.subscribe(name.channel)` or a `setKeyPath`, and
/// `RACChannelTo(self, name)` becomes `name.channel`.
///
/// A set is a send into a behavior subject in all but name: sets from any
/// threads are delivered one at a time, in one order that every subscriber
/// sees, each on the thread that set it (or on a thread delivering an
/// earlier set at that moment, which delivers it next). A subscriber
/// receives the current value at once, on the subscribing thread, then
/// every later set; never a set twice, never one missed.
///
/// `value` reads the latest set that subscribers have been sent, without
/// locks, in a fixed number of atomic steps. A set returns once it has been
/// delivered, so a thread reads back what it set, unless it sets from
/// inside a delivery (of this property or any other signal's serialized
/// delivery): that set is queued behind the delivery in progress, which the
/// setting thread cannot wait for, and becomes the value when it is
/// delivered.
///
/// When the property is deallocated, its signal and channels complete.
// @unchecked Sendable: sets go through the subject's serializer and `value`
// reads an atomic word or reference (see RACLatestValue).
public final class RACProperty<Value>: @unchecked Sendable {
    /// Every set, in the order subscribers hear them. Its first subscriber
    /// is `latest`'s recorder.
    @usableFromInline internal let changes: RACBehaviorSubject<RACPropertyChange<Value>>

    /// The latest value delivered, for `value`.
    @usableFromInline internal let latest: RACLatestValue<Value>

    /// The subscription that records each change in `latest`.
    @usableFromInline internal let recording: RACDisposable

    /// The current value on subscription, then every change: RACObserve's
    /// meaning.
    public let signal: RACSignal<Value>

    /// A property whose value is `value`.
    @inlinable
    public init(_ value: Value) {
        let first = RACPropertyChange(value, origin: 0)
        changes = RACBehaviorSubject(defaultValue: first, replaysOnSubscribingThread: true)
        let latest = RACLatestValue(value)
        self.latest = latest
        // The first subscriber, so each change is recorded (in the same
        // serialized step that delivers it) before anyone hears of it. It
        // holds the cell, not the property, which holds the subject.
        recording = changes.subscribe(sink: RACLatestRecorder(latest))
        // A step that captures nothing (no user block to call, unlike map's).
        signal = changes.liftNext("RACProperty.signal") { change, sink in
            sink.downstream(Value.self).sendNext(change.value)
        }
    }

    deinit {
        recording.dispose()
        changes.sendCompleted()
    }

    /// The latest value set; setting it sends the new value to every
    /// subscriber (see the type's discussion for the order and the thread).
    @inlinable
    public var value: Value {
        get { latest.load() }
        @inline(__always) set { set(newValue, origin: 0) }
    }

    /// A channel terminal with RACChannelTo's meaning: a subscriber receives
    /// the current value at once, then every change not sent through this
    /// terminal (no echo); a value sent into it sets the property. An error
    /// or a completion sent into it ends this terminal only (its
    /// subscriptions, and the subscription feeding it); the property lives
    /// on. Each access makes a new terminal; it holds the property weakly.
    ///
    /// Two properties bound through their terminals, RAC's
    /// `RACChannelTo(a) = RACChannelTo(b)`, converge on `b`'s value without
    /// feeding back:
    ///
    /// ```swift
    /// let (ta, tb) = (a.channel, b.channel)
    /// tb.subscribe(ta)
    /// ta.skip(1).subscribe(tb)
    /// ```
    public var channel: RACChannelTerminal<Value> {
        let inbound = RACPropertyInbound(self)
        let ended = inbound.ended
        let values: RACSignal<Value> = changes.lift("[RACProperty.channel]") { downstream in
            // Per subscription: the first change is the replayed current
            // value, which always passes; after it, sets made through this
            // very terminal are echoes.
            var isFirst = true
            return RACForwardingSink(downstream, onNext: { change, downstream in
                defer { isFirst = false }
                guard isFirst || change.origin != inbound.id else { return }
                downstream.sendNext(change.value)
            })
        }
        // Whichever ends first, the terminal (an end sent in) or the property
        // (deallocated), ends the terminal's subscriptions; the terminal's
        // end first, so that a subscriber of an ended terminal hears only
        // that.
        let ending = RACSignal.merge([ended.materialize(), values.materialize()]).dematerialize()
        return RACChannelTerminal(outbound: ending, inbound: inbound)
    }

    /// Sends `value`, made through the terminal whose inbound's `id` is
    /// `origin` (0: not through a terminal). Always inlined, as
    /// `RACSubject.sendNext` is: the send is then one function in the
    /// caller, which the optimizer's size heuristics stopped making of it
    /// once the subject's delivery loop lent blocks (W10).
    @inlinable @inline(__always)
    internal func set(_ value: Value, origin: Int) {
        // Waits for the delivery when another thread is delivering, except
        // from inside a serializer, where waiting could close a cycle.
        changes.core.sendNext(RACPropertyChange(value, origin: origin),
                              untilApplied: !racs_owns_a_serializer())
    }
}

/// One set of a `RACProperty`: the value and the terminal it came through.
/// A struct, with the terminal as a number, so that a set allocates and
/// retains nothing of its own.
@usableFromInline
internal struct RACPropertyChange<Value> {
    @usableFromInline internal let value: Value
    @usableFromInline internal let origin: Int

    @inlinable
    internal init(_ value: Value, origin: Int) {
        self.value = value
        self.origin = origin
    }
}

/// What a property's channel terminal does with what is sent into it.
private final class RACPropertyInbound<Value>: RACChannelInbound<Value> {
    /// Weak, so that a subscription to the terminal, which the property's
    /// subject holds, does not keep the property alive. Written only here.
    private weak var property: RACProperty<Value>?

    /// Disposed once an error or a completion was sent in: later values
    /// set nothing. (A flag, not clearing `property`, which other threads
    /// may be reading.)
    private let stopped = RACDisposable()

    /// Carries the terminal's end, if one is sent into it, to its
    /// subscribers, now and later; never a value.
    let ended = RACReplaySubject<Value>(capacity: 0)

    /// This terminal's number, which the changes it makes carry: unique in
    /// the process (a counter, never reused, unlike an address), and never 0.
    let id = racPropertyTerminals.word().fetchAdd(1, .relaxed) + 1

    init(_ property: RACProperty<Value>) {
        self.property = property
    }

    override func receiveNext(_ value: Value) {
        guard !stopped.isDisposed else { return }
        property?.set(value, origin: id)
    }

    override func receiveError(_ error: any Error) {
        stopped.dispose()
        ended.sendError(error)
    }

    override func receiveCompleted() {
        stopped.dispose()
        ended.sendCompleted()
    }

    override func receiveSubscription(_ disposable: RACCompoundDisposable) {
        ended.didSubscribe(with: disposable)
    }
}

/// How many property terminals were made (see `RACPropertyInbound.id`).
private let racPropertyTerminals = RACAtomicCell(count: 1)

import Observation

/// A channel bound to a property of an `@Observable` object: RAC 2.5's
/// `RACKVOChannel`, with Swift's Observation framework where RAC used KVO.
///
/// The leading terminal faces the property: its subscribers are the
/// binding, and what they are sent is the property's value, as
/// `RACObserve(target, keyPath, on: scheduler)` reads it — the current
/// value when the channel is made, then the value after each change, read
/// after the change lands and delivered on `scheduler`. So
/// `followingTerminal`, the side you bind to, replays the latest value to
/// each subscriber, then every change. A value sent into
/// `followingTerminal` sets the property, as `setKeyPath` does: on the main
/// thread for a main-actor object, else on `scheduler` (at once when sent
/// on that thread, or when `scheduler` is the immediate scheduler; else
/// from a block scheduled on it), and is not echoed back to the following
/// terminal's subscribers — unless a change made elsewhere was still
/// waiting to be read, which is then read with it.
///
/// The channel holds the target weakly and completes once it is gone (at
/// the latest at the next change or write); an error or a completion sent
/// into either terminal ends the binding.
// @unchecked Sendable: it adds no stored property to RACChannel's; the
// observation and the writes it sets up are Sendable on their own.
public final class RACKVOChannel<Root: AnyObject & Observable, Value>: RACChannel<Value>, @unchecked Sendable {
    /// A channel bound to `target`'s property at `keyPath`: RAC's
    /// `-initWithTarget:keyPath:nilValue:` for a property that cannot hold
    /// nil (or whose nil is sent as is). Made from main-actor code, the
    /// channel reads and writes the property on the main thread only. In
    /// Swift 6 mode `target` must be `Sendable` (a main-actor class is).
    public convenience init(target: Root, keyPath: ReferenceWritableKeyPath<Root, Value>,
                            on scheduler: RACScheduler = RACScheduler.scheduler(name: "RACSwift.RACKVOChannel"),
                            isolation: isolated (any Actor)? = #isolation)
    where Root: Sendable {
        self.init(target: target, read: { $0[keyPath: keyPath] }, write: { $0[keyPath: keyPath] = $1 },
                  scheduler: scheduler,
                  thread: RACBindingThread(isolation: isolation, binding: "RACKVOChannel(target:keyPath:on:)"))
    }

    /// A channel of optional values bound to `target`'s property at
    /// `keyPath`, which is not optional: RAC's
    /// `-initWithTarget:keyPath:nilValue:`. A nil sent into the following
    /// terminal sets `nilValue`.
    public convenience init<Wrapped>(target: Root, keyPath: ReferenceWritableKeyPath<Root, Wrapped>,
                                     nilValue: Wrapped,
                                     on scheduler: RACScheduler = RACScheduler.scheduler(name: "RACSwift.RACKVOChannel"),
                                     isolation: isolated (any Actor)? = #isolation)
    where Value == Wrapped?, Root: Sendable {
        self.init(target: target, read: { Optional($0[keyPath: keyPath]) },
                  write: { $0[keyPath: keyPath] = $1 ?? nilValue }, scheduler: scheduler,
                  thread: RACBindingThread(isolation: isolation, binding: "RACKVOChannel(target:keyPath:nilValue:on:)"))
    }

    /// `read` and `write` capture the key path (and `nilValue`), which need
    /// not be `Sendable`: they run only on the threads `thread` allows.
    private init(target: Root, read: @escaping (Root) -> Value, write: @escaping (Root, Value) -> Void,
                 scheduler: RACScheduler, thread: RACBindingThread) {
        super.init()
        let observation = RACObservation(target, read: racSendable(read), scheduler: scheduler, thread: thread,
                                         subscriber: leadingTerminal)
        observation.start()
        // What is sent into the following terminal reaches the leading
        // terminal's subscribers: this one writes it, where the object may
        // be touched — on the main thread for a main-actor object, else on
        // the channel's scheduler, as RAC's binding handed it to the
        // setting thread.
        let writes = RACWriteSink(observation, write: write)
        let writer = thread == .mainThread ? RACScheduler.mainThreadScheduler : scheduler
        let stop = observation.stopped
        leadingTerminal.subscribeNext(racSendable { (value: Value) in
            if writer === RACScheduler.immediateScheduler || RACScheduler.currentScheduler === writer {
                writes.write(value)
            } else {
                writer.schedule(racSendable { writes.write(value) })
            }
        }, error: { _ in stop.dispose() }, completed: { stop.dispose() })
    }
}

/// The writing half of a `RACKVOChannel`: hands each value to the
/// observation, which writes it where its reads run.
// @unchecked Sendable: it is called on the channel's scheduler only, and
// the observation it writes through is Sendable.
private final class RACWriteSink<Root: AnyObject & Observable, Value>: @unchecked Sendable {
    private let observation: RACObservation<Root, Value>
    private let change: (Root, Value) -> Void

    init(_ observation: RACObservation<Root, Value>, write: @escaping (Root, Value) -> Void) {
        self.observation = observation
        change = write
    }

    func write(_ value: Value) {
        observation.write(value, with: change)
    }
}

/// The following terminal of a new `RACKVOChannel` bound to `target`'s
/// property at `keyPath`: what RAC's `RACChannelTo(target, keyPath)`
/// expands to. Subscribers receive the current value, then each change;
/// values sent into it set the property (see `RACKVOChannel` for the
/// threads). Bind two with
/// `let (a, b) = (RACChannelTo(x, \.p), RACChannelTo(y, \.q)); b.subscribe(a); a.skip(1).subscribe(b)`,
/// RAC's `RACChannelTo(x, p) = RACChannelTo(y, q)`. Made from main-actor
/// code, it reads and writes the property on the main thread only. In
/// Swift 6 mode `target` must be `Sendable` (a main-actor class is).
public func RACChannelTo<Root: AnyObject & Observable & Sendable, Value>(
    _ target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
    on scheduler: RACScheduler = RACScheduler.scheduler(name: "RACSwift.RACKVOChannel"),
    isolation: isolated (any Actor)? = #isolation
) -> RACChannelTerminal<Value> {
    RACKVOChannel(target: target, keyPath: keyPath, on: scheduler, isolation: isolation).followingTerminal
}

/// `RACChannelTo(_:_:on:)` with RAC's `NILVALUE`: a terminal of optional
/// values for a property that is not optional, where a nil sent in sets
/// `nilValue` — RAC's `RACChannelTo(target, keyPath, nilValue)`.
public func RACChannelTo<Root: AnyObject & Observable & Sendable, Wrapped>(
    _ target: Root, _ keyPath: ReferenceWritableKeyPath<Root, Wrapped>, nilValue: Wrapped,
    on scheduler: RACScheduler = RACScheduler.scheduler(name: "RACSwift.RACKVOChannel"),
    isolation: isolated (any Actor)? = #isolation
) -> RACChannelTerminal<Wrapped?> {
    RACKVOChannel(target: target, keyPath: keyPath, nilValue: nilValue, on: scheduler, isolation: isolation)
        .followingTerminal
}

import Foundation

// MARK: - Throttle

extension RACSignal {
    /// Sends a value only once `interval` seconds have passed without another
    /// value: RAC 2.5's `-throttle:`. Each value replaces the one waiting,
    /// whose time is up only after `interval` of silence; completion first
    /// sends the value still waiting, if any; an error drops it and is sent
    /// at once.
    ///
    /// The wait runs, as in RAC, on the scheduler current where each value
    /// arrives (on the main thread, the main thread scheduler), or, where
    /// there is none, on a background scheduler made for the subscription;
    /// the value is sent from there.
    public func throttle(_ interval: TimeInterval) -> RACSignal<Value> {
        throttle(interval, fixedScheduler: nil, valuesPassingTest: { _ in true },
                 name: "[\(name)] -throttle: \(interval)")
    }

    /// `throttle(_:)` for the values that pass `predicate`; a value that
    /// does not is sent at once, and drops the one waiting: RAC 2.5's
    /// `-throttle:valuesPassingTest:`. `predicate` runs where the value
    /// arrives.
    public func throttle(_ interval: TimeInterval,
                         valuesPassingTest predicate: @escaping (Value) -> Bool) -> RACSignal<Value> {
        throttle(interval, fixedScheduler: nil, valuesPassingTest: predicate,
                 name: "[\(name)] -throttle: \(interval) valuesPassingTest:")
    }

    /// `throttle(_:valuesPassingTest:)` with the waits on `scheduler` (a
    /// `RACTestScheduler`, to throttle in virtual time): the waiting values
    /// are sent from `scheduler`.
    public func throttle(_ interval: TimeInterval, onScheduler scheduler: RACScheduler,
                         valuesPassingTest predicate: @escaping (Value) -> Bool = { _ in true })
        -> RACSignal<Value> {
        throttle(interval, fixedScheduler: scheduler, valuesPassingTest: predicate,
                 name: "[\(name)] -throttle: \(interval) onScheduler: \(scheduler)")
    }

    private func throttle(_ interval: TimeInterval, fixedScheduler: RACScheduler?,
                          valuesPassingTest predicate: @escaping (Value) -> Bool,
                          name: String) -> RACSignal<Value> {
        lift(name) { downstream in
            RACThrottleSink(downstream, interval: interval, scheduler: fixedScheduler, predicate: predicate)
        }
    }
}

// MARK: - Delay

extension RACSignal {
    /// Sends each value and the completion `interval` seconds after the
    /// receiver sent it, in order; sends an error at once, dropping what is
    /// still delayed: RAC 2.5's `-delay:`.
    ///
    /// As in RAC, each event waits on the scheduler current where it arrives
    /// (on the main thread, the main thread scheduler), or, where there is
    /// none, on a background scheduler made for the subscription, and is sent
    /// from there.
    public func delay(_ interval: TimeInterval) -> RACSignal<Value> {
        delay(interval, fixedScheduler: nil, name: "[\(name)] -delay: \(interval)")
    }

    /// `delay(_:)` with the waits on `scheduler` (a `RACTestScheduler`, to
    /// delay in virtual time): values and completion are sent from there.
    public func delay(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACSignal<Value> {
        delay(interval, fixedScheduler: scheduler, name: "[\(name)] -delay: \(interval) onScheduler: \(scheduler)")
    }

    private func delay(_ interval: TimeInterval, fixedScheduler: RACScheduler?, name: String) -> RACSignal<Value> {
        lift(name) { downstream in
            // Delayed events arrive from the schedulers' threads, the error
            // from the receiver's: they meet in a serializing sink, so the
            // subscriber still receives one event at a time.
            let serialized = RACSerializingSink(downstream)
            let target = RACScheduledTarget(serialized, endingWith: downstream.subscription)
            // Touched only by the receiver's events, which never overlap.
            var fallback: RACScheduler?
            func schedule(_ send: @escaping (RACSerializingSink<Value>) -> Void) {
                let scheduler = fixedScheduler ?? RACScheduler.currentScheduler ?? {
                    if let fallback { return fallback }
                    let made = RACScheduler.scheduler()
                    fallback = made
                    return made
                }()
                scheduler.afterDelay(interval) { target.withTarget(send) }
            }
            return RACForwardingSink(downstream, onNext: { value, _ in
                schedule { $0.sendNext(value) }
            }, onError: { error, _ in
                serialized.sendError(error)
            }, onCompleted: { _ in
                schedule { $0.sendCompleted() }
            })
        }
    }
}

// MARK: - Timeout

extension RACSignal {
    /// Forwards the receiver's events, but errors with
    /// `RACSignalError.timedOut` (and disposes the subscription to the
    /// receiver) if the receiver has not completed or errored `interval`
    /// seconds after subscription: RAC 2.5's `-timeout:onScheduler:`. The
    /// timeout error is sent from `scheduler`, which must not be the
    /// immediate scheduler.
    public func timeout(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACSignal<Value> {
        precondition(scheduler !== RACScheduler.immediateScheduler, "-timeout cannot use the immediate scheduler")
        return lift("[\(name)] -timeout: \(interval) onScheduler: \(scheduler)") { downstream in
            // The timer and the receiver race to end the subscription: a
            // serializing sink lets the first terminal event through and
            // drops everything after it.
            let serialized = RACSerializingSink(downstream)
            let target = RACScheduledTarget(serialized, endingWith: downstream.subscription)
            // Part of the subscription, so any ending cancels the timer.
            downstream.subscription?.add(scheduler.afterDelay(interval) {
                target.withTarget { $0.sendError(RACSignalError.timedOut) }
            })
            return RACForwardingSink(serialized) { value, serialized in serialized.sendNext(value) }
        }
    }
}

// MARK: - Interval

extension RACSignal where Value == Date {
    /// Sends the scheduler's current date every `interval` seconds, starting
    /// `interval` seconds after subscription, until disposed; never
    /// completes: RAC 2.5's `+interval:onScheduler:`. The dates are sent from
    /// `scheduler` (in virtual time for a `RACTestScheduler`), which must not
    /// be the immediate scheduler.
    public static func interval(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACSignal<Date> {
        Self.interval(interval, onScheduler: scheduler, withLeeway: 0)
    }

    /// `interval(_:onScheduler:)`, letting the system send each date up to
    /// `leeway` seconds late to save power: RAC 2.5's
    /// `+interval:onScheduler:withLeeway:`.
    public static func interval(_ interval: TimeInterval, onScheduler scheduler: RACScheduler,
                                withLeeway leeway: TimeInterval) -> RACSignal<Date> {
        precondition(scheduler !== RACScheduler.immediateScheduler, "+interval cannot use the immediate scheduler")
        let signal = createSignal { subscriber in
            scheduler.after(scheduler.now.addingTimeInterval(interval), repeatingEvery: interval,
                            withLeeway: leeway) {
                subscriber.sendNext(scheduler.now)
            }
        }
        signal.name = "+interval: \(interval) onScheduler: \(scheduler) withLeeway: \(leeway)"
        return signal
    }
}

// MARK: - Buffer

extension RACSignal {
    /// Collects values for `interval` seconds from the first value of each
    /// batch, then sends them as one array; on completion sends what is
    /// collected, if anything, then completes; an error drops it and is sent
    /// at once: RAC 2.5's `-bufferWithTime:onScheduler:`, with a Swift array
    /// in place of the `RACTuple`. The arrays are sent from `scheduler`,
    /// which must not be the immediate scheduler.
    public func bufferWithTime(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACSignal<[Value]> {
        precondition(scheduler !== RACScheduler.immediateScheduler, "-bufferWithTime cannot use the immediate scheduler")
        return bufferWithTime(interval, fixedScheduler: scheduler,
                              name: "[\(name)] -bufferWithTime: \(interval) onScheduler: \(scheduler)")
    }

    /// `bufferWithTime(_:onScheduler:)` on the scheduler current where the
    /// first value of each batch arrives, or, where there is none, on a
    /// background scheduler made for the subscription: the choice RAC makes
    /// for `-throttle:` and `-delay:`.
    public func bufferWithTime(_ interval: TimeInterval) -> RACSignal<[Value]> {
        bufferWithTime(interval, fixedScheduler: nil, name: "[\(name)] -bufferWithTime: \(interval)")
    }

    private func bufferWithTime(_ interval: TimeInterval, fixedScheduler: RACScheduler?,
                                name: String) -> RACSignal<[Value]> {
        lift(name) { downstream in
            RACBufferSink(downstream, interval: interval, scheduler: fixedScheduler)
        }
    }
}

// MARK: - Sample

extension RACSignal {
    /// Sends the receiver's latest value each time `sampler` sends a value,
    /// nothing if the receiver has sent none yet: RAC 2.5's `-sample:`.
    /// Completes or errors as soon as either signal does. The receiver is
    /// subscribed first, so a value it sends at once is there for a sampler
    /// that fires at once.
    public func sample<U>(_ sampler: RACSignal<U>) -> RACSignal<Value> {
        let signal = RACSampleSignal(source: self, sampler: sampler)
        signal.name = "[\(name)] -sample: \(sampler.name)"
        return signal
    }
}

// MARK: - Timed sinks

/// The sink of an operator whose timer and source race (`throttle`,
/// `bufferWithTime`): the source sends from its thread, the timer fires on
/// the scheduler's.
///
/// Everything they share goes through a `RACSerializer` over the sink's
/// inline atomic words 1 and 2 (word 0 is its disposed flag). The thread
/// inside applies one operation at a time and sends downstream from there;
/// a thread that finds it busy hands its operation over and returns, so the
/// timer never waits for the source or the other way round, and the
/// subscriber receives one event at a time. Subclasses keep their state in
/// owner-only fields and say what each operation does.
///
/// A timer firing late is recognised by its generation: arming or
/// cancelling the timer moves the generation on, and a firing whose number
/// is not the current one is ignored. The scheduled block cannot simply be
/// cancelled instead: it may already be running, about to hand its firing
/// over.
internal class RACTimedSink<Value, Output>: RACSubscriptionSink<Value> {
    enum Operation {
        /// A value, and the scheduler to wait on for it (nil: none).
        case next(Value, RACScheduler?)
        case timer(generation: UInt)
        case error(any Error)
        case completed
    }

    let downstream: RACSubscriptionSink<Output>
    let interval: TimeInterval
    /// The scheduler of the `onScheduler:` forms; nil for RAC's default.
    private let scheduler: RACScheduler?
    /// The pending timer's scheduling; disposed with the subscription, after
    /// which a newly armed timer is cancelled at once.
    private let timer = RACSerialDisposable()
    /// What the timers fire into: the sink itself, through a handle, so that
    /// a pending timer does not keep the subscription's sinks alive. Set
    /// once, in `init`.
    private var timerTarget: RACScheduledTarget<RACTimedSink>?

    /// Touched only in `receiveNext(_:)`: the source never overlaps itself.
    private var fallbackScheduler: RACScheduler?
    /// Owner-only (see the class comment).
    @exclusivity(unchecked) private var generation: UInt = 0

    init(_ downstream: RACSubscriptionSink<Output>, interval: TimeInterval, scheduler: RACScheduler?) {
        precondition(interval >= 0, "a timer interval cannot be negative")
        self.downstream = downstream
        self.interval = interval
        self.scheduler = scheduler
        super.init()
        timerTarget = RACScheduledTarget(self, endingWith: downstream.subscription)
    }

    private var serializer: RACSerializer<Operation> {
        RACSerializer(entries: RACInlineAtomics.word(1, of: self),
                      pending: RACInlineAtomics.word(2, of: self))
    }

    // MARK: Events, on the source's thread or the timer's

    final override func receiveNext(_ value: Value) {
        let delayScheduler = self.delayScheduler(for: value)
        serializer.perform(.next(value, delayScheduler), now: { applyNext(value, delayingOn: delayScheduler) }) {
            apply($0)
        }
    }

    final override func receiveError(_ error: any Error) {
        serializer.perform(.error(error), now: { finish(.error(error)) }) { apply($0) }
    }

    final override func receiveCompleted() {
        serializer.perform(.completed, now: { finish(.completed) }) { apply($0) }
    }

    private func timerFired(_ generation: UInt) {
        serializer.perform(.timer(generation: generation), now: { applyTimer(generation) }) { apply($0) }
    }

    /// Cancels the pending timer along with the subscription.
    override func dispose() {
        super.dispose()
        timer.dispose()
    }

    /// Where a value waits, chosen on the source's thread (the current
    /// scheduler is a property of that thread). Subclasses may return nil:
    /// no wait.
    func delayScheduler(for value: Value) -> RACScheduler? {
        if let scheduler { return scheduler }
        if let current = RACScheduler.currentScheduler { return current }
        if let fallbackScheduler { return fallbackScheduler }
        // Made on first need, not per subscription as RAC does: a queue is
        // not free, and most subscriptions find a current scheduler.
        let made = RACScheduler.scheduler()
        fallbackScheduler = made
        return made
    }

    // MARK: Owner only

    private func apply(_ operation: Operation) {
        switch operation {
        case let .next(value, delayScheduler): applyNext(value, delayingOn: delayScheduler)
        case let .timer(generation): applyTimer(generation)
        case .error, .completed: finish(operation)
        }
    }

    private func applyTimer(_ firing: UInt) {
        guard firing == generation else { return }
        generation &+= 1
        timerDidFire()
    }

    private func finish(_ operation: Operation) {
        cancelTimer()
        if case let .error(error) = operation {
            didError(error)
        } else {
            didComplete()
        }
    }

    /// Starts the timer on `scheduler`, replacing (and so cancelling) the
    /// pending one.
    final func armTimer(on scheduler: RACScheduler) {
        generation &+= 1
        let firing = generation
        let scheduled = scheduler.afterDelay(interval) { [timerTarget] in
            timerTarget?.withTarget { $0.timerFired(firing) }
        }
        timer.swapIn(scheduled)?.dispose()
    }

    final func cancelTimer() {
        generation &+= 1
        timer.swapIn(nil)?.dispose()
    }

    // MARK: For subclasses, owner only

    func applyNext(_ value: Value, delayingOn scheduler: RACScheduler?) {}
    func timerDidFire() {}
    /// The source errored; the timer is cancelled.
    func didError(_ error: any Error) {}
    /// The source completed; the timer is cancelled.
    func didComplete() {}
}

/// The sink of `throttle`: holds the latest value that passed the predicate
/// until `interval` passes without another.
internal final class RACThrottleSink<Value>: RACTimedSink<Value, Value> {
    private let predicate: (Value) -> Bool
    /// Owner-only: the value waiting for its timer.
    @exclusivity(unchecked) private var waiting: Value?

    init(_ downstream: RACSubscriptionSink<Value>, interval: TimeInterval, scheduler: RACScheduler?,
         predicate: @escaping (Value) -> Bool) {
        self.predicate = predicate
        super.init(downstream, interval: interval, scheduler: scheduler)
    }

    override func delayScheduler(for value: Value) -> RACScheduler? {
        predicate(value) ? super.delayScheduler(for: value) : nil
    }

    override func applyNext(_ value: Value, delayingOn scheduler: RACScheduler?) {
        guard let scheduler else {
            waiting = nil
            cancelTimer()
            downstream.sendNext(value)
            return
        }
        waiting = value
        armTimer(on: scheduler)
    }

    override func timerDidFire() {
        sendWaiting()
    }

    override func didError(_ error: any Error) {
        waiting = nil
        downstream.sendError(error)
    }

    override func didComplete() {
        sendWaiting()
        downstream.sendCompleted()
    }

    private func sendWaiting() {
        guard let value = waiting else { return }
        waiting = nil
        downstream.sendNext(value)
    }
}

/// The sink of `bufferWithTime`: collects values from the first of a batch
/// until its timer fires.
internal final class RACBufferSink<Value>: RACTimedSink<Value, [Value]> {
    /// Owner-only: the batch being collected.
    @exclusivity(unchecked) private var batch: [Value] = []

    override func applyNext(_ value: Value, delayingOn scheduler: RACScheduler?) {
        if batch.isEmpty, let scheduler { armTimer(on: scheduler) }
        batch.append(value)
    }

    override func timerDidFire() {
        sendBatch()
    }

    override func didError(_ error: any Error) {
        batch = []
        downstream.sendError(error)
    }

    override func didComplete() {
        sendBatch()
        downstream.sendCompleted()
    }

    private func sendBatch() {
        guard !batch.isEmpty else { return }
        let values = batch
        batch = []
        downstream.sendNext(values)
    }
}

// MARK: - Sample internals

/// What `sample(_:)` returns: subscribes the source, then the sampler, both
/// into one `RACSampleSink`.
internal final class RACSampleSignal<Value, Trigger>: RACSignal<Value> {
    let source: RACSignal<Value>
    let sampler: RACSignal<Trigger>

    init(source: RACSignal<Value>, sampler: RACSignal<Trigger>) {
        self.source = source
        self.sampler = sampler
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    override func subscribe(sink downstream: RACSubscriptionSink<Value>) -> RACDisposable {
        let subscription = RACCompoundDisposable()
        _ = downstream.bind(to: subscription)
        let sink = RACSampleSink(downstream)
        subscription.add(source.subscribe(sink: sink))
        // A source that ended at once ended the sample too.
        if !subscription.isDisposed {
            subscription.add(sampler.subscribe(sink: RACSamplerSink(sink)))
        }
        return subscription
    }
}

/// Receives the source's events for `sample(_:)`, and the sampler's through
/// a `RACSamplerSink`.
///
/// The source and the sampler send from their own threads, racing for the
/// latest value and for the subscriber: both go through a `RACSerializer`
/// over the sink's inline atomic words 1 and 2, whose owner keeps the latest
/// value and sends downstream.
internal final class RACSampleSink<Value>: RACSubscriptionSink<Value> {
    enum Operation {
        case latest(Value)
        case sample
        case error(any Error)
        case completed
    }

    let downstream: RACSubscriptionSink<Value>
    /// Owner-only.
    @exclusivity(unchecked) private var latest: Value?

    init(_ downstream: RACSubscriptionSink<Value>) {
        self.downstream = downstream
        super.init()
    }

    private var serializer: RACSerializer<Operation> {
        RACSerializer(entries: RACInlineAtomics.word(1, of: self),
                      pending: RACInlineAtomics.word(2, of: self))
    }

    override func receiveNext(_ value: Value) {
        serializer.perform(.latest(value), now: { latest = value }) { apply($0) }
    }

    override func receiveError(_ error: any Error) {
        perform(.error(error))
    }

    override func receiveCompleted() {
        perform(.completed)
    }

    /// From the sampler's sink.
    func perform(_ operation: Operation) {
        serializer.perform(operation, now: { apply(operation) }) { apply($0) }
    }

    private func apply(_ operation: Operation) {
        switch operation {
        case let .latest(value): latest = value
        case .sample: if let latest { downstream.sendNext(latest) }
        case let .error(error): downstream.sendError(error)
        case .completed: downstream.sendCompleted()
        }
    }
}

/// The sampler's sink for `sample(_:)`: each value samples, a terminal event
/// ends the sample.
internal final class RACSamplerSink<Trigger, Value>: RACSubscriptionSink<Trigger> {
    let sample: RACSampleSink<Value>

    init(_ sample: RACSampleSink<Value>) {
        self.sample = sample
        super.init()
    }

    override func receiveNext(_ value: Trigger) { sample.perform(.sample) }
    override func receiveError(_ error: any Error) { sample.perform(.error(error)) }
    override func receiveCompleted() { sample.perform(.completed) }
}

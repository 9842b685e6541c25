import Foundation

/// The sink of an operator whose timer and source race (`throttle`,
/// `bufferWithTime`): the source sends from its thread, the timer fires on
/// the scheduler's.
///
/// Everything they share goes through a `RACSerializer` over the sink's
/// inline atomic words 0 to 2 (word 4 holds its site record in site mode,
/// word 5 its state). The thread
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
internal class RACTimedSink<Value, Output>: RACSubscriptionSink<Value>, @unchecked Sendable {
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
    /// a pending timer does not keep the subscription's sinks alive once it
    /// ended. The handle holds the sink only while a timer is armed: the
    /// sink holds the handle, and a sink that no source keeps and no timer
    /// waits for must be freed (docs/Concurrency.md point 13).
    private let timerTarget: RACScheduledTarget<RACTimedSink>
    /// Owner-only: whether `timerTarget` holds the sink.
    @exclusivity(unchecked) private var holdsItself = false

    /// Touched only in `receiveNext(_:)`: the source never overlaps itself.
    private var fallbackScheduler: RACScheduler?
    /// Owner-only (see the class comment).
    @exclusivity(unchecked) private var generation: UInt = 0

    init(_ downstream: RACSubscriptionSink<Output>, interval: TimeInterval, scheduler: RACScheduler?) {
        guard interval >= 0 else { racMisuse("a timer interval cannot be negative, not \(interval)") }
        self.downstream = downstream
        self.interval = interval
        self.scheduler = scheduler
        timerTarget = RACScheduledTarget(nil, endingWith: downstream.subscription)
        super.init()
    }

    /// The sink's own serializer, over its inline words 0 to 2.
    private var gate: RACSerializer<Operation> {
        RACSerializer(word(0))
    }

    // MARK: Events, on the source's thread or the timer's

    final override func receiveNext(_ value: Value) {
        let delayScheduler = self.delayScheduler(for: value)
        gate.perform(.next(value, delayScheduler), now: { applyNext(value, delayingOn: delayScheduler) }) {
            apply($0)
        }
    }

    final override func receiveError(_ error: any Error) {
        gate.perform(.error(error), now: { finish(.error(error)) }) { apply($0) }
    }

    final override func receiveCompleted() {
        gate.perform(.completed, now: { finish(.completed) }) { apply($0) }
    }

    private func timerFired(_ generation: UInt) {
        gate.perform(.timer(generation: generation), now: { applyTimer(generation) }) { apply($0) }
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
        letGoOfItself()
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
        if !holdsItself {
            holdsItself = true
            timerTarget.hold(self)
        }
        let scheduled = scheduler.afterDelay(interval) { [timerTarget] in
            timerTarget.withTarget { $0.timerFired(firing) }
        }
        timer.swapIn(scheduled)?.dispose()
    }

    final func cancelTimer() {
        generation &+= 1
        letGoOfItself()
        timer.swapIn(nil)?.dispose()
    }

    /// No timer is armed any more: the handle stops holding the sink (a
    /// late firing then finds nothing, as the generation would ignore it).
    private func letGoOfItself() {
        guard holdsItself else { return }
        holdsItself = false
        timerTarget.hold(nil)
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
internal final class RACThrottleSink<Value>: RACTimedSink<Value, Value>, @unchecked Sendable {
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
internal final class RACBufferSink<Value>: RACTimedSink<Value, [Value]>, @unchecked Sendable {
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

/// The state of one subscription to `flatten(_:)` with a limit (and so of
/// `concat`, which is `flatten(1)`): how many inner signals run, the ones
/// waiting for a slot, whether the receiver has completed; and the
/// decisions on them: start, queue, start the next, complete.
///
/// Not generic: it holds the inner signals as `AnyObject` and leaves
/// subscribing them to the operator's `subscribeInner`, written where the
/// value type is known. The operators run unspecialized, and every type
/// spelled with their generic parameter (the change, the queue, the node
/// that hands a change over) cost a runtime metadata lookup, a hash-table
/// search of about 330 instructions, each time it was used: five per inner
/// signal in `concat`, by callgrind. Here every type is concrete.
///
/// Every change (an inner signal sent, one completed, the receiver
/// completed) comes from the receiver's thread or an inner signal's, and is
/// an operation of one serializer (words 0 to 3), so only the thread
/// applying operations touches the state. Inner values do not pass through
/// it: they go to the operator's gate, so an inner signal subscribed while
/// a change is applied sends its values at once.
internal final class RACFlattenLimiter: @unchecked Sendable {
    /// Words 0 to 3: the serializer; word 4: the thread applying a change,
    /// or 0 (only that thread stores its own id). Must stay the first
    /// stored property (see `RACInlineAtomics`).
    private var _atomics: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)

    private enum Change {
        /// The receiver sent an inner signal (a `RACSignal` of the
        /// operator's value type).
        case add(AnyObject)
        case innerCompleted
        case receiverCompleted
    }

    private let limit: Int
    /// The operator's downstream sink: once it is disposed (an error, the
    /// subscriber's disposal), no inner signal is started.
    private let downstream: RACDisposable
    /// Subscribes an inner signal, whose completion must call
    /// `innerCompleted()` of the limiter it is given (this one: given, not
    /// captured, so that the limiter and the block do not keep each other).
    private let subscribeInner: (_ inner: AnyObject, _ limiter: RACFlattenLimiter) -> Void
    /// Completes the operator's signal.
    private let complete: () -> Void

    // Owner-only (serializer): the state of the operator.
    @exclusivity(unchecked) private var running = 0
    /// Inner signals that completed during the change being applied, on the
    /// applying thread, and are not yet taken off `running`.
    @exclusivity(unchecked) private var completed = 0
    @exclusivity(unchecked) private var waiting = RACFIFO<AnyObject>()
    @exclusivity(unchecked) private var receiverCompleted = false

    /// A limiter of `limit` (1 or more) inner signals at a time for the
    /// subscription whose downstream sink is `downstream`.
    init(limit: Int, downstream: RACDisposable, complete: @escaping () -> Void,
         subscribeInner: @escaping (_ inner: AnyObject, _ limiter: RACFlattenLimiter) -> Void) {
        self.limit = limit
        self.downstream = downstream
        self.complete = complete
        self.subscribeInner = subscribeInner
    }

    private var serializer: RACSerializer<Change> { RACSerializer(RACInlineAtomics.word(0, of: self)) }
    private var applyingThread: RACAtomicWord { RACInlineAtomics.word(4, of: self) }

    // MARK: Changes, from the receiver's thread and inner signals' threads

    /// The receiver sent `inner`: starts it if fewer than the limit run,
    /// else queues it.
    func add(_ inner: AnyObject) {
        perform(.add(inner))
    }

    /// The receiver completed: the whole completes once every inner signal,
    /// queued ones included, has completed.
    func completeReceiver() {
        perform(.receiverCompleted)
    }

    /// An inner signal completed: frees its slot for the next waiting one.
    ///
    /// One that completes during its own subscription, inside the change
    /// that started it on this thread, and thereby ends the whole, ends it
    /// now, inside its `sendCompleted()`, as RAC 2.5 does (its subscription
    /// is disposed when that returns). Otherwise a completion on the
    /// applying thread is taken off when the current change has been
    /// applied (the next waiting signal is started then), so that a run of
    /// synchronous signals loops instead of recursing, and hands nothing
    /// over (no node to allocate).
    func innerCompleted() {
        // Relaxed: only this thread ever stores its own id, so reading it
        // back means this thread is applying a change, and the state is its
        // to read.
        guard applyingThread.load(.relaxed) == RACThreadID.current else { return perform(.innerCompleted) }
        completed += 1
        if running == completed && receiverCompleted && waiting.isEmpty {
            running = 0
            completed = 0
            complete()
        }
    }

    // MARK: The owner's side

    private func perform(_ change: Change) {
        serializer.perform(change, now: { applyAsOwner(change) }) { applyAsOwner($0) }
    }

    private func applyAsOwner(_ change: Change) {
        // Relaxed: read back only by this thread (see `innerCompleted`).
        applyingThread.store(RACThreadID.current, .relaxed)
        apply(change)
        applyingThread.store(0, .relaxed)
    }

    private func apply(_ change: Change) {
        switch change {
        case .add(let inner):
            if running < limit { start(inner) } else { waiting.append(inner) }
        case .innerCompleted:
            completed += 1
        case .receiverCompleted:
            receiverCompleted = true
            // Nothing waits while fewer than the limit run.
            if running == 0 { complete() }
        }
        // Each completion frees a slot; a signal started in it may complete
        // during its subscription and free it again.
        while completed > 0 {
            completed -= 1
            running -= 1
            if let inner = waiting.popFirst() {
                start(inner)
            } else if receiverCompleted && running == 0 {
                complete()
            }
        }
    }

    private func start(_ inner: AnyObject) {
        guard !downstream.isDisposed else { return }
        running += 1
        subscribeInner(inner, self)
    }
}

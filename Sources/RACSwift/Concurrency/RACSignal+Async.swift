extension RACSignal {
    /// The receiver's values as an `AsyncSequence`: `for try await value in
    /// signal.values { … }`. The loop ends when the signal completes, and
    /// throws the signal's error.
    ///
    /// The signal is subscribed when `values` is read (as RAC's blocking
    /// reads subscribe at once), and that subscription is disposed when the
    /// loop is left early, when the iterating task is cancelled (the loop
    /// then ends without an error), or when the sequence is dropped unread.
    ///
    /// Values the signal sends faster than the loop takes them wait in the
    /// sequence's buffer, without limit: a signal is pushed, and the sender
    /// is never held up. For a bound, use `values(bufferingPolicy:)`
    /// (`.bounded(n)`: senders wait; `.bufferingNewest(n)`,
    /// `.bufferingOldest(n)`: values are dropped), or bound a fast
    /// producer before iterating, with `throttle(_:)`, `sample(_:)` or
    /// `take(_:)`. The sequence is an `AsyncThrowingStream`, which
    /// delivers to one iterator.
    public var values: AsyncThrowingStream<Value, any Error> {
        stream(.unbounded, bound: nil)
    }

    /// The receiver's values as an `AsyncSequence`, as `values` gives them,
    /// kept as `bufferingPolicy` says while the loop is slower than the
    /// signal: `.bounded(n)` keeps every value, at most `n` waiting, and
    /// makes the thread that sends the next one wait its turn (on the
    /// thread that delivers it, as at a subject's bound: it sleeps until
    /// the loop has taken half of them, and stops waiting,
    /// its value queued in order, only if the loop takes nothing for a
    /// second); `.bufferingNewest(n)` and `.bufferingOldest(n)` drop values
    /// past `n`, as `AsyncThrowingStream` does. Subscription, cancellation
    /// and disposal as `values`; when the loop ends, a waiting sender goes
    /// on at once. A sender inside a task never waits (it could hold the
    /// thread the loop needs): values sent from tasks go past the bound.
    public func values(bufferingPolicy: RACValuesBufferingPolicy) -> RACSignalValues<Value> {
        var bound: RACValuesBound?
        let policy: AsyncThrowingStream<Value, any Error>.Continuation.BufferingPolicy
        switch bufferingPolicy {
        case .unbounded:
            policy = .unbounded
        case .bounded(let limit):
            guard limit >= 1 else { racMisuse("values(bufferingPolicy: .bounded(\(limit))): the limit must be at least 1") }
            policy = .unbounded
            bound = RACValuesBound(limit: limit)
        case .bufferingNewest(let limit):
            guard limit >= 1 else { racMisuse("values(bufferingPolicy: .bufferingNewest(\(limit))): the limit must be at least 1") }
            policy = .bufferingNewest(limit)
        case .bufferingOldest(let limit):
            guard limit >= 1 else { racMisuse("values(bufferingPolicy: .bufferingOldest(\(limit))): the limit must be at least 1") }
            policy = .bufferingOldest(limit)
        }
        return RACSignalValues(stream: stream(policy, bound: bound), bound: bound)
    }

    /// The stream of `values`: each value yielded (and, with a bound,
    /// counted in); the subscription disposed, and the bound closed, when
    /// the loop ends.
    private func stream(_ policy: AsyncThrowingStream<Value, any Error>.Continuation.BufferingPolicy,
                        bound: RACValuesBound?) -> AsyncThrowingStream<Value, any Error> {
        AsyncThrowingStream(bufferingPolicy: policy) { continuation in
            let subscription = subscribeNext({ value in
                // From the delivering thread to the iterating task, unchecked,
                // as in `RACAsyncWait.finish`.
                nonisolated(unsafe) let value = value
                continuation.yield(value)
                bound?.sent()
            }, error: { continuation.finish(throwing: $0) }, completed: { continuation.finish() })
            continuation.onTermination = { _ in
                bound?.close()
                subscription.dispose()
            }
        }
    }

    /// The first value, or nil if the signal completes without one; throws
    /// the signal's error, or `CancellationError` if the task is cancelled
    /// first (which disposes the subscription). Suspends: the async form of
    /// the blocking `first()`, which never holds a thread.
    public func first() async throws -> Value? {
        try await lastValue(of: take(1))
    }

    /// Every value, once the signal completes; throws its error, or
    /// `CancellationError` on cancellation. Suspends; the async form of
    /// the blocking `toArray()`.
    public func toArray() async throws -> [Value] {
        try await lastValue(of: collect()) ?? []
    }

    /// Returns once the signal completes; throws its error, or
    /// `CancellationError` on cancellation. Suspends; the async form of
    /// the blocking `waitUntilCompleted()`.
    public func waitUntilCompleted() async throws {
        _ = try await lastValue(of: ignoreValues())
    }

    /// Subscribes to `signal` and returns its last value once it completes
    /// (nil if it sent none), or throws its error. Cancelling the task
    /// disposes the subscription and throws `CancellationError`.
    private func lastValue<R>(of signal: RACSignal<R>) async throws -> R? {
        let wait = RACAsyncWait<R>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wait.start(continuation, subscribing: signal)
            }
        } onCancel: {
            wait.cancel()
        }
    }
}

/// One suspended `first()`, `toArray()` or `waitUntilCompleted()`: the
/// continuation, the subscription, and the last value, resumed exactly
/// once, by the signal's end or by cancellation, whichever comes first.
///
/// `@unchecked Sendable`: the cancellation handler reaches it from another
/// thread. The last value is touched only by the subscription's serialized
/// deliveries. `state`, one atomic word, decides who resumes, and publishes
/// the continuation: `start` stores it, then moves the state from `idle` to
/// `waiting` with a release; whoever then moves it to `done` with an
/// acquire sees it.
private final class RACAsyncWait<Value>: @unchecked Sendable {
    private static var idle: Int { 0 }
    private static var waiting: Int { 1 }
    private static var done: Int { 2 }

    private var continuation: CheckedContinuation<Value?, any Error>?
    private var last: Value?
    private let subscription = RACSerialDisposable()
    private let state = RACAtomicCell(count: 1, initialValue: 0)

    /// Publishes `continuation` and subscribes; if cancelled already,
    /// resumes at once.
    func start(_ continuation: CheckedContinuation<Value?, any Error>, subscribing signal: RACSignal<Value>) {
        self.continuation = continuation
        // Release: publishes the continuation to whoever finishes.
        guard state.word().compareExchange(expected: Self.idle, desired: Self.waiting, .release, .acquire)
            == Self.idle else {
            // Cancelled before we got here; nobody else will resume.
            return continuation.resume(throwing: CancellationError())
        }
        subscription.disposable = signal.subscribeNext({ [self] in last = $0 },
                                                       error: { [self] in finish(with: .failure($0)) },
                                                       completed: { [self] in finish(with: .success(last)) })
    }

    /// Resumes with `result` if this is the first finish after `start`.
    private func finish(with result: Result<Value?, any Error>) {
        // Acquire: sees the continuation that `start` published.
        guard state.word().exchange(Self.done, .acq_rel) == Self.waiting else { return }
        // The value goes from the delivering thread to the awaiting task,
        // unchecked, as values go between threads everywhere in RACSwift.
        nonisolated(unsafe) let result = result
        continuation?.resume(with: result)
    }

    /// Disposes the subscription and resumes with `CancellationError`,
    /// unless the signal ended first. Before `start`, only marks the wait
    /// done: `start` then resumes.
    func cancel() {
        subscription.dispose()
        finish(with: .failure(CancellationError()))
    }
}

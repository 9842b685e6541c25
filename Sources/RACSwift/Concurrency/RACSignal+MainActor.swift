// Subscribing with main-actor blocks: UI code's
// `[[signal deliverOn:RACScheduler.mainThreadScheduler] subscribeNext:…]`,
// checked by the compiler. The plain `subscribeNext` blocks are `@Sendable`,
// since they may run on any thread, so in Swift 6 mode they cannot touch
// main-actor state, mutate a captured `var` or capture a non-`Sendable`
// object. These blocks are `@MainActor` instead, and they run only on the
// main actor: the compiler lets them touch what the main actor owns, and
// the methods are `@MainActor` themselves, so only code already on the main
// actor can hand such state over (elsewhere the call is a compile error,
// not a run-time trap).

/// Where the `subscribeNext(on:…)` family runs its blocks: `.main`, the
/// main actor (the main thread, or, on Linux under `dispatchMain()` or an
/// async `main`, whichever thread is running the main queue).
public enum RACMainActorDelivery: Sendable {
    /// The main actor.
    case main
}

extension RACSignal {
    /// Subscribes main-actor blocks, delivering every event through
    /// `deliverOnMainThread()`: at once when the receiver sends on the main
    /// thread with nothing ahead of it, otherwise queued on the main thread
    /// scheduler in order.
    @MainActor
    internal func subscribeBlocks(on _: RACMainActorDelivery, next: (@MainActor (Value) -> Void)?,
                                  error: (@MainActor (any Error) -> Void)?,
                                  completed: (@MainActor () -> Void)?) -> RACDisposable {
        // deliverOnMainThread() runs each block on the main thread or as a
        // block of the main queue, which is the main actor's executor; so
        // `assumeIsolated` always holds here: a check, never a trap. A
        // value crosses from the sending thread as every value does
        // (docs/Concurrency.md, "Values between threads"): RACSwift does
        // not require `Value: Sendable`, so the compiler is told so here.
        deliverOnMainThread().subscribeBlocks(next: next.map { next in { value in
            nonisolated(unsafe) let value = value
            MainActor.assumeIsolated { next(value) }
        } }, error: error.map { error in { failure in
            MainActor.assumeIsolated { error(failure) }
        } }, completed: completed.map { completed in {
            MainActor.assumeIsolated { completed() }
        } })
    }

    /// Subscribes `next` for each value, run on the main actor: RAC's
    /// `[[signal deliverOnMainThread] subscribeNext:]`, with a block that may
    /// touch main-actor state, mutate captured variables and capture
    /// non-`Sendable` objects. Values sent on the main thread (with none
    /// still queued) arrive before the send returns; others arrive in order
    /// through the main thread scheduler. Errors are ignored. Disposing the
    /// subscription drops the events still queued.
    @MainActor @discardableResult
    public func subscribeNext(on delivery: RACMainActorDelivery,
                              _ next: @escaping @MainActor (Value) -> Void) -> RACDisposable {
        subscribeBlocks(on: delivery, next: next, error: nil, completed: nil)
    }

    /// `subscribeNext(on:_:)` with `completed` on completion, on the main actor.
    @MainActor @discardableResult
    public func subscribeNext(on delivery: RACMainActorDelivery,
                              _ next: @escaping @MainActor (Value) -> Void,
                              completed: @escaping @MainActor () -> Void) -> RACDisposable {
        subscribeBlocks(on: delivery, next: next, error: nil, completed: completed)
    }

    /// `subscribeNext(on:_:)` with `error` on error, on the main actor.
    @MainActor @discardableResult
    public func subscribeNext(on delivery: RACMainActorDelivery,
                              _ next: @escaping @MainActor (Value) -> Void,
                              error: @escaping @MainActor (any Error) -> Void) -> RACDisposable {
        subscribeBlocks(on: delivery, next: next, error: error, completed: nil)
    }

    /// `subscribeNext(on:_:)` with blocks for every kind of event, all on
    /// the main actor.
    @MainActor @discardableResult
    public func subscribeNext(on delivery: RACMainActorDelivery,
                              _ next: @escaping @MainActor (Value) -> Void,
                              error: @escaping @MainActor (any Error) -> Void,
                              completed: @escaping @MainActor () -> Void) -> RACDisposable {
        subscribeBlocks(on: delivery, next: next, error: error, completed: completed)
    }

    /// Subscribes a block for the error, if the signal ends with one, run
    /// on the main actor.
    @MainActor @discardableResult
    public func subscribeError(on delivery: RACMainActorDelivery,
                               _ error: @escaping @MainActor (any Error) -> Void) -> RACDisposable {
        subscribeBlocks(on: delivery, next: nil, error: error, completed: nil)
    }

    /// Subscribes a block for the completion, if the signal ends with one,
    /// run on the main actor.
    @MainActor @discardableResult
    public func subscribeCompleted(on delivery: RACMainActorDelivery,
                                   _ completed: @escaping @MainActor () -> Void) -> RACDisposable {
        subscribeBlocks(on: delivery, next: nil, error: nil, completed: completed)
    }

    /// Subscribes blocks for the error and the completion, run on the main
    /// actor.
    @MainActor @discardableResult
    public func subscribeError(on delivery: RACMainActorDelivery,
                               _ error: @escaping @MainActor (any Error) -> Void,
                               completed: @escaping @MainActor () -> Void) -> RACDisposable {
        subscribeBlocks(on: delivery, next: nil, error: error, completed: completed)
    }
}

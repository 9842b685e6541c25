extension RACSignal {
    /// A signal that completes at once for each subscriber (through the
    /// subscription scheduler, as every event of these four factories).
    @inlinable
    public static func empty() -> RACSignal<Value> {
        RACEndSignal(error: nil)
    }

    /// A signal that sends `value`, then completes, for each subscriber.
    @inlinable
    public static func `return`(_ value: Value) -> RACSignal<Value> {
        RACReturnSignal(value)
    }

    /// A signal that fails with `error` at once for each subscriber.
    @inlinable
    public static func error(_ error: any Error) -> RACSignal<Value> {
        RACEndSignal(error: error)
    }

    /// A signal that never sends anything.
    @inlinable
    public static func never() -> RACSignal<Value> {
        RACConstantSignal(sendsNothing: true, name: "+never")
    }

    /// A signal that calls `block` anew for each subscriber and subscribes
    /// it to the signal that `block` returns: a way to postpone side effects
    /// (or the choice of a signal) until subscription.
    public static func `defer`(_ block: @escaping @Sendable () -> RACSignal<Value>) -> RACSignal<Value> {
        createSignal { subscriber in
            block().subscribe(subscriber)
        }
    }

    /// A signal that calls `block` anew for each subscriber and sends its
    /// result then completes, or fails with the error it throws: RAC's
    /// `+try:`, with Swift's `throws` in place of a nil result and an
    /// `NSError **`.
    public static func `try`(_ block: @escaping @Sendable () throws -> Value) -> RACSignal<Value> {
        createSignal { subscriber in
            do {
                subscriber.sendNext(try block())
                subscriber.sendCompleted()
            } catch {
                subscriber.sendError(error)
            }
            return nil
        }.setName("+try:")
    }
}

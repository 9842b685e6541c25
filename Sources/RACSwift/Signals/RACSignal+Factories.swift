extension RACSignal {
    /// A signal that completes at once for each subscriber.
    public static func empty() -> RACSignal<Value> {
        createSignal { subscriber in
            subscriber.sendCompleted()
            return nil
        }
    }

    /// A signal that sends `value`, then completes, for each subscriber.
    public static func `return`(_ value: Value) -> RACSignal<Value> {
        createSignal(racSendable { subscriber in
            subscriber.sendNext(value)
            subscriber.sendCompleted()
            return nil
        })
    }

    /// A signal that fails with `error` at once for each subscriber.
    public static func error(_ error: any Error) -> RACSignal<Value> {
        createSignal { subscriber in
            subscriber.sendError(error)
            return nil
        }
    }

    /// A signal that never sends anything.
    public static func never() -> RACSignal<Value> {
        createSignal { _ in nil }
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

extension RACSignal {
    /// Calls `block` with each value, on the thread that delivers it, just
    /// before sending the value on. Nothing runs until the returned signal
    /// is subscribed, and it runs once per subscription.
    @inlinable
    @_disfavoredOverload
    public func doNext(_ block: @escaping @Sendable (Value) -> Void) -> RACSignal<Value> {
        liftNext("[\(self.name)] -doNext:") { value, sink in
            block(value)
            sink.downstream(Value.self).sendNext(value)
        }
    }

    /// Calls `block` with the receiver's error just before sending it on.
    @_disfavoredOverload
    public func doError(_ block: @escaping @Sendable (any Error) -> Void) -> RACSignal<Value> {
        doTerminal("[\(self.name)] -doError:", error: block, completed: nil)
    }

    /// Calls `block` when the receiver completes, just before sending the
    /// completion on.
    @_disfavoredOverload
    public func doCompleted(_ block: @escaping @Sendable () -> Void) -> RACSignal<Value> {
        doTerminal("[\(self.name)] -doCompleted:", error: nil, completed: block)
    }

    /// Calls `block` each time the returned signal is subscribed, on the
    /// subscribing thread, before the receiver is subscribed.
    public func initially(_ block: @escaping @Sendable () -> Void) -> RACSignal<Value> {
        let signal = RACSignal.defer {
            block()
            return self
        }
        signal.setName(derivedBy: { "[\(self.name)] -initially:" })
        return signal
    }

    /// Calls `block` when the receiver completes or fails, just before the
    /// terminal event is sent on. As in RAC, it does not run when the
    /// subscription is disposed before either.
    public func finally(_ block: @escaping @Sendable () -> Void) -> RACSignal<Value> {
        doTerminal("[\(self.name)] -finally:", error: { _ in block() }, completed: block)
    }

    /// Passes every event on, first calling `error` or `completed` (when
    /// given) on the matching terminal event.
    private func doTerminal(_ name: @autoclosure @escaping () -> String, error: ((any Error) -> Void)?,
                            completed: (() -> Void)?) -> RACSignal<Value> {
        lift(name()) { downstream in
            RACForwardingSink(downstream, onNext: { value, downstream in
                downstream.sendNext(value)
            }, onError: { failure, downstream in
                error?(failure)
                downstream.sendError(failure)
            }, onCompleted: { downstream in
                completed?()
                downstream.sendCompleted()
            })
        }
    }
}

extension RACSignal {
    /// Sends each of the receiver's events as a value: `.next(value)` for
    /// each value, then `.error(error)` or `.completed` as the last value,
    /// followed by completion. The returned signal never fails.
    @_disfavoredOverload
    public func materialize() -> RACSignal<RACEvent<Value>> {
        lift("[\(self.name)] -materialize") { downstream in
            RACForwardingSink(downstream, onNext: { value, downstream in
                downstream.sendNext(.next(value))
            }, onError: { error, downstream in
                downstream.sendNext(.error(error))
                downstream.sendCompleted()
            }, onCompleted: { downstream in
                downstream.sendNext(.completed)
                downstream.sendCompleted()
            })
        }
    }

    /// The reverse of `materialize()`: sends the value of each `.next`
    /// event, and ends with the first `.error` or `.completed` event, which
    /// disposes the subscription to the receiver.
    @_disfavoredOverload
    public func dematerialize<U>() -> RACSignal<U> where Value == RACEvent<U> {
        liftNext("[\(self.name)] -dematerialize") { event, sink in sink.downstream(U.self).send(event) }
    }
}

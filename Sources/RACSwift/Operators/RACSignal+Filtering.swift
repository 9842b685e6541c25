extension RACSignal {
    /// Sends only the values for which `block` returns true.
    @inlinable
    public func filter(_ block: @escaping (Value) -> Bool) -> RACSignal<Value> {
        liftNext("[\(name)] -filter:") { value, downstream in
            if block(value) { downstream.sendNext(value) }
        }
    }

    /// Sends every value that is not equal to `value`.
    @inlinable
    public func ignore(_ value: Value) -> RACSignal<Value> where Value: Equatable {
        filter { $0 != value }
    }
}

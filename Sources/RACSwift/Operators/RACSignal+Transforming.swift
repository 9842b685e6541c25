extension RACSignal {
    /// Sends `block(value)` for each value; terminal events pass through.
    @inlinable
    public func map<U>(_ block: @escaping (Value) -> U) -> RACSignal<U> {
        liftNext("[\(name)] -map:") { value, downstream in downstream.sendNext(block(value)) }
    }

    /// Sends `value` in place of each value.
    @inlinable
    public func mapReplace<U>(_ value: U) -> RACSignal<U> {
        map { _ in value }
    }
}

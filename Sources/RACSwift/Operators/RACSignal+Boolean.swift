extension RACSignal where Value == Bool {
    /// Sends the negation of each value.
    public func not() -> RACSignal<Bool> {
        liftNext("[\(self.name)] -not") { value, sink in sink.downstream(Bool.self).sendNext(!value) }
    }
}

// RAC's `-and` and `-or` read RACTuples of NSNumbers, typically from
// `+combineLatest:`; here they read the `[Bool]` that `combineLatest(_:)`
// and `zip(_:)` send.
extension RACSignal where Value == [Bool] {
    /// Sends, for each array, whether every element is true: RAC's `-and`.
    /// An empty array sends true (RAC asserts on an empty tuple instead).
    public func and() -> RACSignal<Bool> {
        liftNext("[\(self.name)] -and") { values, sink in
            sink.downstream(Bool.self).sendNext(!values.contains(false))
        }
    }

    /// Sends, for each array, whether any element is true: RAC's `-or`.
    /// An empty array sends false (RAC asserts on an empty tuple instead).
    public func or() -> RACSignal<Bool> {
        liftNext("[\(self.name)] -or") { values, sink in
            sink.downstream(Bool.self).sendNext(values.contains(true))
        }
    }
}

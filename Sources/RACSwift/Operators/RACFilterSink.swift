/// The sink of `filter(_:)`: the predicate in a field of its own type, for
/// the reasons `RACMapSink` gives.
@usableFromInline
internal final class RACFilterSink<Value>: RACForwardingSink<Value, Value>, @unchecked Sendable {
    @usableFromInline internal let predicate: (Value) -> Bool

    /// `step` must be `RACFilterSink.step` of the same types, made once by the
    /// operator and passed to each of its sinks (made in unspecialized code,
    /// a closure allocates its generic context).
    @inlinable
    internal init(_ downstream: RACSubscriptionSink<Value>, predicate: @escaping (Value) -> Bool,
                  step: @escaping Step) {
        self.predicate = predicate
        super.init(downstream, step: step)
    }

    /// The step of every filter sink with this type: sends the values that
    /// pass `predicate`.
    @inlinable
    internal static var step: Step {
        { value, sink in
            let sink = unsafeDowncast(sink, to: RACFilterSink.self)
            if sink.predicate(value) { sink.downstream.sendNext(value) }
        }
    }
}

/// The sink of `map(_:)`: a forwarding sink that keeps the user's block in a
/// field of its own type, `(Input) -> Output`.
///
/// Why not a step that captures the block, as other stateless operators'
/// do: a capturing closure is called through a forwarder that unpacks its
/// context, and `map` is the operator most chains are made of. This step
/// captures nothing, so it is called directly, and it finds the block next
/// to the downstream sink in the sink it is given.
@usableFromInline
internal final class RACMapSink<Input, Output>: RACForwardingSink<Input, Output>, @unchecked Sendable {
    @usableFromInline internal let transform: (Input) -> Output

    /// `step` must be `RACMapSink.step` of the same types, made once by the
    /// operator and passed to each of its sinks (made in unspecialized code,
    /// a closure allocates its generic context).
    @inlinable
    internal init(_ downstream: RACSubscriptionSink<Output>, transform: @escaping (Input) -> Output,
                  step: @escaping Step) {
        self.transform = transform
        super.init(downstream, step: step)
    }

    /// The step of every map sink with these types: sends `transform(value)`.
    @inlinable
    internal static var step: Step {
        { value, sink in
            let sink = unsafeDowncast(sink, to: RACMapSink.self)
            sink.downstream.sendNext(sink.transform(value))
        }
    }
}

/// The signal of `map(_:)`: a lifted signal (see `RACLiftedSignal`) that
/// keeps the user's block and the shared step in fields of its own instead
/// of a sink-making closure, so that making one allocates the signal alone
/// (a `flattenMap` block may make one per value).
///
/// Subscribed over a source that sends everything inline (`return`'s
/// signal, or a `map` of it: see `RACSignal.sendInline(to:)`), it sends the
/// mapped value straight to the downstream sink, with no map sink and no
/// compound.
@usableFromInline
internal final class RACMapSignal<Source, Value>: RACSignal<Value>, @unchecked Sendable {
    @usableFromInline internal let source: RACSignal<Source>
    @usableFromInline internal let transform: (Source) -> Value
    /// `RACMapSink<Source, Value>.step`, made by `map` where the types are
    /// known (see `RACMapSink.init`).
    @usableFromInline internal let step: RACMapSink<Source, Value>.Step

    /// Named `[source] -map:` when the name is read.
    @inlinable
    internal init(source: RACSignal<Source>, transform: @escaping (Source) -> Value,
                  step: @escaping RACMapSink<Source, Value>.Step) {
        self.source = source
        self.transform = transform
        self.step = step
        // Unretained: `self.source` keeps it (see `RACSignalName.applied`).
        super.init(named: .applied(suffix: "-map:", to: Unmanaged.passUnretained(source)))
    }

    override class var subscribesSinks: Bool { true }

    override var graphInputs: [any RACGraphNode] { [source] }

    @usableFromInline
    internal override func subscribe(sink downstream: RACSubscriptionSink<Value>) -> RACDisposable {
        if let subscription = source.subscribe(mapping: transform, sink: downstream) { return subscription }
        return racSubscribeLifted(source, downstream) { [transform, step] downstream in
            RACMapSink(downstream, transform: transform, step: step)
        }
    }

    internal override func sendInline(to sink: RACSubscriptionSink<Value>) -> RACInlineEnd? {
        source.sendInline(mapping: transform, to: sink)
    }

    internal override func sendInline<U>(mapping next: (Value) -> U, to sink: RACSubscriptionSink<U>) -> RACInlineEnd? {
        source.sendInline(mapping: { next(transform($0)) }, to: sink)
    }
}

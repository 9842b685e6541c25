/// A sink that several sources may send to at the same time (the sinks of
/// `merge`, `flatten`, `combineLatest`, `zip`, `switchToLatest`,
/// `takeUntil`…), delivering to its downstream sink one event at a time, in
/// one order, without locks.
///
/// Events pass through a `RACSerializer` over the sink's own inline atomic
/// words 0 to 2 (word 4 holds its site record in site mode, word 5 its
/// state): a sender that finds another
/// delivering hands its event over and returns. The first terminal event
/// wins; everything after it is dropped by the downstream sink, which has
/// stopped by then.
@usableFromInline
internal final class RACSerializingSink<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    @usableFromInline internal let downstream: RACSubscriptionSink<Value>

    @inlinable
    internal init(_ downstream: RACSubscriptionSink<Value>) {
        self.downstream = downstream
        super.init()
    }

    /// The gate's serializer, over the sink's inline words 0 to 2. (The
    /// base class's serializer uses the same words, but only for a sink
    /// with `RACSinkState.serializing` set, which a gate never has.)
    @inlinable
    internal var gate: RACSerializer<RACEvent<Value>> {
        RACSerializer(word(0))
    }

    @usableFromInline
    internal override func receiveNext(_ value: Value) {
        gate.perform(.next(value), now: { downstream.sendNext(value) }) { downstream.send($0) }
    }

    @usableFromInline
    internal override func receiveError(_ error: any Error) {
        gate.perform(.error(error), now: { downstream.sendError(error) }) { downstream.send($0) }
    }

    @usableFromInline
    internal override func receiveCompleted() {
        gate.perform(.completed, now: { downstream.sendCompleted() }) { downstream.send($0) }
    }
}

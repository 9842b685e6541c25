import Foundation

/// Receives the source's events for `sample(_:)`, and the sampler's through
/// a `RACSamplerSink`.
///
/// The source and the sampler send from their own threads, racing for the
/// latest value and for the subscriber: both go through a `RACSerializer`
/// over the sink's inline atomic words 0 to 2, whose owner keeps the latest
/// value and sends downstream.
internal final class RACSampleSink<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    enum Operation {
        case latest(Value)
        case sample
        case error(any Error)
        case completed
    }

    let downstream: RACSubscriptionSink<Value>
    /// Owner-only.
    @exclusivity(unchecked) private var latest: Value?

    init(_ downstream: RACSubscriptionSink<Value>) {
        self.downstream = downstream
        super.init()
    }

    /// The sink's own serializer, over its inline words 0 to 2.
    private var gate: RACSerializer<Operation> {
        RACSerializer(word(0))
    }

    override func receiveNext(_ value: Value) {
        gate.perform(.latest(value), now: { latest = value }) { apply($0) }
    }

    override func receiveError(_ error: any Error) {
        perform(.error(error))
    }

    override func receiveCompleted() {
        perform(.completed)
    }

    /// From the sampler's sink.
    func perform(_ operation: Operation) {
        gate.perform(operation, now: { apply(operation) }) { apply($0) }
    }

    private func apply(_ operation: Operation) {
        switch operation {
        case let .latest(value): latest = value
        case .sample: if let latest { downstream.sendNext(latest) }
        case let .error(error): downstream.sendError(error)
        case .completed: downstream.sendCompleted()
        }
    }
}

/// The sampler's sink for `sample(_:)`: each value samples, a terminal event
/// ends the sample.
internal final class RACSamplerSink<Trigger, Value>: RACSubscriptionSink<Trigger>, @unchecked Sendable {
    let sample: RACSampleSink<Value>

    init(_ sample: RACSampleSink<Value>) {
        self.sample = sample
        super.init()
    }

    override func receiveNext(_ value: Trigger) { sample.perform(.sample) }
    override func receiveError(_ error: any Error) { sample.perform(.error(error)) }
    override func receiveCompleted() { sample.perform(.completed) }
}

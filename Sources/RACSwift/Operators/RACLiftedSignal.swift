/// The building block of RACSwift's operators: a signal that subscribes its
/// source with a sink made for each subscription from the downstream sink.
///
/// Where RAC 2.5 builds most operators on `-bind:` (a signal of signals per
/// value), RACSwift builds them on sinks: an operator is a function from the
/// downstream sink to the sink its source sends to. A value then travels
/// down a chain of sinks with one flag check and one call per operator, no
/// lock and no allocation, and disposal travels up it: the downstream's
/// subscription holds the source's subscription, so disposing the one
/// disposes the other, and a terminal event sent downstream disposes both.
@usableFromInline
internal final class RACLiftedSignal<Source, Value>: RACSignal<Value>, @unchecked Sendable {
    @usableFromInline internal let source: RACSignal<Source>
    @usableFromInline internal let makeSink: (RACSubscriptionSink<Value>) -> RACSubscriptionSink<Source>

    @inlinable
    internal init(source: RACSignal<Source>,
                  makeSink: @escaping (RACSubscriptionSink<Value>) -> RACSubscriptionSink<Source>) {
        self.source = source
        self.makeSink = makeSink
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    override var graphInputs: [any RACGraphNode] { [source] }

    @usableFromInline
    internal override func subscribe(sink downstream: RACSubscriptionSink<Value>) -> RACDisposable {
        racSubscribeLifted(source, downstream, makeSink)
    }
}

/// A lifted signal's subscription: `source` subscribed with the sink that
/// `makeSink` builds around `downstream`, both in a new compound that is the
/// downstream sink's subscription. (A free function: a static method of the
/// generic class would look the class's metadata up in unspecialized code.)
@usableFromInline
internal func racSubscribeLifted<Source, Value>(
    _ source: RACSignal<Source>, _ downstream: RACSubscriptionSink<Value>,
    _ makeSink: (RACSubscriptionSink<Value>) -> RACSubscriptionSink<Source>
) -> RACDisposable {
    let subscription = RACCompoundDisposable()
    _ = downstream.bind(to: subscription)
    let upstream = makeSink(downstream)
    // Set before the source is subscribed, so that an early end (take
    // reaching its count while a synchronous source is still inside its
    // own subscribe) stops the upstream sink and disposes the source's
    // subscription at once, instead of once subscribe returns. Held
    // weakly, as the primary sink is: the source keeps it if it sends.
    subscription.setUpstreamSink(upstream)
    // The source's subscription itself, strongly: its cleanup must run
    // when this subscription is disposed, whether or not the source
    // kept the upstream sink.
    subscription.add(source.subscribe(sink: upstream))
    return subscription
}

extension RACSignal {
    /// A signal that, for each subscription, subscribes the receiver with
    /// the sink that `makeSink` builds around the downstream sink.
    @inlinable
    internal func lift<U>(
        _ name: @autoclosure @escaping () -> String,
        _ makeSink: @escaping (_ downstream: RACSubscriptionSink<U>) -> RACSubscriptionSink<Value>
    ) -> RACSignal<U> {
        RACLiftedSignal(source: self, makeSink: makeSink).setName(derivedBy: name)
    }
}

/// A sink that forwards to a downstream sink: the sink of the operators
/// built with `lift` and `liftNext`. `onError` and `onCompleted`, when
/// given, replace the plain pass-through of terminal events. What each value
/// becomes (any number of values, or a terminal event, sent downstream) is
/// said in one of two ways:
///
/// - An operator with no per-subscription state (`liftNext`) writes a step
///   (see `RACSubscriptionSink.step`) once, and every subscription's sink
///   shares it: a value then passes the operator with one call into code
///   specialized for its types. `map` and `filter`, which most chains are
///   made of, go one better with subclasses that keep the user's block in a
///   field (`RACMapSink`, `RACFilterSink`), so that their step captures
///   nothing.
/// - An operator with per-subscription state (a counter, an accumulator)
///   writes an `onNext(value, downstream)` closure over that state in its
///   `lift` block, once per subscription; the sink calls it from
///   `receiveNext(_:)`.
@usableFromInline
internal class RACForwardingSink<Input, Output>: RACSubscriptionSink<Input>, @unchecked Sendable {
    @usableFromInline internal typealias Step = (Input, RACSubscriptionSink<Input>) -> Void

    @usableFromInline internal let downstream: RACSubscriptionSink<Output>
    /// Nil for a sink with a step.
    @usableFromInline internal let onNext: ((Input, RACSubscriptionSink<Output>) -> Void)?
    @usableFromInline internal let onError: ((any Error, RACSubscriptionSink<Output>) -> Void)?
    @usableFromInline internal let onCompleted: ((RACSubscriptionSink<Output>) -> Void)?

    /// A sink whose values go through `step`, which must be written for a
    /// `RACForwardingSink<Input, Output>` (see `downstream(_:)`).
    @inlinable
    internal init(_ downstream: RACSubscriptionSink<Output>,
                  step: @escaping Step,
                  onError: ((any Error, RACSubscriptionSink<Output>) -> Void)? = nil,
                  onCompleted: ((RACSubscriptionSink<Output>) -> Void)? = nil) {
        self.downstream = downstream
        self.onNext = nil
        self.onError = onError
        self.onCompleted = onCompleted
        super.init(step: step)
    }

    /// A sink that calls `onNext` with each value and the downstream sink.
    @inlinable
    internal init(_ downstream: RACSubscriptionSink<Output>,
                  onNext: @escaping (Input, RACSubscriptionSink<Output>) -> Void,
                  onError: ((any Error, RACSubscriptionSink<Output>) -> Void)? = nil,
                  onCompleted: ((RACSubscriptionSink<Output>) -> Void)? = nil) {
        self.downstream = downstream
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        super.init()
    }

    /// Called only for a sink without a step, which has `onNext`.
    @usableFromInline
    internal override func receiveNext(_ value: Input) {
        onNext?(value, downstream)
    }

    @usableFromInline
    internal override func receiveError(_ error: any Error) {
        if let onError { onError(error, downstream) } else { downstream.sendError(error) }
    }

    @usableFromInline
    internal override func receiveCompleted() {
        if let onCompleted { onCompleted(downstream) } else { downstream.sendCompleted() }
    }
}

extension RACSignal {
    /// An operator that needs no per-subscription state: `step` receives
    /// each value and the forwarding sink it arrived at, whose
    /// `downstream(U.self)` is where results go; terminal events pass
    /// through. Every subscription shares the one step.
    @inlinable
    internal func liftNext<U>(
        _ name: @autoclosure @escaping () -> String,
        _ step: @escaping (Value, RACSubscriptionSink<Value>) -> Void
    ) -> RACSignal<U> {
        lift(name()) { downstream in RACForwardingSink(downstream, step: step) }
    }
}

extension RACSubscriptionSink {
    /// For a step of a `RACForwardingSink` (which is given the sink as its
    /// base class): that sink's downstream sink, whose value type `Output`
    /// the step knows.
    ///
    /// Nothing in the types ties `Output` to the sink the step is given: the
    /// operator that writes the step names the type its `liftNext` makes
    /// (a wrong one would be a type confusion). Debug builds check the cast,
    /// and the behaviour tests, which run in debug, go through every step.
    @inlinable @inline(__always)
    internal final func downstream<Output>(_: Output.Type) -> RACSubscriptionSink<Output> {
        unsafeDowncast(self, to: RACForwardingSink<Value, Output>.self).downstream
    }
}

// The building blocks of operators over several signals (concat, merge,
// zip, combineLatest, then, and the flattening, error and termination
// operators):
//
// - `multiSource(_:_:)`, a signal whose subscription subscribes its sources
//   itself, in the order it chooses. Where `lift` subscribes one source with
//   one sink, an operator with several sources (or sources that come and go)
//   needs the subscription's compound disposable to hold them, and may need
//   to skip a source once the subscription has ended (RAC's `merge` and
//   `takeUntil` subscribe nothing more after a terminal event).
// - `chain(_:_:)`, which subscribes one source after another (concat, then,
//   catch, retry, repeat): the values of each pass straight through, and
//   when one ends, the operator's decision names the next source or lets
//   the event through.
//
// Sources that may send at the same time (merge, zip, combineLatest) meet in
// a `RACSerializingSink`, the gate, which delivers one event at a time
// without locks. State that several sources update (zip's queues,
// combineLatest's latest values) lives in captures of a sink behind the gate,
// so only the thread delivering through the gate touches it: it needs no
// atomics of its own, and the gate's serializer publishes it from one
// delivering thread to the next.

/// A signal whose subscription hands the downstream sink and the
/// subscription's compound disposable (the group) to a block that subscribes
/// the sources itself: the building block of operators with several sources
/// or with sources chosen over time. Everything the block adds to the group
/// is disposed with the subscription, and a terminal event sent to the
/// downstream sink disposes the group first.
internal final class RACMultiSourceSignal<Value>: RACSignal<Value>, @unchecked Sendable {
    private let subscribeSources: (_ downstream: RACSubscriptionSink<Value>, _ group: RACCompoundDisposable) -> Void
    /// The signals it is built from, for `graph()`.
    private let sources: RACGraphSources

    init(sources: RACGraphSources,
         _ subscribeSources: @escaping (_ downstream: RACSubscriptionSink<Value>,
                                        _ group: RACCompoundDisposable) -> Void) {
        self.subscribeSources = subscribeSources
        self.sources = sources
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    override var graphInputs: [any RACGraphNode] { sources.nodes }

    override func subscribe(sink downstream: RACSubscriptionSink<Value>) -> RACDisposable {
        let group = RACCompoundDisposable()
        subscribeSources(downstream.bind(to: group), group)
        return group
    }
}

/// The signals a multi-source signal is built from, for `graph()`: one or
/// two held inline, so that building an operator allocates no array for
/// them.
internal enum RACGraphSources {
    case one(any RACGraphNode)
    case two(any RACGraphNode, any RACGraphNode)
    case many([any RACGraphNode])

    internal var nodes: [any RACGraphNode] {
        switch self {
        case .one(let node): return [node]
        case .two(let first, let second): return [first, second]
        case .many(let nodes): return nodes
        }
    }
}

extension RACSignal {
    /// A signal that, for each subscription, calls `subscribeSources` with
    /// the downstream sink and the subscription's group, to which it adds
    /// the subscriptions it makes. Subscription happens on the subscribing
    /// thread, as with `lift`. `sources` are the signals it subscribes (or
    /// the first of them), for `graph()`.
    internal static func multiSource(
        _ name: @autoclosure @escaping () -> String, sources: RACGraphSources,
        _ subscribeSources: @escaping (_ downstream: RACSubscriptionSink<Value>,
                                       _ group: RACCompoundDisposable) -> Void
    ) -> RACSignal<Value> {
        let signal = RACMultiSourceSignal(sources: sources, subscribeSources)
        signal.setName(derivedBy: name)
        return signal
    }

    /// `empty()`, named: what the operators over an array of signals return
    /// for an empty array, and `take(0)`.
    @usableFromInline
    internal static func empty(named name: @autoclosure @escaping () -> String) -> RACSignal<Value> {
        let signal = RACSignal.empty()
        signal.setName(derivedBy: name)
        return signal
    }
}

extension RACForwardingSink where Input == Output {
    /// A sink that passes values on unchanged; `onError` and `onCompleted`,
    /// when given, replace the pass-through of terminal events.
    convenience init(passingTo downstream: RACSubscriptionSink<Output>,
                     onError: ((any Error, RACSubscriptionSink<Output>) -> Void)? = nil,
                     onCompleted: ((RACSubscriptionSink<Output>) -> Void)? = nil) {
        self.init(downstream, onNext: { value, downstream in downstream.sendNext(value) },
                  onError: onError, onCompleted: onCompleted)
    }
}

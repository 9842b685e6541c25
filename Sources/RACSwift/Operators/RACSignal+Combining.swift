// Operators over several signals: concat, merge, zip, combineLatest, then.
//
// They, and the flattening, error and termination operators, are built on
// two blocks defined here:
//
// - `multiSource(_:_:)`, a signal whose subscription subscribes its sources
//   itself, in the order it chooses. Where `lift` subscribes one source with
//   one sink, an operator with several sources (or sources that come and go)
//   needs the subscription's compound disposable to hold them, and may need
//   to skip a source once the subscription has ended (RAC's `merge` and
//   `takeUntil` subscribe nothing more after a terminal event).
// - `chain(_:_:)`, which subscribes one source after another (concat, then,
//   catch, retry, repeat): the values of each pass straight through, and
//   when one ends, a per-subscription decision names the next source or
//   lets the event through.
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
internal final class RACMultiSourceSignal<Value>: RACSignal<Value> {
    private let subscribeSources: (_ downstream: RACSubscriptionSink<Value>, _ group: RACCompoundDisposable) -> Void

    init(_ subscribeSources: @escaping (_ downstream: RACSubscriptionSink<Value>,
                                        _ group: RACCompoundDisposable) -> Void) {
        self.subscribeSources = subscribeSources
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    override func subscribe(sink downstream: RACSubscriptionSink<Value>) -> RACDisposable {
        let group = RACCompoundDisposable()
        subscribeSources(downstream.bind(to: group), group)
        return group
    }
}

extension RACSignal {
    /// A signal that, for each subscription, calls `subscribeSources` with
    /// the downstream sink and the subscription's group, to which it adds
    /// the subscriptions it makes. Subscription happens on the subscribing
    /// thread, as with `lift`.
    internal static func multiSource(
        _ name: String,
        _ subscribeSources: @escaping (_ downstream: RACSubscriptionSink<Value>,
                                       _ group: RACCompoundDisposable) -> Void
    ) -> RACSignal<Value> {
        let signal = RACMultiSourceSignal(subscribeSources)
        signal.name = name
        return signal
    }

    /// `empty()`, named: what the operators over an array of signals return
    /// for an empty array.
    internal static func empty(named name: String) -> RACSignal<Value> {
        let signal = RACSignal.empty()
        signal.name = name
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

// MARK: - One source after another

extension RACSignal {
    /// Subscribes the receiver, and each time the current source ends, asks
    /// the decision that `makeNext` makes for this subscription what comes
    /// next: given the error (nil for completion), it returns the signal to
    /// subscribe next, or nil to send that terminal event on.
    ///
    /// Sources never overlap (the next is subscribed only after the current
    /// one ended), so values go straight to the downstream sink, one hop,
    /// without a gate. The decision runs after one source's end and before
    /// the next source's subscription, so its state needs no atomics.
    ///
    /// Without `rescheduling`, the next source is subscribed at once, on the
    /// thread where the previous one ended (concat, then, catch). With it,
    /// each next subscription is a block scheduled on the current scheduler
    /// of the thread where the first source ended, or on a new background
    /// scheduler if there is none: RAC 2.5's `subscribeForever` for
    /// `repeat` and `retry`. That lets a source that ends during its own
    /// `subscribe` (any synchronous signal) return first, so the whole
    /// subscription is wired up, and a `take(_:)` downstream can end an
    /// endless repetition, before the next attempt starts.
    ///
    /// Subscriptions pass through a `RACSerializer` used as a trampoline: a
    /// source that ends inside its own `subscribe` asks for the next one
    /// from within that call, and the serializer defers that subscription
    /// until the call has returned, so `concat` of many synchronous signals
    /// loops instead of recursing. It also orders each source's
    /// subscription before the next one's when a source ends on another
    /// thread while its `subscribe` is still running.
    internal func chain(
        _ name: String,
        rescheduling: Bool = false,
        _ makeNext: @escaping () -> (_ error: (any Error)?) -> RACSignal<Value>?
    ) -> RACSignal<Value> {
        RACSignal.multiSource(name) { downstream, group in
            let next = makeNext()
            // Holds the subscription to the current source; swapping in the
            // next one lets the previous go without disposing it again (a
            // source that ended has disposed its own subscription).
            let current = RACSerialDisposable()
            group.add(current)
            // Holds the scheduled block that will subscribe the next source,
            // so that disposal cancels it.
            let scheduled = rescheduling ? RACSerialDisposable() : nil
            group.add(scheduled)
            // Chosen once, at the first rescheduling. Like the decision's
            // state, touched only between one source's end and the next
            // subscription.
            var scheduler: RACScheduler?
            let trampoline = RACAtomicCell(count: 2)

            func subscribe(_ source: RACSignal<Value>) {
                RACSerializer(entries: trampoline.word(0), pending: trampoline.word(1))
                    .perform(source, now: { subscribeNow(source) }, subscribeNow)
            }

            // Runs inside the trampoline.
            func subscribeNow(_ source: RACSignal<Value>) {
                guard !downstream.isDisposed else { return }
                current.disposable = source.subscribe(sink: RACForwardingSink(
                    passingTo: downstream,
                    onError: { error, _ in end(error) },
                    onCompleted: { _ in end(nil) }))
            }

            func end(_ error: (any Error)?) {
                guard let source = next(error) else {
                    if let error { downstream.sendError(error) } else { downstream.sendCompleted() }
                    return
                }
                guard let scheduled else { return subscribe(source) }
                let chosen = scheduler ?? RACScheduler.currentScheduler ?? RACScheduler.scheduler()
                scheduler = chosen
                // If the block runs on another thread and its source ends
                // before this assignment, the block scheduled for that end
                // is stored first and then replaced by this spent one; it
                // then escapes cancellation, but a run after disposal finds
                // the subscription disposed in `subscribeNow`.
                scheduled.disposable = chosen.schedule { subscribe(source) }
            }

            subscribe(self)
        }
    }
}

// MARK: - Concatenation

extension RACSignal {
    /// Subscribes to `signals` one after another: each one only after the
    /// previous one completed, and sends their values in that order. Sends
    /// the first error at once (later signals are then never subscribed);
    /// completes after the last one completes. An empty array completes at
    /// once. RAC 2.5's `+concat:`.
    ///
    /// Values are sent on the thread the current signal sends them on; each
    /// next signal is subscribed on the thread where the previous completed.
    public static func concat(_ signals: [RACSignal<Value>]) -> RACSignal<Value> {
        let name = "+concat: [\(signals.map(\.name).joined(separator: ", "))]"
        guard let first = signals.first else { return .empty(named: name) }
        return first.chain(name) {
            var index = 0
            return { error in
                guard error == nil, index + 1 < signals.count else { return nil }
                index += 1
                return signals[index]
            }
        }
    }

    /// Sends the receiver's values, then, once it completed, subscribes to
    /// `signal` and sends its values and its terminal event. An error of the
    /// receiver is sent at once, and `signal` is never subscribed. RAC 2.5's
    /// `-concat:`.
    public func concat(_ signal: RACSignal<Value>) -> RACSignal<Value> {
        let concatenated = RACSignal.concat([self, signal])
        concatenated.name = "[\(name)] -concat: \(signal.name)"
        return concatenated
    }

    /// Ignores the receiver's values; when it completes, calls `block` and
    /// sends the events of the signal it returns. An error of the receiver
    /// is sent at once, and `block` is not called. RAC 2.5's `-then:`
    /// (`ignoreValues` followed by `concat:` of a deferred signal): `block`
    /// runs once per subscription, on the thread where the receiver
    /// completed.
    public func then<U>(_ block: @escaping () -> RACSignal<U>) -> RACSignal<U> {
        // `ignoreValues()` keeps the receiver's type; this drops the values
        // into a signal of `U`, the type `block`'s signal continues with.
        let ignoringValues: RACSignal<U> = liftNext("[\(name)] -ignoreValues") { _, _ in }
        return ignoringValues.chain("[\(name)] -then:") {
            var continued = false
            return { error in
                guard error == nil, !continued else { return nil }
                continued = true
                return block()
            }
        }
    }
}

// MARK: - Merging

extension RACSignal {
    /// Subscribes to all of `signals` at once, in order, and sends every
    /// value any of them sends, one at a time, as they arrive. Sends the
    /// first error at once, which disposes every subscription (a signal
    /// after the failing one in `signals` is not subscribed if the failure
    /// happens during subscription); completes when all of them completed.
    /// An empty array completes at once. RAC 2.5's `+merge:`.
    ///
    /// Values are sent on the thread of the signal that sent them, or, when
    /// two send at the same time, by whichever thread is delivering already.
    public static func merge(_ signals: [RACSignal<Value>]) -> RACSignal<Value> {
        let name = "+merge: [\(signals.map(\.name).joined(separator: ", "))]"
        // As in RAC: `flatten()` of a signal that sends the signals.
        let signalOfSignals = RACSignal<RACSignal<Value>>.multiSource(name) { downstream, _ in
            for signal in signals { downstream.sendNext(signal) }
            downstream.sendCompleted()
        }
        let merged = signalOfSignals.flatten()
        merged.name = name
        return merged
    }

    /// Sends the values of the receiver and of `signal` as they arrive; see
    /// `merge(_:)` for the array. RAC 2.5's `-merge:`.
    public func merge(_ signal: RACSignal<Value>) -> RACSignal<Value> {
        let merged = RACSignal.merge([self, signal])
        merged.name = "[\(name)] -merge: \(signal.name)"
        return merged
    }
}

// MARK: - Zipping and combining

/// A first-in, first-out queue with amortized O(1) `append` and `popFirst`,
/// for state that one thread at a time touches (zip's queues, the signals
/// waiting in `flatten(_:)`). Popped slots are reclaimed in bulk once they
/// make up half the storage, so no pop shifts the others.
internal struct RACFIFO<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    /// The oldest element, without removing it.
    var first: Element? { isEmpty ? nil : storage[head] }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    @discardableResult
    mutating func popFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 16, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}

/// What each source of zip and combineLatest sends to the shared state: its
/// value or its completion, tagged with its position. Errors go to the gate
/// as errors, since any source's error ends the whole.
internal enum RACIndexedEvent<Element> {
    case next(Int, Element)
    case completed(Int)
}

/// A value of one of two types: how `zipWith(_:)` and
/// `combineLatestWith(_:)` run two signals of different types through the
/// state of `zip(_:)` and `combineLatest(_:)`, which hold one type.
internal enum RACEither<Left, Right> {
    case left(Left)
    case right(Right)

    var leftValue: Left {
        guard case .left(let value) = self else { preconditionFailure("expected the left value") }
        return value
    }

    var rightValue: Right {
        guard case .right(let value) = self else { preconditionFailure("expected the right value") }
        return value
    }
}

/// Which way `zip` and `combineLatest` combine: the raw value names the
/// operator.
internal enum RACCombination: String {
    case zip, combineLatest
}

extension RACSignal {
    /// Sends arrays of values of all `signals`, element `i` from
    /// `signals[i]`, combined the `combination` way.
    private static func arrays(_ combination: RACCombination, of signals: [RACSignal<Value>]) -> RACSignal<[Value]> {
        let name = "+\(combination.rawValue): [\(signals.map(\.name).joined(separator: ", "))]"
        return combining(combination, name, signals) { valueOf in signals.indices.map(valueOf) }
    }

    /// Sends tuples of values of the receiver and `signal`, combined the
    /// `combination` way. The two types travel as `RACEither`s through
    /// state that holds one type.
    private func pairs<U>(_ combination: RACCombination, with signal: RACSignal<U>) -> RACSignal<(Value, U)> {
        RACSignal<RACEither<Value, U>>.combining(
            combination, "[\(name)] -\(combination.rawValue)With: \(signal.name)",
            [map(RACEither.left), signal.map(RACEither.right)]
        ) { valueOf in (valueOf(0).leftValue, valueOf(1).rightValue) }
    }

    /// Subscribes `sources` in order; each sends its values and completion,
    /// tagged with its position, through one gate to the state of the
    /// `combination`, which sends `output` of the values it picks (read
    /// through the function `output` is given) to the downstream sink. An
    /// error of any source is sent on at once. The state runs for one event
    /// at a time, so its captures need no synchronization.
    private static func combining<Output>(
        _ combination: RACCombination, _ name: String, _ sources: [RACSignal<Value>],
        _ output: @escaping (_ valueOf: (Int) -> Value) -> Output
    ) -> RACSignal<Output> {
        guard !sources.isEmpty else { return .empty(named: name) }
        return RACSignal<Output>.multiSource(name) { downstream, group in
            let state = combination == .zip
                ? zipState(count: sources.count, output)
                : combineLatestState(count: sources.count, output)
            let gate = RACSerializingSink(RACForwardingSink(downstream, onNext: state))
            for (index, source) in sources.enumerated() {
                guard !downstream.isDisposed else { return }
                group.add(source.subscribe(sink: RACForwardingSink<Value, RACIndexedEvent<Value>>(
                    gate,
                    onNext: { value, gate in gate.sendNext(.next(index, value)) },
                    onCompleted: { gate in gate.sendNext(.completed(index)) })))
            }
        }
    }

    /// Zip's state for one subscription: a queue per source. Once every
    /// queue holds a value, sends `output` of their oldest values and
    /// drops those. Completes as soon as a source has completed and its
    /// queue is empty, since no further tuple can form.
    private static func zipState<Output>(
        count: Int, _ output: @escaping (_ valueOf: (Int) -> Value) -> Output
    ) -> (RACIndexedEvent<Value>, RACSubscriptionSink<Output>) -> Void {
        var queues = [RACFIFO<Value>](repeating: RACFIFO(), count: count)
        var completed = [Bool](repeating: false, count: count)
        // How many queues hold a value: a tuple forms when all do.
        var filled = 0
        return { event, downstream in
            switch event {
            case .next(let index, let value):
                if queues[index].isEmpty { filled += 1 }
                queues[index].append(value)
                guard filled == count else { return }
                let tuple = output { queues[$0].first! }
                for index in 0..<count {
                    queues[index].popFirst()
                    if queues[index].isEmpty { filled -= 1 }
                }
                downstream.sendNext(tuple)
                if (0..<count).contains(where: { completed[$0] && queues[$0].isEmpty }) {
                    downstream.sendCompleted()
                }
            case .completed(let index):
                completed[index] = true
                if queues[index].isEmpty { downstream.sendCompleted() }
            }
        }
    }

    /// combineLatest's state for one subscription: the latest value of each
    /// source. Once every source has sent one, sends `output` of them on
    /// every value. Completes when all sources completed.
    private static func combineLatestState<Output>(
        count: Int, _ output: @escaping (_ valueOf: (Int) -> Value) -> Output
    ) -> (RACIndexedEvent<Value>, RACSubscriptionSink<Output>) -> Void {
        // Optional even when `Value` is: `.some(nil)` is a nil sent.
        var latest = [Value?](repeating: nil, count: count)
        var sent = 0, completed = 0
        return { event, downstream in
            switch event {
            case .next(let index, let value):
                if latest[index] == nil { sent += 1 }
                latest[index] = value
                if sent == count { downstream.sendNext(output { latest[$0]! }) }
            case .completed:
                completed += 1
                if completed == count { downstream.sendCompleted() }
            }
        }
    }

    /// Sends arrays of the n-th values of all `signals`, once each of them
    /// has sent its n-th value: element `i` comes from `signals[i]`.
    /// Completes as soon as one of them has completed and all its values
    /// were sent in arrays; sends the first error at once. An empty array
    /// completes at once. RAC 2.5's `+zip:`, with an array for the tuple.
    ///
    /// Each array is sent on the thread of the signal whose value completed
    /// it (or by a thread delivering already); values of a fast signal wait
    /// in a queue for the others.
    public static func zip(_ signals: [RACSignal<Value>]) -> RACSignal<[Value]> {
        arrays(.zip, of: signals)
    }

    /// Sends a tuple of the n-th values of the receiver and `signal` once
    /// both have sent their n-th value; completes as soon as one of them has
    /// completed and all its values were paired; sends the first error at
    /// once. RAC 2.5's `-zipWith:`.
    public func zipWith<U>(_ signal: RACSignal<U>) -> RACSignal<(Value, U)> {
        pairs(.zip, with: signal)
    }

    /// Once every one of `signals` has sent a value, sends an array of the
    /// latest value of each (element `i` from `signals[i]`), then a new
    /// array on every value any of them sends. Completes when all of them
    /// completed; sends the first error at once. An empty array completes at
    /// once. RAC 2.5's `+combineLatest:`, with an array for the tuple.
    ///
    /// Each array is sent on the thread of the signal whose value caused it,
    /// or by a thread delivering already.
    public static func combineLatest(_ signals: [RACSignal<Value>]) -> RACSignal<[Value]> {
        arrays(.combineLatest, of: signals)
    }

    /// Once both the receiver and `signal` have sent a value, sends a tuple
    /// of the latest value of each, then a new tuple on every value either
    /// sends. Completes when both completed; sends the first error at once.
    /// RAC 2.5's `-combineLatestWith:`.
    public func combineLatestWith<U>(_ signal: RACSignal<U>) -> RACSignal<(Value, U)> {
        pairs(.combineLatest, with: signal)
    }
}

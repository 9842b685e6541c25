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
    internal func pairs<U>(_ combination: RACCombination, with signal: RACSignal<U>) -> RACSignal<(Value, U)> {
        RACSignal<RACEither<Value, U>>.combining(
            combination, "[\(self.name)] -\(combination.rawValue)With: \(signal.name)",
            [map(racSendable(RACEither.left)), signal.map(racSendable(RACEither.right))]
        ) { valueOf in (valueOf(0).leftValue, valueOf(1).rightValue) }
    }

    /// Subscribes `sources` in order; each sends its values and completion,
    /// tagged with its position, through one gate to the state of the
    /// `combination`, which sends `output` of the values it picks (read
    /// through the function `output` is given) to the downstream sink. An
    /// error of any source is sent on at once. The state runs for one event
    /// at a time, so its captures need no synchronization.
    private static func combining<Output>(
        _ combination: RACCombination, _ name: @autoclosure @escaping () -> String, _ sources: [RACSignal<Value>],
        _ output: @escaping (_ valueOf: (Int) -> Value) -> Output
    ) -> RACSignal<Output> {
        guard !sources.isEmpty else { return .empty(named: name()) }
        return RACSignal<Output>.multiSource(name(), sources: .many(sources)) { downstream, group in
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
    @_disfavoredOverload
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
    @_disfavoredOverload
    public func combineLatestWith<U>(_ signal: RACSignal<U>) -> RACSignal<(Value, U)> {
        pairs(.combineLatest, with: signal)
    }
}

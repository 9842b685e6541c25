extension RACSignal {
    /// Combines all values into one, `reduce(reduce(start, first), second)`
    /// and so on, and sends the result when the receiver completes, then
    /// completes. If the receiver sends no values, sends `start`. An error
    /// is passed on and nothing is sent. Each subscription starts again
    /// from `start`.
    public func aggregateWithStart<R>(_ start: R, reduce: @escaping @Sendable (R, Value) -> R) -> RACSignal<R> {
        aggregate("[\(self.name)] -aggregateWithStart:reduce:", from: { start }) { running, value, _ in
            running = reduce(running, value)
        }
    }

    /// `aggregateWithStart(_:reduce:)` whose `reduce` is also given each
    /// value's index, from 0: RAC 2.5's `-aggregateWithStart:reduceWithIndex:`.
    public func aggregateWithStart<R>(_ start: R,
                                      reduceWithIndex reduce: @escaping @Sendable (R, Value, Int) -> R) -> RACSignal<R> {
        aggregate("[\(self.name)] -aggregateWithStart:reduceWithIndex:", from: { start }) { running, value, index in
            running = reduce(running, value, index)
        }
    }

    /// `aggregateWithStart(_:reduce:)` starting each subscription from a
    /// fresh `startFactory()` (for a start that is an object to mutate):
    /// RAC 2.5's `-aggregateWithStartFactory:reduce:`.
    public func aggregateWithStartFactory<R>(_ startFactory: @escaping @Sendable () -> R,
                                             reduce: @escaping @Sendable (R, Value) -> R) -> RACSignal<R> {
        aggregate("[\(self.name)] -aggregateWithStartFactory:reduce:", from: startFactory) { running, value, _ in
            running = reduce(running, value)
        }
    }

    /// Sends one array of all values, in order, when the receiver completes,
    /// then completes; an empty array if there were none. An error is passed
    /// on and nothing is sent.
    public func collect() -> RACSignal<[Value]> {
        aggregate("[\(self.name)] -collect", from: { [] }) { values, value, _ in values.append(value) }
    }

    /// Sends true and completes at the receiver's first value, disposing the
    /// subscription to it; sends false and completes if the receiver ends
    /// without a value. As in RAC, an error counts as the end: it sends
    /// false and completes instead of failing.
    public func any() -> RACSignal<Bool> {
        decide("[\(self.name)] -any", at: { _ in true }, sending: true, atEnd: false)
    }

    /// Sends true and completes at the first value that passes `predicate`,
    /// disposing the subscription to the receiver; sends false and completes
    /// if the receiver ends (completes or, as in RAC, fails) without one.
    public func any(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSignal<Bool> {
        decide("[\(self.name)] -any:", at: predicate, sending: true, atEnd: false)
    }

    /// Sends false and completes at the first value that fails `predicate`,
    /// disposing the subscription to the receiver; sends true and completes
    /// if the receiver completes without one. As in RAC, an error sends
    /// false and completes instead of failing.
    public func all(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSignal<Bool> {
        decide("[\(self.name)] -all:", at: { !predicate($0) }, sending: false, atEnd: true)
    }

    /// Folds each value into a per-subscription copy of `start` with
    /// `update`, which may mutate it in place (so `collect()` appends in
    /// amortized O(1) instead of copying the array for each value), and
    /// sends the result on completion.
    private func aggregate<R>(_ name: @autoclosure @escaping () -> String, from start: @escaping () -> R,
                              _ update: @escaping (inout R, Value, Int) -> Void) -> RACSignal<R> {
        lift(name()) { downstream in
            // Per subscription; touched only by the serialized deliveries.
            var result = start()
            var index = 0
            return RACForwardingSink(downstream, onNext: { value, _ in
                update(&result, value, index)
                index += 1
            }, onCompleted: { downstream in
                downstream.sendNext(result)
                downstream.sendCompleted()
            })
        }
    }

    /// Sends one Bool and completes: `decision` at the first value for which
    /// `decides` is true, `atEnd` if the receiver completes first, and false
    /// if it fails first (RAC builds `-any:` and `-all:` on `-materialize`,
    /// where an error is just another last event).
    private func decide(_ name: @autoclosure @escaping () -> String, at decides: @escaping (Value) -> Bool,
                        sending decision: Bool, atEnd: Bool) -> RACSignal<Bool> {
        lift(name()) { downstream in
            RACForwardingSink(downstream, onNext: { value, downstream in
                guard decides(value) else { return }
                downstream.sendNext(decision)
                downstream.sendCompleted()
            }, onError: { _, downstream in
                downstream.sendNext(false)
                downstream.sendCompleted()
            }, onCompleted: { downstream in
                downstream.sendNext(atEnd)
                downstream.sendCompleted()
            })
        }
    }
}

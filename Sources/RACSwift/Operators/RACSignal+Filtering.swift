extension RACSignal {
    /// Sends only the values for which `block` returns true.
    @inlinable
    @_disfavoredOverload
    public func filter(_ block: @escaping @Sendable (Value) -> Bool) -> RACSignal<Value> {
        // One step for every subscription; each sink holds the block.
        let step = RACFilterSink<Value>.step
        return lift("[\(self.name)] -filter:") { downstream in RACFilterSink(downstream, predicate: block, step: step) }
    }

    /// Sends every value that is not equal to `value`.
    @inlinable
    @_disfavoredOverload
    public func ignore(_ value: Value) -> RACSignal<Value> where Value: Equatable {
        filter(racSendable { $0 != value })
    }

    /// Sends no values: only the receiver's error or completion.
    @inlinable
    @_disfavoredOverload
    public func ignoreValues() -> RACSignal<Value> {
        liftNext("[\(self.name)] -ignoreValues") { _, _ in }
    }

    /// Sends the first `count` values, then completes, which disposes the
    /// subscription to the receiver at once. `take(0)` is `empty()`: it
    /// completes without subscribing to the receiver at all, as in RAC.
    @inlinable
    @_disfavoredOverload
    public func take(_ count: Int) -> RACSignal<Value> {
        guard count >= 0 else { racMisuse("take(_:) needs a count of 0 or more, not \(count)") }
        guard count > 0 else { return .empty(named: "[\(self.name)] -take: 0") }
        return lift("[\(self.name)] -take: \(count)") { downstream in
            var remaining = count
            return RACForwardingSink(downstream, onNext: { value, downstream in
                remaining -= 1
                downstream.sendNext(value)
                if remaining == 0 { downstream.sendCompleted() }
            })
        }
    }

    /// Skips the first `count` values, then sends the rest.
    @inlinable
    @_disfavoredOverload
    public func skip(_ count: Int) -> RACSignal<Value> {
        guard count >= 0 else { racMisuse("skip(_:) needs a count of 0 or more, not \(count)") }
        return lift("[\(self.name)] -skip: \(count)") { downstream in
            var remaining = count
            return RACForwardingSink(downstream, onNext: { value, downstream in
                if remaining > 0 {
                    remaining -= 1
                } else {
                    downstream.sendNext(value)
                }
            })
        }
    }

    /// Holds the last `count` values, and when the receiver completes, sends
    /// them, oldest first, then completes. An error is passed on at once and
    /// the held values are dropped.
    public func takeLast(_ count: Int) -> RACSignal<Value> {
        guard count >= 0 else { racMisuse("takeLast(_:) needs a count of 0 or more, not \(count)") }
        return lift("[\(self.name)] -takeLast: \(count)") { downstream in
            // A ring: once full, `oldest` is where the next value overwrites
            // the oldest one, so each value costs O(1), not a shift.
            var held: [Value] = []
            var oldest = 0
            return RACForwardingSink(downstream, onNext: { value, _ in
                guard count > 0 else { return }
                if held.count < count {
                    held.append(value)
                } else {
                    held[oldest] = value
                    oldest = (oldest + 1) % count
                }
            }, onCompleted: { downstream in
                for value in held[oldest...] { downstream.sendNext(value) }
                for value in held[..<oldest] { downstream.sendNext(value) }
                downstream.sendCompleted()
            })
        }
    }

    /// Sends values until `predicate` returns true for one, then completes
    /// without sending that one, which disposes the subscription to the
    /// receiver.
    public func takeUntilBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSignal<Value> {
        liftNext("[\(self.name)] -takeUntilBlock:") { value, sink in
            if predicate(value) {
                sink.downstream(Value.self).sendCompleted()
            } else {
                sink.downstream(Value.self).sendNext(value)
            }
        }
    }

    /// Sends values while `predicate` returns true, then completes at the
    /// first value for which it returns false, without sending it.
    @_disfavoredOverload
    public func takeWhileBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSignal<Value> {
        let signal = takeUntilBlock { !predicate($0) }
        signal.setName(derivedBy: { "[\(self.name)] -takeWhileBlock:" })
        return signal
    }

    /// Skips values until `predicate` returns true for one, then sends that
    /// one and every later value without asking `predicate` again.
    public func skipUntilBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSignal<Value> {
        lift("[\(self.name)] -skipUntilBlock:") { downstream in
            var skipping = true
            return RACForwardingSink(downstream, onNext: { value, downstream in
                if skipping {
                    guard predicate(value) else { return }
                    skipping = false
                }
                downstream.sendNext(value)
            })
        }
    }

    /// Skips values while `predicate` returns true, then sends the first
    /// value for which it returns false and every later value.
    @_disfavoredOverload
    public func skipWhileBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSignal<Value> {
        let signal = skipUntilBlock { !predicate($0) }
        signal.setName(derivedBy: { "[\(self.name)] -skipWhileBlock:" })
        return signal
    }

    /// Sends a value only if it differs from the value sent before it; the
    /// first value is always sent. Each subscription compares afresh.
    @inlinable
    @_disfavoredOverload
    public func distinctUntilChanged() -> RACSignal<Value> where Value: Equatable {
        lift("[\(self.name)] -distinctUntilChanged") { downstream in
            // Optional even when `Value` is: `.some(nil)` is a sent nil.
            var last: Value?
            return RACForwardingSink(downstream, onNext: { value, downstream in
                if let last, last == value { return }
                last = value
                downstream.sendNext(value)
            })
        }
    }
}

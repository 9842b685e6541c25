extension RACSignal {
    /// Sends `block(value)` for each value; terminal events pass through.
    @inlinable
    @_disfavoredOverload
    public func map<U>(_ block: @escaping @Sendable (Value) -> U) -> RACSignal<U> {
        // One step for every subscription; each sink holds the block.
        let step = RACMapSink<Value, U>.step
        return RACMapSignal(source: self, transform: block, step: step)
    }

    /// Sends `value` in place of each value.
    @inlinable
    @_disfavoredOverload
    public func mapReplace<U>(_ value: U) -> RACSignal<U> {
        map(racSendable { _ in value })
    }

    /// On a signal of tuples, sends `block` applied to each tuple's elements:
    /// RAC's `-reduceEach:`, for tuples of any size (what `zipWith(_:)`,
    /// `combineLatestWith(_:)` and the tuple forms of `zip` and
    /// `combineLatest` send).
    @inlinable
    @_disfavoredOverload
    public func reduceEach<each T, R>(_ block: @escaping @Sendable (repeat each T) -> R) -> RACSignal<R>
        where Value == (repeat each T) {
        liftNext("[\(self.name)] -reduceEach:") { value, sink in
            sink.downstream(R.self).sendNext(block(repeat each value))
        }
    }

    /// `reduceEach(_:)` on `(key:value:)` pairs, such as a dictionary's (a
    /// labeled tuple is a type of its own in Swift, which the tuples of any
    /// size above do not match).
    @inlinable
    @_disfavoredOverload
    public func reduceEach<K, V, R>(_ block: @escaping @Sendable (K, V) -> R) -> RACSignal<R>
        where Value == (key: K, value: V) {
        map { block($0.key, $0.value) }.setName(derivedBy: { "[\(self.name)] -reduceEach:" })
    }

    /// On a signal of arrays (what `RACSignal.combineLatest([…])` and
    /// `RACSignal.zip([…])` send), `reduceEach` could only learn the arrays'
    /// length at run time, where RAC 2.5's tuples would have been short or
    /// long without a word: unavailable, naming the forms that check it at
    /// compile time. (Without this declaration, Swift 6.3 fails to produce
    /// any diagnostic for such a call.)
    @available(*, unavailable, message: """
        reduceEach needs tuples, and RACSignal.combineLatest([a, b]) and zip([a, b]) send arrays: \
        write RACSignal.combineLatest(a, b).reduceEach { x, y in … } \
        or RACSignal.combineLatest(a, b, reduce: { x, y in … }) (2 to 6 signals; zip likewise)
        """)
    public func reduceEach<T, each U, R>(_ block: @escaping @Sendable (T, repeat each U) -> R) -> RACSignal<R>
        where Value == [T] {
        racMisuse("reduceEach on arrays") // never called: unavailable
    }

    /// On a signal of tuples whose first element is a function, sends that
    /// function applied to the tuple's other elements: RAC's `-reduceApply`,
    /// for functions of one to five arguments. (One overload per arity:
    /// Swift cannot split a tuple into its head and a parameter pack.)
    @inlinable
    public func reduceApply<A, R>() -> RACSignal<R> where Value == ((A) -> R, A) {
        reduceApplying { $0.0($0.1) }
    }

    /// `reduceApply()` for functions of two arguments.
    @inlinable
    public func reduceApply<A, B, R>() -> RACSignal<R> where Value == ((A, B) -> R, A, B) {
        reduceApplying { $0.0($0.1, $0.2) }
    }

    /// `reduceApply()` for functions of three arguments.
    @inlinable
    public func reduceApply<A, B, C, R>() -> RACSignal<R> where Value == ((A, B, C) -> R, A, B, C) {
        reduceApplying { $0.0($0.1, $0.2, $0.3) }
    }

    /// `reduceApply()` for functions of four arguments.
    @inlinable
    public func reduceApply<A, B, C, D, R>() -> RACSignal<R>
        where Value == ((A, B, C, D) -> R, A, B, C, D) {
        reduceApplying { $0.0($0.1, $0.2, $0.3, $0.4) }
    }

    /// `reduceApply()` for functions of five arguments.
    @inlinable
    public func reduceApply<A, B, C, D, E, R>() -> RACSignal<R>
        where Value == ((A, B, C, D, E) -> R, A, B, C, D, E) {
        reduceApplying { $0.0($0.1, $0.2, $0.3, $0.4, $0.5) }
    }

    // The same for `@Sendable` functions, which a Swift 6 closure literal
    // often is: `@Sendable (A) -> R` is another type than `(A) -> R`, and a
    // same-type requirement does not convert one into the other. Where a
    // literal could be either (`RACSignal.return(({ @Sendable … }, 1))`),
    // both would apply, to the same effect: disfavoured, these give way.

    /// `reduceApply()` for `@Sendable` functions of one argument.
    @inlinable
    @_disfavoredOverload
    public func reduceApply<A, R>() -> RACSignal<R> where Value == (@Sendable (A) -> R, A) {
        reduceApplying { $0.0($0.1) }
    }

    /// `reduceApply()` for `@Sendable` functions of two arguments.
    @inlinable
    @_disfavoredOverload
    public func reduceApply<A, B, R>() -> RACSignal<R> where Value == (@Sendable (A, B) -> R, A, B) {
        reduceApplying { $0.0($0.1, $0.2) }
    }

    /// `reduceApply()` for `@Sendable` functions of three arguments.
    @inlinable
    @_disfavoredOverload
    public func reduceApply<A, B, C, R>() -> RACSignal<R> where Value == (@Sendable (A, B, C) -> R, A, B, C) {
        reduceApplying { $0.0($0.1, $0.2, $0.3) }
    }

    /// `reduceApply()` for `@Sendable` functions of four arguments.
    @inlinable
    @_disfavoredOverload
    public func reduceApply<A, B, C, D, R>() -> RACSignal<R>
        where Value == (@Sendable (A, B, C, D) -> R, A, B, C, D) {
        reduceApplying { $0.0($0.1, $0.2, $0.3, $0.4) }
    }

    /// `reduceApply()` for `@Sendable` functions of five arguments.
    @inlinable
    @_disfavoredOverload
    public func reduceApply<A, B, C, D, E, R>() -> RACSignal<R>
        where Value == (@Sendable (A, B, C, D, E) -> R, A, B, C, D, E) {
        reduceApplying { $0.0($0.1, $0.2, $0.3, $0.4, $0.5) }
    }

    /// `reduceApply()`'s signal: `apply` of each tuple, under RAC's name.
    @inlinable
    internal func reduceApplying<R>(_ apply: @escaping @Sendable (Value) -> R) -> RACSignal<R> {
        map(apply).setName(derivedBy: { "[\(self.name)] -reduceApply" })
    }

    /// Sends `block(value)` for each value until `block` throws; the thrown
    /// error then becomes the signal's error, which disposes the subscription
    /// to the receiver. RAC's `-tryMap:`, with Swift's `throws` in place of
    /// a nil result and an `NSError **`.
    @inlinable
    public func tryMap<U>(_ block: @escaping @Sendable (Value) throws -> U) -> RACSignal<U> {
        liftNext("[\(self.name)] -tryMap:") { value, sink in
            let downstream = sink.downstream(U.self)
            do {
                downstream.sendNext(try block(value))
            } catch {
                downstream.sendError(error)
            }
        }
    }

    /// Passes each value on once `block` accepted it, by returning; a thrown
    /// error becomes the signal's error instead. RAC's `-try:`, with
    /// Swift's `throws` in place of a NO result and an `NSError **`.
    @inlinable
    public func `try`(_ block: @escaping @Sendable (Value) throws -> Void) -> RACSignal<Value> {
        let tried: RACSignal<Value> = tryMap { value in
            try block(value)
            return value
        }
        return tried.setName(derivedBy: { "[\(self.name)] -try:" })
    }

    /// Sends, for each value, the running result of combining it with the
    /// previous result: `reduce(start, first)`, then `reduce(that, second)`,
    /// and so on. Each subscription starts again from `start`.
    @inlinable
    @_disfavoredOverload
    public func scanWithStart<R>(_ start: R, reduce: @escaping @Sendable (R, Value) -> R) -> RACSignal<R> {
        scan("[\(self.name)] -scanWithStart:reduce:", from: start) { running, value, _ in reduce(running, value) }
    }

    /// `scanWithStart(_:reduce:)` whose `reduce` is also given each value's
    /// index, from 0: RAC 2.5's `-scanWithStart:reduceWithIndex:`.
    @inlinable
    @_disfavoredOverload
    public func scanWithStart<R>(_ start: R,
                                 reduceWithIndex reduce: @escaping @Sendable (R, Value, Int) -> R) -> RACSignal<R> {
        scan("[\(self.name)] -scanWithStart:reduceWithIndex:", from: start, reduce)
    }

    /// The running results of `reduce`, from `start` anew for each
    /// subscription.
    @inlinable
    internal func scan<R>(_ name: @autoclosure @escaping () -> String, from start: R,
                          _ reduce: @escaping (R, Value, Int) -> R) -> RACSignal<R> {
        lift(name()) { downstream in
            // Per subscription; touched only by the serialized deliveries.
            var running = start
            var index = 0
            return RACForwardingSink(downstream, onNext: { value, downstream in
                running = reduce(running, value, index)
                index += 1
                downstream.sendNext(running)
            })
        }
    }

    /// Sends, for each value, `reduce(previous, value)`, where `previous` is
    /// the value before it (`start` for the first one). Each subscription
    /// starts again from `start`.
    @inlinable
    @_disfavoredOverload
    public func combinePreviousWithStart<R>(_ start: Value,
                                            reduce: @escaping @Sendable (Value, Value) -> R) -> RACSignal<R> {
        lift("[\(self.name)] -combinePreviousWithStart:reduce:") { downstream in
            var previous = start
            return RACForwardingSink(downstream, onNext: { value, downstream in
                let combined = reduce(previous, value)
                previous = value
                downstream.sendNext(combined)
            })
        }
    }

    /// Sends `value` first, then the receiver's events: RAC's `-startWith:`
    /// (`+return:` followed by `-concat:`). `value` is delivered the way
    /// `return(_:)` delivers it, through the subscription scheduler.
    public func startWith(_ value: Value) -> RACSignal<Value> {
        let signal = RACSignal.return(value).concat(self, at: nil)
        signal.setName(derivedBy: { "[\(self.name)] -startWith:" })
        return signal
    }
}

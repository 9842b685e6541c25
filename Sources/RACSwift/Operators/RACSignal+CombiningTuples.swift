// RAC 2.5's `+combineLatest:reduce:` and `+zip:reduce:` for 2 to 6 signals
// of different value types, with the values reduced or as a tuple. Both
// build each arity from the one before and one more signal, paired by
// `combineLatestWith(_:)` or `zipWith(_:)`, whose semantics compose: the
// whole sends when the pair does, completes when the pair does, and fails
// with the first error. One piece per arity (`combined`, over
// `RACCombination`) serves both.

extension RACSignal {
    /// The values of the signals, paired the `combination` way, arity by
    /// arity, and reduced by `reduce`.
    internal static func combined<A, B>(
        _ combination: RACCombination, _ a: RACSignal<A>, _ b: RACSignal<B>,
        reduce: @escaping (A, B) -> Value
    ) -> RACSignal<Value> {
        a.pairs(combination, with: b).map(racSendable { reduce($0.0, $0.1) })
    }

    internal static func combined<A, B, C>(
        _ combination: RACCombination, _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>,
        reduce: @escaping (A, B, C) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B)>.combined(combination, a, b, reduce: { ($0, $1) })
            .pairs(combination, with: c).map(racSendable { reduce($0.0.0, $0.0.1, $0.1) })
    }

    internal static func combined<A, B, C, D>(
        _ combination: RACCombination, _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>,
        reduce: @escaping (A, B, C, D) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C)>.combined(combination, a, b, c, reduce: { ($0, $1, $2) })
            .pairs(combination, with: d).map(racSendable { reduce($0.0.0, $0.0.1, $0.0.2, $0.1) })
    }

    internal static func combined<A, B, C, D, E>(
        _ combination: RACCombination, _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>,
        reduce: @escaping (A, B, C, D, E) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C, D)>.combined(combination, a, b, c, d, reduce: { ($0, $1, $2, $3) })
            .pairs(combination, with: e).map(racSendable { reduce($0.0.0, $0.0.1, $0.0.2, $0.0.3, $0.1) })
    }

    internal static func combined<A, B, C, D, E, F>(
        _ combination: RACCombination, _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>,
        reduce: @escaping (A, B, C, D, E, F) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C, D, E)>.combined(combination, a, b, c, d, e, reduce: { ($0, $1, $2, $3, $4) })
            .pairs(combination, with: f).map(racSendable { reduce($0.0.0, $0.0.1, $0.0.2, $0.0.3, $0.0.4, $0.1) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 2 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>,
        reduce: @escaping @Sendable (A, B) -> Value
    ) -> RACSignal<Value> {
        combined(.combineLatest, a, b, reduce: reduce)
    }

    /// `combineLatest(_:…reduce:)` for 2 signals, the values as a tuple.
    public static func combineLatest<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>
    ) -> RACSignal<Value> where Value == (A, B) {
        combined(.combineLatest, a, b, reduce: { ($0, $1) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 3 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>,
        reduce: @escaping @Sendable (A, B, C) -> Value
    ) -> RACSignal<Value> {
        combined(.combineLatest, a, b, c, reduce: reduce)
    }

    /// `combineLatest(_:…reduce:)` for 3 signals, the values as a tuple.
    public static func combineLatest<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>
    ) -> RACSignal<Value> where Value == (A, B, C) {
        combined(.combineLatest, a, b, c, reduce: { ($0, $1, $2) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 4 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>,
        reduce: @escaping @Sendable (A, B, C, D) -> Value
    ) -> RACSignal<Value> {
        combined(.combineLatest, a, b, c, d, reduce: reduce)
    }

    /// `combineLatest(_:…reduce:)` for 4 signals, the values as a tuple.
    public static func combineLatest<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>
    ) -> RACSignal<Value> where Value == (A, B, C, D) {
        combined(.combineLatest, a, b, c, d, reduce: { ($0, $1, $2, $3) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 5 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B, C, D, E>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>,
        reduce: @escaping @Sendable (A, B, C, D, E) -> Value
    ) -> RACSignal<Value> {
        combined(.combineLatest, a, b, c, d, e, reduce: reduce)
    }

    /// `combineLatest(_:…reduce:)` for 5 signals, the values as a tuple.
    public static func combineLatest<A, B, C, D, E>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>
    ) -> RACSignal<Value> where Value == (A, B, C, D, E) {
        combined(.combineLatest, a, b, c, d, e, reduce: { ($0, $1, $2, $3, $4) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 6 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B, C, D, E, F>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>,
        reduce: @escaping @Sendable (A, B, C, D, E, F) -> Value
    ) -> RACSignal<Value> {
        combined(.combineLatest, a, b, c, d, e, f, reduce: reduce)
    }

    /// `combineLatest(_:…reduce:)` for 6 signals, the values as a tuple.
    public static func combineLatest<A, B, C, D, E, F>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>
    ) -> RACSignal<Value> where Value == (A, B, C, D, E, F) {
        combined(.combineLatest, a, b, c, d, e, f, reduce: { ($0, $1, $2, $3, $4, $5) })
    }

    /// RAC 2.5's `+zip:reduce:` for 2 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>,
        reduce: @escaping @Sendable (A, B) -> Value
    ) -> RACSignal<Value> {
        combined(.zip, a, b, reduce: reduce)
    }

    /// `zip(_:…reduce:)` for 2 signals, the values as a tuple.
    public static func zip<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>
    ) -> RACSignal<Value> where Value == (A, B) {
        combined(.zip, a, b, reduce: { ($0, $1) })
    }

    /// RAC 2.5's `+zip:reduce:` for 3 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>,
        reduce: @escaping @Sendable (A, B, C) -> Value
    ) -> RACSignal<Value> {
        combined(.zip, a, b, c, reduce: reduce)
    }

    /// `zip(_:…reduce:)` for 3 signals, the values as a tuple.
    public static func zip<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>
    ) -> RACSignal<Value> where Value == (A, B, C) {
        combined(.zip, a, b, c, reduce: { ($0, $1, $2) })
    }

    /// RAC 2.5's `+zip:reduce:` for 4 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>,
        reduce: @escaping @Sendable (A, B, C, D) -> Value
    ) -> RACSignal<Value> {
        combined(.zip, a, b, c, d, reduce: reduce)
    }

    /// `zip(_:…reduce:)` for 4 signals, the values as a tuple.
    public static func zip<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>
    ) -> RACSignal<Value> where Value == (A, B, C, D) {
        combined(.zip, a, b, c, d, reduce: { ($0, $1, $2, $3) })
    }

    /// RAC 2.5's `+zip:reduce:` for 5 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B, C, D, E>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>,
        reduce: @escaping @Sendable (A, B, C, D, E) -> Value
    ) -> RACSignal<Value> {
        combined(.zip, a, b, c, d, e, reduce: reduce)
    }

    /// `zip(_:…reduce:)` for 5 signals, the values as a tuple.
    public static func zip<A, B, C, D, E>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>
    ) -> RACSignal<Value> where Value == (A, B, C, D, E) {
        combined(.zip, a, b, c, d, e, reduce: { ($0, $1, $2, $3, $4) })
    }

    /// RAC 2.5's `+zip:reduce:` for 6 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B, C, D, E, F>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>,
        reduce: @escaping @Sendable (A, B, C, D, E, F) -> Value
    ) -> RACSignal<Value> {
        combined(.zip, a, b, c, d, e, f, reduce: reduce)
    }

    /// `zip(_:…reduce:)` for 6 signals, the values as a tuple.
    public static func zip<A, B, C, D, E, F>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>
    ) -> RACSignal<Value> where Value == (A, B, C, D, E, F) {
        combined(.zip, a, b, c, d, e, f, reduce: { ($0, $1, $2, $3, $4, $5) })
    }
}

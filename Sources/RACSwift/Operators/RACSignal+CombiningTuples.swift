// RAC 2.5's `+combineLatest:reduce:` and `+zip:reduce:` for 2 to 6 signals
// of different value types, with the values reduced or as a tuple. Each
// arity adds one signal to the one before through `combineLatestWith(_:)` or
// `zipWith(_:)`, whose semantics compose: the combination sends when the
// pair does, completes when the pair does, and fails with the first error.

extension RACSignal {
    /// RAC 2.5's `+combineLatest:reduce:` for 2 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>,
        reduce: @escaping (A, B) -> Value
    ) -> RACSignal<Value> {
        a.combineLatestWith(b).map { reduce($0.0, $0.1) }
    }

    /// `combineLatest(_:…reduce:)` for 2 signals, the values as a tuple.
    public static func combineLatest<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>
    ) -> RACSignal<Value> where Value == (A, B) {
        combineLatest(a, b, reduce: { ($0, $1) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 3 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>,
        reduce: @escaping (A, B, C) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B)>.combineLatest(a, b).combineLatestWith(c)
            .map { reduce($0.0.0, $0.0.1, $0.1) }
    }

    /// `combineLatest(_:…reduce:)` for 3 signals, the values as a tuple.
    public static func combineLatest<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>
    ) -> RACSignal<Value> where Value == (A, B, C) {
        combineLatest(a, b, c, reduce: { ($0, $1, $2) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 4 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>,
        reduce: @escaping (A, B, C, D) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C)>.combineLatest(a, b, c).combineLatestWith(d)
            .map { reduce($0.0.0, $0.0.1, $0.0.2, $0.1) }
    }

    /// `combineLatest(_:…reduce:)` for 4 signals, the values as a tuple.
    public static func combineLatest<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>
    ) -> RACSignal<Value> where Value == (A, B, C, D) {
        combineLatest(a, b, c, d, reduce: { ($0, $1, $2, $3) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 5 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B, C, D, E>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>,
        reduce: @escaping (A, B, C, D, E) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C, D)>.combineLatest(a, b, c, d).combineLatestWith(e)
            .map { reduce($0.0.0, $0.0.1, $0.0.2, $0.0.3, $0.1) }
    }

    /// `combineLatest(_:…reduce:)` for 5 signals, the values as a tuple.
    public static func combineLatest<A, B, C, D, E>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>
    ) -> RACSignal<Value> where Value == (A, B, C, D, E) {
        combineLatest(a, b, c, d, e, reduce: { ($0, $1, $2, $3, $4) })
    }

    /// RAC 2.5's `+combineLatest:reduce:` for 6 signals of any value types:
    /// each time any of them sends, once all have sent, the latest value of
    /// each, combined by `reduce`; completes when all have completed.
    public static func combineLatest<A, B, C, D, E, F>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>,
        reduce: @escaping (A, B, C, D, E, F) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C, D, E)>.combineLatest(a, b, c, d, e).combineLatestWith(f)
            .map { reduce($0.0.0, $0.0.1, $0.0.2, $0.0.3, $0.0.4, $0.1) }
    }

    /// `combineLatest(_:…reduce:)` for 6 signals, the values as a tuple.
    public static func combineLatest<A, B, C, D, E, F>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>
    ) -> RACSignal<Value> where Value == (A, B, C, D, E, F) {
        combineLatest(a, b, c, d, e, f, reduce: { ($0, $1, $2, $3, $4, $5) })
    }

    /// RAC 2.5's `+zip:reduce:` for 2 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>,
        reduce: @escaping (A, B) -> Value
    ) -> RACSignal<Value> {
        a.zipWith(b).map { reduce($0.0, $0.1) }
    }

    /// `zip(_:…reduce:)` for 2 signals, the values as a tuple.
    public static func zip<A, B>(
        _ a: RACSignal<A>, _ b: RACSignal<B>
    ) -> RACSignal<Value> where Value == (A, B) {
        zip(a, b, reduce: { ($0, $1) })
    }

    /// RAC 2.5's `+zip:reduce:` for 3 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>,
        reduce: @escaping (A, B, C) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B)>.zip(a, b).zipWith(c)
            .map { reduce($0.0.0, $0.0.1, $0.1) }
    }

    /// `zip(_:…reduce:)` for 3 signals, the values as a tuple.
    public static func zip<A, B, C>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>
    ) -> RACSignal<Value> where Value == (A, B, C) {
        zip(a, b, c, reduce: { ($0, $1, $2) })
    }

    /// RAC 2.5's `+zip:reduce:` for 4 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>,
        reduce: @escaping (A, B, C, D) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C)>.zip(a, b, c).zipWith(d)
            .map { reduce($0.0.0, $0.0.1, $0.0.2, $0.1) }
    }

    /// `zip(_:…reduce:)` for 4 signals, the values as a tuple.
    public static func zip<A, B, C, D>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>
    ) -> RACSignal<Value> where Value == (A, B, C, D) {
        zip(a, b, c, d, reduce: { ($0, $1, $2, $3) })
    }

    /// RAC 2.5's `+zip:reduce:` for 5 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B, C, D, E>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>,
        reduce: @escaping (A, B, C, D, E) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C, D)>.zip(a, b, c, d).zipWith(e)
            .map { reduce($0.0.0, $0.0.1, $0.0.2, $0.0.3, $0.1) }
    }

    /// `zip(_:…reduce:)` for 5 signals, the values as a tuple.
    public static func zip<A, B, C, D, E>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>
    ) -> RACSignal<Value> where Value == (A, B, C, D, E) {
        zip(a, b, c, d, e, reduce: { ($0, $1, $2, $3, $4) })
    }

    /// RAC 2.5's `+zip:reduce:` for 6 signals of any value types:
    /// the first values of all, combined by `reduce`, then the second values,
    /// and so on; completes when any has completed and its values are used.
    public static func zip<A, B, C, D, E, F>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>,
        reduce: @escaping (A, B, C, D, E, F) -> Value
    ) -> RACSignal<Value> {
        RACSignal<(A, B, C, D, E)>.zip(a, b, c, d, e).zipWith(f)
            .map { reduce($0.0.0, $0.0.1, $0.0.2, $0.0.3, $0.0.4, $0.1) }
    }

    /// `zip(_:…reduce:)` for 6 signals, the values as a tuple.
    public static func zip<A, B, C, D, E, F>(
        _ a: RACSignal<A>, _ b: RACSignal<B>, _ c: RACSignal<C>, _ d: RACSignal<D>, _ e: RACSignal<E>, _ f: RACSignal<F>
    ) -> RACSignal<Value> where Value == (A, B, C, D, E, F) {
        zip(a, b, c, d, e, f, reduce: { ($0, $1, $2, $3, $4, $5) })
    }
}

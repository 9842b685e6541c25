// The RACStream operators that RACSignal has and that sequences lacked:
// `bind`, `reduceEach`, the static `zip` and `concat`, and
// `scanWithStart(_:reduceWithIndex:)`. `reduceEach` and the scan are made,
// as RACStream makes them, of the operators sequences already have (`map`,
// `scanWithStart`), so they are lazy where those are and eager on an eager
// sequence as those are; `bind` is RACSequence's own, as in RAC. The static
// `concat` and `zip` are lazy, as RAC's, but made in one step each (a
// `flatten()`; one node per array) where RACStream nests an operator per
// sequence, whose cost per value grows with the number of sequences.

extension RACSequence {
    // MARK: Binding

    /// RACStream's `-bind:` on a sequence. `block()` is called once, now, to
    /// make the bind block; each value is then given to the bind block as
    /// the result is read, and the values of the sequences it returns follow
    /// one another. The bind block ends the walk by returning nil (nothing
    /// more, not even from that value) or by setting its `stop` argument to
    /// true (the sequence it returned is still read to its end). Lazy unless
    /// the receiver is eager; the bind block is called once per value, in
    /// order, however many threads read the result.
    @inlinable
    public func bind<U>(_ block: @escaping @Sendable () -> (Value, inout Bool) -> RACSequence<U>?) -> RACSequence<U> {
        evaluated { RACSequenceBinding(block()).sequence(values: $0, current: nil) }
    }

    // MARK: Reducing tuples

    /// On a sequence of tuples, `block` applied to each tuple's elements:
    /// RAC's `-reduceEach:`, for tuples of any size (what `zipWith(_:)` and
    /// `zip(_:_:)` make).
    @inlinable
    public func reduceEach<each T, R>(_ block: @escaping @Sendable (repeat each T) -> R) -> RACSequence<R>
        where Value == (repeat each T) {
        map { block(repeat each $0) }
    }

    /// `reduceEach(_:)` on the `(key:value:)` pairs of
    /// `Dictionary.rac_sequence` (a labeled tuple is a type of its own in
    /// Swift, which the tuples of any size above do not match).
    @inlinable
    public func reduceEach<K, V, R>(_ block: @escaping @Sendable (K, V) -> R) -> RACSequence<R>
        where Value == (key: K, value: V) {
        map { block($0.key, $0.value) }
    }

    // MARK: Combining sequences

    /// The values of `sequences`, one sequence after another: RAC's
    /// `+concat:`, lazy as RAC's (which concatenates each onto the empty
    /// sequence). Made as one `flatten()` of the sequences, where RAC nests
    /// a `concat:` per sequence: a value then crosses one step to reach the
    /// next, not one per sequence before it. Empty for no sequences.
    @inlinable
    public static func concat(_ sequences: [RACSequence<Value>]) -> RACSequence<Value> {
        sequences.rac_sequence.flatten()
    }

    /// Arrays of the first values of all of `sequences`, then of the second
    /// values, and so on, as long as every sequence has one: RAC's `+zip:`,
    /// with arrays for RAC's tuples. Lazy, as RAC's: an array is made when
    /// it is first read, its sequences' heads read in order up to the first
    /// that has none, and the tails likewise. Made in one step per array,
    /// where RAC nests a `zipWith:` per sequence (and unpacks the nested
    /// tuples): each array costs one read per sequence. Empty for no
    /// sequences.
    @inlinable
    public static func zip(_ sequences: [RACSequence<Value>]) -> RACSequence<[Value]> {
        guard !sequences.isEmpty else { return .empty() }
        return RACSequence<[Value]>(head: {
            var values: [Value] = []
            values.reserveCapacity(sequences.count)
            for sequence in sequences {
                guard let value = sequence.head else { return nil }
                values.append(value)
            }
            return values
        }, tail: {
            var tails: [RACSequence<Value>] = []
            tails.reserveCapacity(sequences.count)
            for sequence in sequences {
                guard let tail = sequence.tail else { return nil }
                tails.append(tail)
            }
            return zip(tails)
        })
    }

    /// RAC's `+zip:reduce:` for 2 sequences of any value types:
    /// `reduce(firstOfA, firstOfB)`, then the same of the second values, and
    /// so on, as long as both have one.
    @inlinable
    public static func zip<A, B>(_ a: RACSequence<A>, _ b: RACSequence<B>,
                                 reduce: @escaping @Sendable (A, B) -> Value) -> RACSequence<Value> {
        a.zipWith(b).map { reduce($0.0, $0.1) }
    }

    /// `zip(_:_:reduce:)` with the values as tuples (`a.zipWith(b)`).
    @inlinable
    public static func zip<A, B>(_ a: RACSequence<A>, _ b: RACSequence<B>) -> RACSequence<Value>
        where Value == (A, B) {
        a.zipWith(b)
    }

    // MARK: Scanning with an index

    /// `scanWithStart(_:reduce:)` whose `reduce` is also given each value's
    /// index, from 0: RAC 2.5's `-scanWithStart:reduceWithIndex:`.
    @inlinable
    public func scanWithStart<R>(_ start: R,
                                 reduceWithIndex reduce: @escaping @Sendable (R, Value, Int) -> R) -> RACSequence<R> {
        // The scan carries the next index beside the running result.
        scanWithStart((start, 0)) { state, value in (reduce(state.0, value, state.1), state.1 + 1) }
            .map { $0.0 }
    }
}

// MARK: -

/// `bind(_:)`'s walk: the bind block made for one bound sequence, and
/// whether it has asked to stop. Each node of the bound sequence is
/// computed once, under its once flag, and only after the node before it
/// (it is that node's tail), so the bind block is called, and `stopped`
/// read and written, by one thread at a time, in order: RAC's bind blocks
/// may keep state between values, as RAC's own `take:` does.
// @unchecked Sendable: for the reason above.
@usableFromInline
internal final class RACSequenceBinding<Value, U>: @unchecked Sendable {
    @usableFromInline internal let bindBlock: (Value, inout Bool) -> RACSequence<U>?
    @usableFromInline internal var stopped = false

    @inlinable
    internal init(_ bindBlock: @escaping (Value, inout Bool) -> RACSequence<U>?) {
        self.bindBlock = bindBlock
    }

    /// The rest of `current` (what is left of the sequence made of the last
    /// value), then the sequences made of `values`' values. A loop, not
    /// recursion, past values whose sequence is empty.
    @inlinable
    internal func sequence(values: RACSequence<Value>, current: RACSequence<U>?) -> RACSequence<U> {
        RACSequence<U>(deferred: {
            var values = values
            var current = current
            while true {
                if let inner = current, let head = inner.head {
                    return RACSequence<U>(evaluatedHead: head, tail: {
                        self.sequence(values: values, current: inner.tail)
                    })
                }
                guard !self.stopped, let value = values.head else { return nil }
                guard let next = self.bindBlock(value, &self.stopped) else {
                    self.stopped = true
                    return nil
                }
                current = next
                values = values.tail ?? .empty()
            }
        })
    }
}

extension RACSequence {
    /// The values as a cold signal, each sent from its own block on a new
    /// background scheduler: RAC's `sequence.signal` (`-signal`, read as a
    /// property). See `signal(with:)`.
    @inlinable
    public var signal: RACSignal<Value> {
        signal(with: RACScheduler.scheduler())
    }
}

extension Sequence {
    /// `signal`, called as a method: RAC's `-signal` as RACSwift spelled it
    /// before the property (a Swift type cannot have a property and a
    /// method of one name, so this one lives here, where only a
    /// `RACSequence` has it).
    @inlinable
    public func signal<Value>() -> RACSignal<Value> where Self == RACSequence<Value> {
        signal
    }
}

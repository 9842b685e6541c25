// RACStream's operators, and RACSequence.h's folds and searches, on
// sequences: RAC 2.5's meaning, lazily (an operator returns at once and
// computes a value when it is first read, once), and eagerly on an eager
// sequence (`eagerSequence`), whose operators compute everything at once as
// RAC's do.
//
// Every operator walks its receiver node by node, in loops where it must
// skip values, so that a long run of skipped values does not grow the
// stack, and so that each works on infinite sequences as far as they are
// read.

extension RACSequence {
    // MARK: Construction

    /// A sequence of the one value `value`: RAC's `+return:`.
    @inlinable
    public static func `return`(_ value: Value) -> RACSequence<Value> {
        RACSequence(elements: [value], eager: false)
    }

    /// `operation` of the receiver, computed at once if the receiver is
    /// eager, as RAC's eager sequences compute their operators.
    ///
    /// `operation` is given the receiver's lazy form, and the result is
    /// computed by one walk. An operator's lazy form recurses on its
    /// receiver's tail (`take(n)` is the head, then `tail.take(n - 1)`);
    /// given an eager receiver, whose tails are eager, each of those steps
    /// would compute all the rest at once again: quadratic, and a stack
    /// frame chain as long as the sequence.
    @inlinable
    internal func evaluated<U>(_ operation: (RACSequence<Value>) -> RACSequence<U>) -> RACSequence<U> {
        eager ? operation(lazySequence).eagerSequence : operation(self)
    }

    // MARK: Combining

    /// The receiver's values, then `sequence`'s: RAC's `-concat:`.
    @inlinable
    public func concat(_ sequence: RACSequence<Value>) -> RACSequence<Value> {
        evaluated { receiver in
            RACSequence(deferred: {
                guard let head = receiver.head else { return sequence }
                return RACSequence(evaluatedHead: head, tail: { (receiver.tail ?? .empty()).concat(sequence) })
            })
        }
    }

    /// The values of the sequences `block` makes of each value, one
    /// sequence after another: RAC's `-flattenMap:`, a `bind(_:)` as in
    /// RACStream. On an eager receiver, as RAC's eager `bind`: `block` runs
    /// for the first value and that value's sequence is read to its end
    /// before `block` runs for the second value, and so on.
    @inlinable
    public func flattenMap<U>(_ block: @escaping @Sendable (Value) -> RACSequence<U>) -> RACSequence<U> {
        bind { { value, _ in block(value) } }
    }

    /// Pairs of the values of the receiver and of `sequence`, in order, as
    /// long as both have one: RAC's `-zipWith:`, with tuples. Lazy, also on
    /// an eager sequence, as in RAC (whose eager sequences make only `bind`
    /// and `concat` eager, and `zipWith:` is neither): a pair is made when it
    /// is first read.
    @inlinable
    public func zipWith<U>(_ sequence: RACSequence<U>) -> RACSequence<(Value, U)> {
        RACSequence<(Value, U)>(head: {
            guard let first = self.head, let second = sequence.head else { return nil }
            return (first, second)
        }, tail: {
            guard let rest = self.tail, let otherRest = sequence.tail else { return nil }
            return rest.zipWith(otherRest)
        })
    }

    /// `value`, then the receiver's values: RAC's `-startWith:`.
    @inlinable
    public func startWith(_ value: Value) -> RACSequence<Value> {
        evaluated { receiver in RACSequence(evaluatedHead: value, tail: { receiver }) }
    }

    // MARK: Transforming

    /// `value` in place of each value: RAC's `-mapReplace:`.
    @inlinable
    public func mapReplace<U>(_ value: U) -> RACSequence<U> {
        map(racSendable { _ in value })
    }

    /// The running results of `reduce`: `reduce(start, first)`, then
    /// `reduce(that, second)`, and so on: RAC's `-scanWithStart:reduce:`.
    @inlinable
    public func scanWithStart<R>(_ start: R, reduce: @escaping @Sendable (R, Value) -> R) -> RACSequence<R> {
        evaluated { receiver in
            RACSequence<R>(deferred: {
                guard let head = receiver.head else { return nil }
                let running = reduce(start, head)
                return RACSequence<R>(evaluatedHead: running, tail: {
                    receiver.tail?.scanWithStart(running, reduce: reduce)
                })
            })
        }
    }

    /// `reduce(previous, value)` for each value, `previous` being the value
    /// before it (`start` for the first): RAC's
    /// `-combinePreviousWithStart:reduce:`.
    @inlinable
    public func combinePreviousWithStart<R>(_ start: Value,
                                            reduce: @escaping @Sendable (Value, Value) -> R) -> RACSequence<R> {
        evaluated { receiver in
            RACSequence<R>(head: {
                receiver.head.map { reduce(start, $0) }
            }, tail: {
                guard let head = receiver.head else { return nil }
                return receiver.tail?.combinePreviousWithStart(head, reduce: reduce)
            })
        }
    }

    // MARK: Taking and skipping

    /// The first `count` values: RAC's `-take:`.
    @inlinable
    public func take(_ count: Int) -> RACSequence<Value> {
        guard count > 0 else { return .empty() }
        return evaluated { receiver in
            RACSequence(head: { receiver.head }, tail: {
                count > 1 ? receiver.tail?.take(count - 1) : nil
            })
        }
    }

    /// The values after the first `count`: RAC's `-skip:`.
    @inlinable
    public func skip(_ count: Int) -> RACSequence<Value> {
        if kind == .elements {
            // Values that already exist: skip by index, with no node each.
            return RACSequence(elements: elements, offset: Swift.min(offset + Swift.max(count, 0), elements.count),
                               eager: eager)
        }
        return evaluated { receiver in
            RACSequence(deferred: {
                var node: RACSequence<Value>? = receiver
                var left = count
                while left > 0, let current = node, current.head != nil {
                    node = current.tail
                    left -= 1
                }
                return node
            })
        }
    }

    /// The values before the first one for which `predicate` is true: RAC's
    /// `-takeUntilBlock:`.
    @inlinable
    public func takeUntilBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSequence<Value> {
        evaluated { receiver in
            RACSequence(deferred: {
                guard let head = receiver.head, !predicate(head) else { return nil }
                return RACSequence(evaluatedHead: head, tail: { receiver.tail?.takeUntilBlock(predicate) })
            })
        }
    }

    /// The values up to the first one for which `predicate` is false: RAC's
    /// `-takeWhileBlock:`.
    @inlinable
    public func takeWhileBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSequence<Value> {
        takeUntilBlock { !predicate($0) }
    }

    /// The values from the first one for which `predicate` is true: RAC's
    /// `-skipUntilBlock:`.
    @inlinable
    public func skipUntilBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSequence<Value> {
        evaluated { receiver in
            RACSequence(deferred: {
                var node: RACSequence<Value>? = receiver
                while let current = node, let value = current.head {
                    if predicate(value) { return current }
                    node = current.tail
                }
                return nil
            })
        }
    }

    /// The values from the first one for which `predicate` is false: RAC's
    /// `-skipWhileBlock:`.
    @inlinable
    public func skipWhileBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACSequence<Value> {
        skipUntilBlock { !predicate($0) }
    }

    // MARK: Folds and searches (evaluate as far as needed)

    /// Combines the values from the right: `reduce(first, rest)`, where
    /// `rest.head` is the fold of the values after `first` (`start` after
    /// the last): RAC's `-foldRightWithStart:reduce:`. On a lazy sequence
    /// `rest.head` is computed only if read, so a `reduce` that does not read
    /// it stops the fold there, and a `reduce` that reads it recurses once
    /// per value (the fold of the rest is computed inside the read). On an
    /// eager sequence, as in RAC (whose eager sequences hand `reduce` an
    /// eager `rest`), `rest.head` is computed before `reduce` is called, so
    /// the whole sequence is folded, from the last value back: here in a
    /// loop, with a flat stack, where RAC recursed once per value.
    @inlinable
    public func foldRightWithStart<R>(_ start: R, reduce: @escaping @Sendable (Value, RACSequence<R>) -> R) -> R {
        if eager {
            // Eager sequences are elements nodes: `reduce` sees the last
            // value first, each with the fold after it as an eager `rest`.
            return elements[offset...].reversed().reduce(start) { folded, value in
                reduce(value, RACSequence<R>(elements: [folded], eager: true))
            }
        }
        guard let head = head else { return start }
        let rest = RACSequence<R>(headBlock: racSendable {
            (self.tail ?? .empty()).foldRightWithStart(start, reduce: reduce)
        }, tailBlock: nil)
        return reduce(head, rest)
    }

    /// Whether any value passes `predicate`, evaluating up to the first
    /// that does: RAC's `-any:`.
    @inlinable
    public func any(_ predicate: (Value) -> Bool) -> Bool {
        objectPassingTest(predicate) != nil
    }

    /// Whether every value passes `predicate`, evaluating up to the first
    /// that does not: RAC's `-all:`. `predicate` runs on the same values as
    /// in RAC, whose fold (`accumulator && block(value)`) calls it no more
    /// after the first false; unlike RAC, the values after that one are not
    /// computed, so `all` answers on an infinite sequence and does no work
    /// whose result it would drop (see docs/Porting.md).
    @inlinable
    public func all(_ predicate: (Value) -> Bool) -> Bool {
        objectPassingTest { !predicate($0) } == nil
    }

    /// The first value that passes `predicate`, evaluating up to it, or
    /// nil: RAC's `-objectPassingTest:`.
    @inlinable
    public func objectPassingTest(_ predicate: (Value) -> Bool) -> Value? {
        for value in self where predicate(value) { return value }
        return nil
    }
}

extension RACSequence where Value: Equatable {
    /// The values, without those equal to the one before: RAC's
    /// `-distinctUntilChanged`.
    @inlinable
    public func distinctUntilChanged() -> RACSequence<Value> {
        evaluated { receiver in distinct(after: nil) }
    }

    /// `distinctUntilChanged()` from the value after `previous`.
    @inlinable
    internal func distinct(after previous: Value?) -> RACSequence<Value> {
        RACSequence(deferred: {
            var node: RACSequence<Value>? = self
            while let current = node, let value = current.head {
                if previous != value {
                    return RACSequence(evaluatedHead: value, tail: { current.tail?.distinct(after: value) })
                }
                node = current.tail
            }
            return nil
        })
    }

    /// The values other than `value`: RAC's `-ignore:`.
    @inlinable
    public func ignore(_ value: Value) -> RACSequence<Value> {
        filter(racSendable { $0 != value })
    }
}

extension RACSequence {
    /// The values of each sequence, one sequence after another: RAC's
    /// `-flatten`.
    @inlinable
    public func flatten<U>() -> RACSequence<U> where Value == RACSequence<U> {
        flattenMap { $0 }
    }
}

extension RACSequence {
    // MARK: Construction

    /// An empty sequence: RAC's `+empty`.
    @inlinable
    public static func empty() -> RACSequence<Value> {
        RACSequence(elements: [], eager: false)
    }

    /// A lazy sequence whose head is `headBlock()` and whose tail is
    /// `tailBlock()` (none if `tailBlock` is nil), each computed on first
    /// access, once: RAC's `+sequenceWithHeadBlock:tailBlock:`. A head of nil
    /// makes the sequence empty.
    @inlinable
    public convenience init(headBlock: @escaping @Sendable () -> Value?, tailBlock: (@Sendable () -> RACSequence<Value>?)?) {
        self.init(head: headBlock, tail: tailBlock ?? { nil })
    }

    // MARK: Evaluation

    /// Every value, in order: evaluates the whole sequence.
    @inlinable
    public var array: [Value] {
        if kind == .elements { return Array(elements[offset...]) }
        return Array(self)
    }

    /// A sequence with the same values, all computed now, whose `map` and
    /// `filter` compute at once too: RAC's `-eagerSequence`.
    @inlinable
    public var eagerSequence: RACSequence<Value> {
        eager ? self : RACSequence(elements: ContiguousArray(self), eager: true)
    }

    /// A sequence with the same values whose operators compute lazily: the
    /// receiver itself, unless it is eager (RAC's `-lazySequence`).
    @inlinable
    public var lazySequence: RACSequence<Value> {
        eager ? RACSequence(elements: elements, offset: offset, eager: false) : self
    }

    /// Combines the values from the left: `reduce(reduce(start, v1), v2)`…;
    /// `start` for an empty sequence. Evaluates the whole sequence.
    @inlinable
    public func foldLeftWithStart<R>(_ start: R, reduce: (R, Value) -> R) -> R {
        var result = start
        for value in self { result = reduce(result, value) }
        return result
    }

    // MARK: Operators

    /// A sequence of `block(value)` for each value. Lazy unless the receiver
    /// is eager: `block` runs when a mapped value is first read, once.
    @inlinable
    public func map<U>(_ block: @escaping @Sendable (Value) -> U) -> RACSequence<U> {
        if eager { return RACSequence<U>(elements: ContiguousArray(lazy.map(block)), eager: true) }
        if kind == .elements { return Self.map(elements, from: offset, block) }
        return RACSequence<U>(head: { self.head.map(block) }, tail: { self.tail?.map(block) })
    }

    /// `map` over the values of an elements node, reading them by index
    /// rather than through a node per value.
    @inlinable
    internal static func map<U>(_ elements: ContiguousArray<Value>, from index: Int,
                                _ block: @escaping (Value) -> U) -> RACSequence<U> {
        guard index < elements.count else { return .empty() }
        return RACSequence<U>(head: { block(elements[index]) }, tail: {
            index + 1 < elements.count ? map(elements, from: index + 1, block) : nil
        })
    }

    /// The values for which `block` returns true, in order. Lazy unless the
    /// receiver is eager: `block` runs once per value, as the filtered
    /// sequence is walked up to it.
    @inlinable
    public func filter(_ block: @escaping @Sendable (Value) -> Bool) -> RACSequence<Value> {
        if eager { return RACSequence(elements: ContiguousArray(lazy.filter(block)), eager: true) }
        if kind == .elements { return Self.filter(elements, from: offset, block) }
        return RACSequence(deferred: {
            // A loop, not recursion: a long run of rejected values must not
            // grow the stack.
            var node: RACSequence<Value>? = self
            while let current = node, let value = current.head {
                if block(value) {
                    return RACSequence(evaluatedHead: value, tail: { current.tail?.filter(block) })
                }
                node = current.tail
            }
            return nil
        })
    }

    /// `filter` over the values of an elements node, by index.
    @inlinable
    internal static func filter(_ elements: ContiguousArray<Value>, from start: Int,
                                _ block: @escaping (Value) -> Bool) -> RACSequence<Value> {
        RACSequence(deferred: {
            for index in start..<elements.count where block(elements[index]) {
                return RACSequence(evaluatedHead: elements[index], tail: { filter(elements, from: index + 1, block) })
            }
            return nil
        })
    }

    // MARK: Signals

    /// A cold signal that, for each subscriber, sends the values one by one,
    /// each from its own block scheduled on `scheduler`, then completes:
    /// RAC's `-signalWithScheduler:`. The sequence is evaluated as the values
    /// are sent; disposing the subscription stops the walk. On a synchronous
    /// scheduler (the immediate scheduler) all values are sent before
    /// `subscribe` returns, with a flat stack.
    @inlinable
    public func signal(with scheduler: RACScheduler) -> RACSignal<Value> {
        let signal = RACSignal<Value>.createSignal { subscriber in
            // Advanced only by the scheduled runs, which never overlap.
            let iterator = RACSequenceWalk(self.makeIterator())
            return scheduler.scheduleRecursiveBlock { reschedule in
                guard let value = iterator.next() else {
                    subscriber.sendCompleted()
                    return
                }
                subscriber.sendNext(value)
                reschedule()
            }
        }
        signal.setName(derivedBy: { "[RACSequence] -signalWithScheduler: \(scheduler)" })
        return signal
    }

    // MARK: Sequence

    /// Iterates the values in order, computing each as it is reached (and
    /// the tail after it, as RAC's enumerator does). The iterator holds only
    /// the part of the sequence still ahead.
    @inlinable
    public func makeIterator() -> RACSequenceIterator<Value> {
        RACSequenceIterator(self)
    }
}

/// Iterates a `RACSequence`: RAC's sequence enumerator.
public struct RACSequenceIterator<Value>: IteratorProtocol {
    /// Lazy and deferred sequences: the node ahead, walked head by head.
    @usableFromInline internal var node: RACSequence<Value>?
    /// Elements sequences: the values, walked by index without making nodes.
    @usableFromInline internal let elements: ContiguousArray<Value>
    @usableFromInline internal var index: Int

    @inlinable
    internal init(_ sequence: RACSequence<Value>) {
        if sequence.kind == .elements {
            node = nil
            elements = sequence.elements
            index = sequence.offset
        } else {
            node = sequence
            elements = []
            index = 0
        }
    }

    /// The next value, or nil at the end.
    @inlinable
    public mutating func next() -> Value? {
        guard let current = node else {
            guard index < elements.count else { return nil }
            defer { index += 1 }
            return elements[index]
        }
        guard let value = current.head else {
            node = nil
            return nil
        }
        node = current.tail
        return value
    }
}

/// The iterator of `signal(with:)`'s walk, shared by its scheduled runs.
/// `@unchecked Sendable`: the runs never overlap (a recursive schedule runs
/// one at a time), so the iterator is advanced by one thread at a time.
@usableFromInline
internal final class RACSequenceWalk<Value>: @unchecked Sendable {
    @usableFromInline internal var iterator: RACSequenceIterator<Value>

    @inlinable
    internal init(_ iterator: RACSequenceIterator<Value>) {
        self.iterator = iterator
    }

    @inlinable
    internal func next() -> Value? {
        iterator.next()
    }
}

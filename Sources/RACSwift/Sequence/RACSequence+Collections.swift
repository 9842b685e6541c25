import Foundation

extension Array {
    /// A sequence of the array's elements, in order: RAC's
    /// `-[NSArray rac_sequence]`. It shares (copy-on-write) the array as it
    /// is now; its `map` and `filter` are lazy.
    @inlinable
    public var rac_sequence: RACSequence<Element> {
        RACSequence(elements: ContiguousArray(self), eager: false)
    }
}

extension Dictionary {
    /// A sequence of the dictionary's key-value pairs, in the dictionary's
    /// order, as `(key:value:)` tuples (RAC's `RACTuple`s): RAC's
    /// `-[NSDictionary rac_sequence]`. The pairs are read when the sequence
    /// is made; its `map` and `filter` are lazy. Unpack a pair with
    /// `let (key, value) = pair`.
    @inlinable
    public var rac_sequence: RACSequence<(key: Key, value: Value)> {
        RACSequence(elements: ContiguousArray(self), eager: false)
    }
}

extension String {
    /// A sequence of the string's characters (grapheme clusters), in order:
    /// RAC's `-[NSString rac_sequence]`, which went by UTF-16 unit. The
    /// characters are read when the sequence is made; its `map` and `filter`
    /// are lazy.
    @inlinable
    public var rac_sequence: RACSequence<Character> {
        RACSequence(elements: ContiguousArray(self), eager: false)
    }
}

extension Dictionary {
    /// A sequence of the dictionary's keys, in the dictionary's order:
    /// RAC's `-[NSDictionary rac_keySequence]`.
    @inlinable
    public var rac_keySequence: RACSequence<Key> {
        RACSequence(elements: ContiguousArray(keys), eager: false)
    }

    /// A sequence of the dictionary's values, in the dictionary's order:
    /// RAC's `-[NSDictionary rac_valueSequence]`.
    @inlinable
    public var rac_valueSequence: RACSequence<Value> {
        RACSequence(elements: ContiguousArray(values), eager: false)
    }
}

extension Set {
    /// A sequence of the set's elements, in the set's order: RAC's
    /// `-[NSSet rac_sequence]`. The elements are read when the sequence is
    /// made.
    @inlinable
    public var rac_sequence: RACSequence<Element> {
        RACSequence(elements: ContiguousArray(self), eager: false)
    }
}

extension IteratorProtocol {
    /// A lazy sequence of what the iterator yields, each element pulled when
    /// it is first read, once: RAC's `-[NSEnumerator rac_sequence]`. The
    /// sequence owns a copy of the iterator; do not use the iterator itself
    /// afterwards.
    @inlinable
    public var rac_sequence: RACSequence<Element> {
        RACIteratorSource(self).sequence()
    }
}

/// The iterator behind `IteratorProtocol.rac_sequence`, pulled one element
/// per node. A node pulls when its head is first read, and its tail pulls
/// only after that; the sequence's once flags order the pulls, one at a
/// time, in the order of the nodes.
@usableFromInline
internal final class RACIteratorSource<Base: IteratorProtocol> {
    @usableFromInline internal var base: Base

    @inlinable
    internal init(_ base: Base) {
        self.base = base
    }

    /// The sequence of the elements not pulled yet.
    @inlinable
    internal func sequence() -> RACSequence<Base.Element> {
        RACSequence(deferred: {
            guard let element = self.base.next() else { return nil }
            return RACSequence(evaluatedHead: element, tail: { self.sequence() })
        })
    }
}

extension IndexSet {
    /// A sequence of the set's indexes, in ascending order: RAC's
    /// `-[NSIndexSet rac_sequence]`. The indexes are read when the sequence
    /// is made.
    @inlinable
    public var rac_sequence: RACSequence<Int> {
        RACSequence(elements: ContiguousArray(self), eager: false)
    }
}

import Foundation

extension Collection {
    /// A sequence of the collection's elements, in the collection's order,
    /// read when the sequence is made (arrays are shared copy-on-write); its
    /// operators are lazy. RAC's `rac_sequence` on `NSArray`, `NSSet`,
    /// `NSIndexSet` and `NSString` in their Swift forms (`Array`, `Set`,
    /// `IndexSet`, `String`, whose characters here are grapheme clusters,
    /// where RAC went by UTF-16 unit). On a
    /// dictionary, the pairs are `(key:value:)` tuples (RAC's `RACTuple`s):
    /// unpack one with `let (key, value) = pair`.
    @inlinable
    public var rac_sequence: RACSequence<Element> {
        RACSequence(elements: ContiguousArray(self), eager: false)
    }
}

extension Dictionary {
    /// A sequence of the dictionary's keys, in the dictionary's order:
    /// RAC's `-[NSDictionary rac_keySequence]`.
    @inlinable
    public var rac_keySequence: RACSequence<Key> {
        keys.rac_sequence
    }

    /// A sequence of the dictionary's values, in the dictionary's order:
    /// RAC's `-[NSDictionary rac_valueSequence]`.
    @inlinable
    public var rac_valueSequence: RACSequence<Value> {
        values.rac_sequence
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

// Foundation's collections are only `Sequence`s in swift-corelibs-foundation
// (and some on Darwin too), so `Collection.rac_sequence` does not reach them.
// A member of the class itself is preferred over the protocol extension's
// where both apply, so these do not clash with it on Darwin.

extension NSArray {
    /// A sequence of the array's elements: RAC's `-[NSArray rac_sequence]`.
    public var rac_sequence: RACSequence<Any> { RACSequence(elements: ContiguousArray(self), eager: false) }
}

extension NSSet {
    /// A sequence of the set's elements: RAC's `-[NSSet rac_sequence]`.
    public var rac_sequence: RACSequence<Any> { RACSequence(elements: ContiguousArray(self), eager: false) }
}

extension NSOrderedSet {
    /// A sequence of the set's elements in order: RAC's
    /// `-[NSOrderedSet rac_sequence]`.
    public var rac_sequence: RACSequence<Any> { RACSequence(elements: ContiguousArray(self), eager: false) }
}

extension NSEnumerator {
    /// A lazy sequence of what the enumerator yields, each object pulled
    /// when first read, once: RAC's `-[NSEnumerator rac_sequence]`.
    public var rac_sequence: RACSequence<Any> { makeIterator().rac_sequence }
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

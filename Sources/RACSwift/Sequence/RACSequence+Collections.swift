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

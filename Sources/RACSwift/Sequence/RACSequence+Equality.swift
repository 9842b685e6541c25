extension RACSequence: Equatable where Value: Equatable {
    /// Whether the two sequences hold equal values in the same order: RAC
    /// 2.5's `-isEqual:`. Walks both as far as they agree, evaluating lazy
    /// ones (each block still runs once per element); as RAC's, it does not
    /// return for two infinite sequences that agree forever.
    public static func == (lhs: RACSequence, rhs: RACSequence) -> Bool {
        if lhs === rhs { return true }
        var (left, right) = (lhs.makeIterator(), rhs.makeIterator())
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case let (l?, r?) where l == r: continue
            default: return false
            }
        }
    }
}

extension RACSequence: Hashable where Value: Hashable {
    /// Hashes the first value only, as RAC 2.5's `-hash` does: equal
    /// sequences have equal first values, and hashing stays constant-time,
    /// so an infinite sequence can be put in a set.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(head)
    }
}

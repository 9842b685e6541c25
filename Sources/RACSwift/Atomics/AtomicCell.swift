import CShims

/// A heap-allocated run of atomic words, for owners that are not classes or
/// whose first stored property is already taken (see `RACInlineAtomics`).
///
/// The cell owns its memory and frees it in `deinit`; a word handed out by
/// `word(_:)` is valid while the cell is alive.
@usableFromInline
// @unchecked Sendable: its words are only ever read and written atomically.
internal final class RACAtomicCell: @unchecked Sendable {
    @usableFromInline internal let base: UnsafeMutablePointer<Int>
    @usableFromInline internal let count: Int

    /// A cell of `count` words, each initialised to `initialValue`. No other
    /// thread can see the cell before `init` returns, so plain stores suffice.
    @usableFromInline
    internal init(count: Int = 1, initialValue: Int = 0) {
        self.count = count
        base = .allocate(capacity: count)
        base.initialize(repeating: initialValue, count: count)
    }

    deinit {
        base.deallocate()
    }

    @inlinable @inline(__always)
    internal func word(_ index: Int = 0) -> RACAtomicWord {
        precondition(index >= 0 && index < count, "atomic cell index out of range")
        return RACAtomicWord(base + index)
    }
}

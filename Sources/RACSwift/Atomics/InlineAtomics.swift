import CShims

/// Atomic words stored inside a class instance, with no allocation of their own.
///
/// A class that needs atomics declares, as its *first* stored property (first
/// in its root class, so subclasses inherit the position), a tuple of `Int`s
/// that Swift code never reads or writes by name. Swift lays a class's stored
/// properties out in declaration order, superclass first, right after the
/// object header, so `_getUnsafePointerToStoredProperties` points at that
/// tuple. This is the scheme swift-atomics' `ManagedAtomic` uses. It saves one
/// `malloc` per object against a separately allocated cell, which matters for
/// objects made once per subscription (disposables, subscribers).
///
/// `RACDisposable` is the one exception: its tuple follows one other stored
/// property, its block (see `RACDisposable._atomics` for why), and
/// `word(_:of:after:)` finds it there.
///
/// The words live exactly as long as the object: callers must hold the object
/// (a strong reference or `self`) while they use a word.
@usableFromInline
internal enum RACInlineAtomics {
    /// The word at `index` of the tuple that leads `object`'s stored properties.
    @inlinable @inline(__always)
    internal static func word(_ index: Int, of object: AnyObject) -> RACAtomicWord {
        let base = _getUnsafePointerToStoredProperties(object)
            .assumingMemoryBound(to: Int.self)
        return RACAtomicWord(base + index)
    }

    /// The word at `index` of the tuple that follows `object`'s first stored
    /// property, of type `Leading` (`RACDisposable`'s block: see there why).
    /// Swift lays stored properties out in declaration order, each at the
    /// next offset aligned for its type, so the tuple starts at `Leading`'s
    /// size rounded up to a word. `DisposableLayoutTests` checks it.
    @inlinable @inline(__always)
    internal static func word<Leading>(_ index: Int, of object: AnyObject, after _: Leading.Type) -> RACAtomicWord {
        let wordSize = MemoryLayout<Int>.stride
        let leading = (MemoryLayout<Leading>.size + wordSize - 1) / wordSize
        return word(leading + index, of: object)
    }
}

import CShims

/// A strong reference to an object of type `Object` that threads can read
/// and replace at once, without locks: a `RACAtomicReference` over words of
/// its own, which it releases when it goes away.
///
/// `load()` takes a fixed number of atomic steps (announce, load, leave),
/// plus dropping parked references when it is the last reader out; a store
/// swaps the reference in with one compare-and-swap loop. See
/// `RACAtomicReference` for why a reader never retains an object that a
/// store has just released.
@usableFromInline
// @unchecked Sendable: see above; the object it holds is handed between
// threads as the owner decides.
internal final class RACAtomicObject<Object: AnyObject>: @unchecked Sendable {
    /// The reference's three words (see `RACInlineAtomics`): in the object
    /// itself, so that a read takes no hop to a cell of their own; must stay
    /// the first stored property. Never touched by name.
    @usableFromInline internal final var _atomics: (Int, Int, Int) = (0, 0, 0)

    /// A reference to `object`.
    @inlinable
    internal init(_ object: Object?) {
        reference.value.store(RACAtomicReference.retainedBits(object), .relaxed)
    }

    deinit {
        reference.destroy()
    }

    @inlinable @inline(__always)
    internal var reference: RACAtomicReference {
        RACAtomicReference(value: RACInlineAtomics.word(0, of: self),
                           readers: RACInlineAtomics.word(1, of: self),
                           retired: RACInlineAtomics.word(2, of: self))
    }

    /// The object referred to now, retained for the caller.
    @inlinable
    internal func load() -> Object? {
        reference.load().map { unsafeDowncast($0, to: Object.self) }
    }

    /// Refers to `object` from now on; the old object is released.
    @inlinable
    internal func store(_ object: Object?) {
        // The words never hold the odd stop value, so the swap always
        // happens; the old object is released as the result is dropped.
        _ = reference.replace(with: RACAtomicReference.retainedBits(object), unlessCurrentIs: 1)
    }
}

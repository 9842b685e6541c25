import CShims

/// A view of one machine word as a C11 atomic object.
///
/// `RACAtomicWord` does not own its memory: it is a pointer into storage that
/// its owner keeps alive (see `RACInlineAtomics` and `RACAtomicCell`) and
/// never touches except through these calls. Every operation takes its memory
/// order explicitly; each call site says why it needs that order.
///
/// All calls are `static inline` C11 `<stdatomic.h>` functions from CShims, so
/// a release build compiles each one to a single instruction (`mov` for a
/// load or store, `xchg`, `lock xadd`, `lock cmpxchg`), also when inlined into
/// another module through an `@inlinable` caller.
@frozen @usableFromInline
internal struct RACAtomicWord {
    @usableFromInline internal let address: UnsafeMutablePointer<Int>

    @inlinable @inline(__always)
    internal init(_ address: UnsafeMutablePointer<Int>) {
        self.address = address
    }

    @inlinable @inline(__always)
    internal func load(_ order: racs_memory_order) -> Int {
        racs_intptr_load(address, order)
    }

    @inlinable @inline(__always)
    internal func store(_ value: Int, _ order: racs_memory_order) {
        racs_intptr_store(address, value, order)
    }

    /// Stores `value` and returns the value it replaced.
    @inlinable @inline(__always)
    internal func exchange(_ value: Int, _ order: racs_memory_order) -> Int {
        racs_intptr_exchange(address, value, order)
    }

    /// Stores `desired` if the word holds `expected`; returns the value it saw,
    /// which equals `expected` exactly when the store happened.
    @inlinable @inline(__always)
    internal func compareExchange(
        expected: Int, desired: Int,
        _ success: racs_memory_order, _ failure: racs_memory_order
    ) -> Int {
        racs_intptr_cas_strong(address, expected, desired, success, failure)
    }

    /// Returns the value before the addition.
    @inlinable @inline(__always)
    internal func fetchAdd(_ value: Int, _ order: racs_memory_order) -> Int {
        racs_intptr_fetch_add(address, value, order)
    }

    /// Returns the value before the subtraction.
    @inlinable @inline(__always)
    internal func fetchSub(_ value: Int, _ order: racs_memory_order) -> Int {
        racs_intptr_fetch_sub(address, value, order)
    }

    /// Returns the value before the bits were set.
    @inlinable @inline(__always)
    internal func fetchOr(_ value: Int, _ order: racs_memory_order) -> Int {
        racs_intptr_fetch_or(address, value, order)
    }

    /// Returns the value before the bits not in `value` were cleared.
    @inlinable @inline(__always)
    internal func fetchAnd(_ value: Int, _ order: racs_memory_order) -> Int {
        racs_intptr_fetch_and(address, value, order)
    }
}

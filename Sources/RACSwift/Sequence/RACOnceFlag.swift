import CShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a block at most once, for a lazily computed field of a
/// `RACSequence`, over one atomic word: 0 until computed, `done` afterwards,
/// and the computing thread's id in between.
///
/// "At most once" means that a second thread asking while the first is
/// still computing must wait for its result: it yields until the word says
/// done. This is the one wait in RACSwift, and it is `dispatch_once`'s:
/// without it the block would run twice. It can only happen while a value
/// is first computed, by two threads at once. A block that asks for its own
/// field would wait for itself forever; that is caught (the word names the
/// thread) and stops with a message instead.
@frozen @usableFromInline
internal struct RACOnceFlag {
    @usableFromInline internal static var done: Int { 1 }

    @usableFromInline internal let word: RACAtomicWord

    @inlinable @inline(__always)
    internal init(word: RACAtomicWord) {
        self.word = word
    }

    /// Runs `compute` unless some thread has; returns once the field is
    /// computed. The computed case costs one acquire load.
    @inlinable @inline(__always)
    internal func run(_ compute: () -> Void) {
        // Acquire: pairs with the computing thread's release, publishing
        // the field.
        if word.load(.acquire) == Self.done { return }
        computeOrWait(compute)
    }

    /// Marks the field computed, for a field set before its owner is shared.
    @inlinable
    internal func markDone() {
        word.store(Self.done, .relaxed)
    }

    @usableFromInline
    internal func computeOrWait(_ compute: () -> Void) {
        let me = RACThreadID.current
        let seen = word.compareExchange(expected: 0, desired: me, .acquire, .acquire)
        if seen == 0 {
            compute()
            // Release: the field's new value is visible to whoever sees done.
            word.store(Self.done, .release)
            return
        }
        if seen == me { racMisuse("a lazy RACSequence value depends on itself") }
        while word.load(.acquire) != Self.done { sched_yield() }
    }
}

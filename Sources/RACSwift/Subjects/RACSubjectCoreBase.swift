import CShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a subject's subscriptions know of its core: how to leave it. The
/// base class is not generic, so that making a subscription, which happens
/// in unspecialized code behind `subscribe`'s vtable entry, needs no runtime
/// metadata lookup.
@usableFromInline
internal class RACSubjectCoreBase {
    /// Atomic words (see `RACInlineAtomics`); must stay the first stored
    /// property. 0 to 3: the serializer; 4: the owner's thread id, or 0;
    /// 5: what feeds the subject, for blocking reads (see `RACSubjectFeed`);
    /// 6: `lendingWord`.
    @usableFromInline internal var _atomics: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)

    @usableFromInline
    internal init() {}

    deinit {
        releaseFeed()
    }

    @inlinable @inline(__always)
    internal var ownerWord: RACAtomicWord {
        RACInlineAtomics.word(4, of: self)
    }

    /// Whether a delivery may call the lent blocks without the sinks (see
    /// RACSubjectCore+Lending.swift): 0 if so. The low bits count the
    /// unsubscribes handed over to the serializer and not applied yet
    /// (incremented by the thread handing one over, decremented by the
    /// owner that applied it); `unlentMark` is the owner's mark that some
    /// slot is empty or not lent. The count cannot reach the mark: each
    /// subscription hands over at most one unsubscribe.
    @inlinable @inline(__always)
    internal var lendingWord: RACAtomicWord {
        RACInlineAtomics.word(6, of: self)
    }

    /// `lendingWord`'s owner mark (see `RACSubjectCore.updateUnlentMark`).
    @inlinable
    internal static var unlentMark: Int { 1 << 62 }

    /// Whether the calling thread is inside the serializer right now, i.e.
    /// is calling from within one of this subject's deliveries.
    @inlinable
    internal var isOwnedByCurrentThread: Bool {
        // Relaxed: only this thread ever stores its own id, and it clears it
        // before leaving, so reading it back means we are the owner; any
        // other value (another owner's id, 0) means we are not.
        ownerWord.load(.relaxed) == RACThreadID.current
    }

    /// Takes `subscription` out of the subject.
    @usableFromInline
    internal func unsubscribe(_ subscription: RACSubjectSubscription) {}
}

/// The calling thread's identity, as a nonzero word.
@usableFromInline
internal enum RACThreadID {
    @inlinable
    internal static var current: Int {
        #if canImport(Glibc)
        Int(bitPattern: pthread_self())
        #else
        Int(bitPattern: UnsafeRawPointer(pthread_self()))
        #endif
    }
}

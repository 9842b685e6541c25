import CShims

/// Something to dispose of: a subscription to cancel, a resource to free.
///
/// RAC 2.5's `RACDisposable`. Disposal is thread-safe and idempotent: the
/// block given to `init(block:)` runs at most once, on the thread that first
/// calls `dispose()`, and is released right after it runs.
// @unchecked Sendable: disposal is one atomic flag and a block run once, from
// any thread; subclasses keep their state behind atomics too.
open class RACDisposable: @unchecked Sendable {
    /// Written once in `init`, then read and cleared only by the thread that
    /// won the disposal exchange, so it needs no synchronization of its own
    /// (and no dynamic exclusivity checks). Declared first, ahead of the
    /// atomic words: see `_atomics`.
    @exclusivity(unchecked) @usableFromInline internal var block: (() -> Void)?

    /// Six atomic words (see `RACInlineAtomics`), right after `block`, never
    /// touched by name. Word 5 is the state, bit 0 meaning "disposed", for
    /// every subclass; words 0 to 4 belong to subclasses that need more (a
    /// serializer, words 0 to 3, and a word saying whether it has held a
    /// child for `RACCompoundDisposable`; a serializer for the sinks; a
    /// reader count and retired stack for `RACSerialDisposable`): see
    /// `word(_:)`.
    ///
    /// Why the state comes last: a subclass's first stored property follows
    /// it directly. A sink's is the block a value is delivered to, so that
    /// a delivery reads the state and the block from 24 consecutive bytes,
    /// which is one cache line for three of every four sinks (malloc aligns
    /// to 16 bytes), instead of two or three lines with the state first.
    /// With thousands of subscribers, those lines are the cost of a
    /// delivery (W9).
    @usableFromInline internal final var _atomics: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)

    /// A disposable that disposes nothing; `isDisposed` turns true once
    /// `dispose()` is called.
    public init() {}

    /// A disposable that runs `block` the first time it is disposed.
    public init(block: @escaping @Sendable () -> Void) {
        self.block = block
    }

    /// Word `index`, 0 to 4, of the atomic words subclasses use.
    @inlinable @inline(__always)
    internal final func word(_ index: Int) -> RACAtomicWord {
        RACInlineAtomics.word(index, of: self, after: (() -> Void)?.self)
    }

    /// The state word: word 5, bit 0 meaning "disposed".
    @inlinable @inline(__always)
    internal final var stateWord: RACAtomicWord {
        RACInlineAtomics.word(5, of: self, after: (() -> Void)?.self)
    }

    /// Whether the receiver has been disposed. Once true, it stays true.
    @inlinable
    public final var isDisposed: Bool {
        // Acquire: whoever sees "disposed" also sees what the disposer did
        // before disposing.
        stateWord.load(.acquire) & 1 != 0
    }

    /// Marks the receiver disposed. Returns true for exactly one caller, the
    /// first: that caller performs the disposal.
    @inlinable @inline(__always)
    internal final func markDisposed() -> Bool {
        // A plain load first: disposing what is already disposed is common
        // (a terminal event disposes a subscription that disposes its sink
        // again) and should not cost a read-modify-write.
        if stateWord.load(.relaxed) & 1 != 0 { return false }
        // Acquire-release: the winner sees everything published before it,
        // and `isDisposed` readers see what the winner did before.
        return stateWord.fetchOr(1, .acq_rel) & 1 == 0
    }

    /// Runs the block, if any, unless the receiver was already disposed.
    open func dispose() {
        guard markDisposed() else { return }
        let block = self.block
        self.block = nil
        block?()
    }

    /// A disposable that disposes the receiver when it is deallocated.
    public func asScopedDisposable() -> RACScopedDisposable {
        RACScopedDisposable(disposable: self)
    }
}

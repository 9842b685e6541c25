import CShims

/// Runs a block at most once, over one atomic word, and makes every other
/// caller wait until it has run: `dispatch_once`'s promise, without a lock.
/// What a `RACCompoundDisposable`'s disposal needs (every `dispose()`
/// returns only once the children are disposed, docs/Concurrency.md
/// point 12) and a lazily computed field of a `RACSequence` (a second
/// reader must not compute it again, nor see it half made).
///
/// The word is 0 until a thread claims the block, that thread's token with
/// bit 0 set while it runs, and `done` afterwards. Bit 0 is set from the
/// claim on, so that, over a disposable's state word, `isDisposed` is true
/// as soon as a disposal has begun. (A thread's token,
/// `racs_thread_token()`, is the address of one of its thread-locals,
/// aligned to a word, so its bits 0 to 2 are free and no token with bit 0
/// set equals `done`.)
/// Bit 1 (`spare`) is not the flag's: a subject's subscription keeps a hint
/// there (`RACSubjectSubscription.endedBySubject`), which the flag carries
/// through the claim and may drop when it stores `done`, after the block,
/// which is the hint's last reader, has run.
///
/// A caller on the very thread that is running the block (the block asks
/// for its own result, or a cleanup block disposes its own compound) cannot
/// wait for itself: `run` tells it, and it decides. Nor can two runs that
/// wait for each other's (thread A, disposing a subscription, disposes a
/// child that thread B is disposing, whose cleanup disposes that
/// subscription): see `awaitDone`.
///
/// A waiter spins briefly, then sleeps in naps that grow to a millisecond:
/// the runner does not know whether anyone waits, so it need not pay a
/// read-modify-write to find out, and a waiter sees `done` within a nap.
/// It waits as long as the block runs, as it would for a lock, and says so
/// once on standard error when that has lasted a second.
@frozen @usableFromInline
internal struct RACOnceFlag {
    @usableFromInline internal static var done: Int { 1 }

    /// The bit the flag leaves to the word's owner.
    @usableFromInline internal static var spare: Int { 2 }

    /// Set while the thread running the block waits for another flag's run
    /// (see `awaitDone`). A thread id's bit 2 is free too.
    @usableFromInline internal static var runnerWaits: Int { 4 }

    @usableFromInline internal let word: RACAtomicWord

    @inlinable @inline(__always)
    internal init(word: RACAtomicWord) {
        self.word = word
    }

    /// Whether the block has run to its end. Acquire: whoever sees it also
    /// sees what the block did.
    @inlinable @inline(__always)
    internal var isDone: Bool {
        word.load(.acquire) & ~Self.spare == Self.done
    }

    /// Runs `compute` unless some thread has claimed it; returns once it has
    /// run, here or on another thread, and true, except on the thread that
    /// is running it, which gets false at once (waiting would never end). The done case costs one acquire load. `waitWarning` is what
    /// a waiter prints once, after a second, under `racs_warn_once` key
    /// `warningKey`.
    @inlinable @inline(__always)
    internal func run(warningKey: Int32, waitWarning: StaticString, _ compute: () -> Void) -> Bool {
        let seen = claim()
        guard seen == Self.claimed else {
            return seen == Self.done || seen != Self.mine
                && awaitDone(warningKey: warningKey, waitWarning: waitWarning, breakingCycles: false)
        }
        compute()
        finish()
        return true
    }

    /// What `claim()` returns when this thread has claimed the block.
    @usableFromInline internal static var claimed: Int { 0 }

    /// What `claim()` returns when this thread is running the block
    /// already. (Even: no running thread's token, which has bit 0 set.)
    @usableFromInline internal static var mine: Int { 2 }

    /// Claims the block for this thread, if nobody has: returns `claimed`,
    /// and the caller must run the block, then `finish()`. Otherwise
    /// returns what it saw: `done`; `mine`, if this thread is running it;
    /// or the running thread's token, odd (then `awaitDone`). Spelled out (rather than `run` with a closure) for
    /// `RACCompoundDisposable.dispose(endedBy:)`, which every subscription
    /// ends with, so that its disposal stays one function.
    @inlinable @inline(__always)
    internal func claim() -> Int {
        let me = racs_thread_token() | 1
        // Acquire: a loser that reads `done` sees what the block did.
        var seen = word.load(.acquire)
        while seen & 1 == 0 {
            // Acquire-release: the winner sees what was published before
            // the claim.
            let found = word.compareExchange(expected: seen, desired: seen | me, .acq_rel, .acquire)
            if found == seen {
                racs_once_flag_entered(word.address)
                return Self.claimed
            }
            seen = found
        }
        let runner = seen & ~(Self.spare | Self.runnerWaits)
        return runner == me ? Self.mine : runner
    }

    /// Ends this thread's run of the block, after `claim()`.
    @inlinable @inline(__always)
    internal func finish() {
        racs_once_flag_left()
        // Release: what the block did is visible to whoever sees done.
        word.store(Self.done, .release)
    }

    /// Marks the block run, for a field set before its owner is shared.
    @inlinable
    internal func markDone() {
        word.store(Self.done, .relaxed)
    }

    /// Waits until another thread's run is done. With `breakingCycles`,
    /// returns false instead, at once, if this thread holds something
    /// (a flag it runs, a serializer it is inside) and the other run's
    /// thread is in a long wait too (see `RACWaitMarks`).
    ///
    /// Why: two disposals can wait for each other. Thread A, disposing a
    /// subscription, disposes a child that thread B has begun to dispose
    /// (its terminal event), and the child's cleanup disposes that
    /// subscription again on B; or B, inside a compound's serializer, lets
    /// go of a disposable whose deinit disposes what A is disposing while A
    /// waits until its operation is applied in that serializer. A lazy
    /// sequence's fields wait without `breakingCycles`: a false answer
    /// there would be taken for a value that depends on itself.
    @usableFromInline
    internal func awaitDone(warningKey: Int32, waitWarning: StaticString, breakingCycles: Bool = true) -> Bool {
        let marks = breakingCycles && RACWaitMarks.holdsAny
        if marks {
            guard RACWaitMarks.mark() else { return false }
            if word.load(.seq_cst) & Self.runnerWaits != 0 {
                RACWaitMarks.unmark()
                return false
            }
        }
        defer { if marks { RACWaitMarks.unmark() } }
        if racSpin(until: { isDone }) { return true }
        let start = racs_monotonic_ns()
        var nap: Int64 = 50_000
        while case let seen = word.load(.acquire), seen & ~Self.spare != Self.done {
            // Returns at once if the word has changed; nobody wakes it, so
            // the nap bounds how late a waiter sees `done`.
            racs_word_wait(word.address, seen, nap)
            nap = Swift.min(nap * 2, 1_000_000)
            if racs_monotonic_ns() - start >= RACSerializerLimits.patience {
                waitWarning.withUTF8Buffer { text in
                    text.withMemoryRebound(to: CChar.self) { racs_warn_once(warningKey, $0.baseAddress!) }
                }
            }
        }
        return true
    }
}

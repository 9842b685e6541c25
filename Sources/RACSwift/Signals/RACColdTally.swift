import CShims

/// How many times a cold signal with side effects was subscribed, and how
/// many of those subscriptions are live: what `graph()` and
/// `RACLiveSubscriptions.report()` show as `subscribed 2 times, 2 live`,
/// RAC 2.5's pitfall made visible (a `createSignal` that makes a request,
/// mapped and subscribed twice, makes it twice).
///
/// Which signals have one: `createSignal`'s (`RACDynamicSignal`), and so the
/// factories made with it (`defer`, `try`, `interval`, notifications,
/// `RACObserve`, a `Task`'s signal, …). Their `didSubscribe` is code that
/// runs anew for each subscription and does what a subscriber sees twice if
/// it runs twice: a request, an observer, a timer. Not counted: the
/// constant signals (`return`, `empty`, `error`, `never`), which send fixed
/// events and do nothing else; operators, whose blocks run per
/// subscription only because their source is subscribed per subscription
/// (the count at the source shows where it begins); subjects and hot
/// signals, shared by their subscribers, which `graph()` counts as such; and
/// a `RACSignal` subclass written outside RACSwift, whose `subscribe(_:)`
/// RACSwift cannot see into.
///
/// The cost: one atomic add when a subscription is made
/// (`RACColdSubscription`'s init; relaxed: a diagnostic count), and one
/// when it ends (its disposal, or its deinit if it was never disposed;
/// acquire-release, for the tally's lifetime only); none per value, no
/// lock, no allocation per subscription (the tally is made once, with its
/// signal).
///
/// Its lifetime: the signal holds the tally (a +1 it never hands to Swift's
/// automatic reference counting), and each live subscription uses it
/// without a reference of its own, which would cost a retain and a release
/// per subscription. Whichever comes last, the signal's deinit or the end
/// of its last live subscription, releases it (see `ends`). A graph or a
/// subscription's record that keeps a tally for later reads holds an
/// ordinary strong reference on top.
@usableFromInline
internal final class RACColdTally: @unchecked Sendable {
    /// Word 0, `made`; word 1, `ends` (see there). Must stay the first
    /// stored property (see `RACInlineAtomics`); never touched by name.
    internal var _atomics: (Int, Int) = (0, 0)

    @usableFromInline
    internal init() {}

    /// The subscriptions made. Only ever incremented, relaxed: a count that
    /// publishes nothing. Its last value is read by the signal's deinit,
    /// which sees every increment: each was made inside a `subscribe` call
    /// on the signal, by a thread holding a reference to it, and releasing
    /// that reference happens before the deinit (Swift's reference counting
    /// orders a release before the deallocation it leads to).
    private var made: RACAtomicWord { RACInlineAtomics.word(0, of: self) }

    /// While the signal lives: twice the subscriptions ended. The signal's
    /// deinit adds `1 - 2 × made`, which sets bit 0 (the signal is gone)
    /// and leaves `1 - 2 × live` (`made` no longer changes): each later end
    /// adds 2, and the one add that makes the word exactly 1, the last end
    /// or the deinit itself, finds the tally used by nobody and releases
    /// it. The arithmetic wraps: it stays right modulo the word's size.
    private var ends: RACAtomicWord { RACInlineAtomics.word(1, of: self) }

    /// Counts a subscription made: the one atomic add a subscription pays.
    @inline(__always)
    internal func subscriptionBegins() {
        _ = made.fetchAdd(1, .relaxed)
    }

    /// Counts the end of a subscription of `tally`'s signal, once per
    /// subscription counted by `subscriptionBegins()`; releases the tally
    /// if the signal is gone and this was its last live subscription.
    internal static func subscriptionEnded(_ tally: Unmanaged<RACColdTally>) {
        // The count itself needs no order (nothing is read through it):
        // acquire-release for the tally's lifetime, as a reference count's
        // decrement. Every thread's use of the tally ends with such an add
        // (release), and the add that frees it reads the last of them
        // (acquire), so each use happens before the free. (Not a release
        // and an acquire fence in the freeing thread only: Thread Sanitizer
        // does not model fences, and the read-modify-write costs the same
        // either way.)
        let before = tally._withUnsafeGuaranteedRef { $0.ends.fetchAdd(2, .acq_rel) }
        // Touches the tally no more: past the add, another end may free it.
        if before == -1 { tally.release() }
    }

    /// The signal's deinit: marks the signal gone, and releases the tally
    /// if no subscription is live.
    internal static func signalFreed(_ tally: Unmanaged<RACColdTally>) {
        let (made, ends) = tally._withUnsafeGuaranteedRef { ($0.made.load(.relaxed), $0.ends) }
        // Acquire-release, for the same reason as an end's; `made` is read
        // before it, since after it the last end may free the tally.
        let before = ends.fetchAdd(1 &- 2 &* made, .acq_rel)
        if before == 2 &* made { tally.release() }
    }

    /// The subscriptions made and those live now. Relaxed loads: a count
    /// for reading, which a racing subscription or end may leave one off.
    /// `ends` first, so that a subscription made and ended between the two
    /// loads counts as made and live rather than as a negative live one.
    internal var counts: (made: Int, live: Int) {
        let ends = self.ends.load(.relaxed)
        let made = self.made.load(.relaxed)
        // Twice the live count, by the encoding of `ends` (small, so the
        // halving is exact whatever the wrapped words were).
        let twiceLive = ends & 1 == 0 ? 2 &* made &- ends : 1 &- ends
        return (made, max(0, twiceLive >> 1))
    }
}

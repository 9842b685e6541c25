/// One subscription of a cold signal with side effects (`createSignal`'s):
/// the compound disposable of one run of its `didSubscribe`, counted in the
/// signal's `RACColdTally` from when it is made until it ends.
///
/// It ends when it is disposed, which every end of the subscription does (a
/// `dispose()`, and the error or completion, after which the sink disposes
/// its subscription), or when it is freed undisposed (its subscriber
/// dropped by the block, and its disposable by everyone). Being the
/// compound the subscription needs anyway, it costs no allocation: a word
/// more, and the two atomic adds of the count.
internal final class RACColdSubscription: RACCompoundDisposable, @unchecked Sendable {
    /// The signal's tally, without a reference of its own: it lives until
    /// this subscription's end is counted (see `RACColdTally`).
    internal let tally: Unmanaged<RACColdTally>

    /// A subscription of the signal whose tally is `tally`, counted made.
    /// Only inside the signal's `subscribe`, which keeps the tally alive.
    internal init(countedIn tally: Unmanaged<RACColdTally>) {
        self.tally = tally
        tally._withUnsafeGuaranteedRef { $0.subscriptionBegins() }
        super.init()
    }

    /// Called once, by the thread that disposed it, after its children.
    override func didDispose() {
        RACColdTally.subscriptionEnded(tally)
    }

    deinit {
        // Freed without a disposal: it ends now. (Once a disposal claimed
        // it, `didDispose()` counted the end: the disposing thread holds it
        // until then.)
        if !isDisposed { RACColdTally.subscriptionEnded(tally) }
    }
}

import CShims

/// Where one subscription was made and on which signal, recorded in site
/// mode (see `RACLiveSubscriptions.recordsSites`) by the sink of the
/// subscription, which marks it ended when the subscription ends.
///
/// A public `subscribe…` call sets a `RACSiteContext` on its thread while it
/// subscribes; the first sink made under it is the call's own subscription
/// (`root` is nil), every later one an operator's subscription to its
/// source, made for it (`root` is the call's record). An operator that
/// subscribes later sets a context of its own for that (see
/// `RACOperatorSite`). A sink made under no context (an inner subscription
/// of an operator applied with site mode off) records neither site nor
/// signal.
internal final class RACSubscriptionRecord: @unchecked Sendable {
    /// Empty when the site is not known.
    internal let file: StaticString
    internal let line: UInt
    /// The name of the signal the call subscribed to, as it read then.
    internal let signalName: String?
    /// The record of the `subscribe…` call this subscription was made for,
    /// or nil if it is that call's own.
    internal let root: RACSubscriptionRecord?
    /// When it was made, in the order of all records (for `RACLeakCheck`).
    internal let sequence: Int
    /// A `subscribe…` call's own record: the graph of the signal it
    /// subscribed to, for `RACDisposable.graph()`.
    internal let graph: RACSubscriptionGraph?
    /// A subscription of a `createSignal` signal: that signal's tally, by
    /// which `RACLiveSubscriptions.report()` groups the subscriptions of
    /// one cold signal (held strongly: it keeps nothing else alive).
    internal let cold: RACColdTally?
    /// Word 0: nonzero once the subscription ended; word 1: the identity of
    /// the disposable the `subscribe…` call returned (see `identity(of:)`),
    /// or 0.
    private let state = RACAtomicCell(count: 2)

    internal init(file: StaticString, line: UInt, signalName: String?, root: RACSubscriptionRecord?,
                  graph: RACSubscriptionGraph? = nil, cold: RACColdTally? = nil) {
        self.file = file
        self.line = line
        self.signalName = signalName
        self.root = root
        self.graph = graph
        self.cold = cold
        sequence = RACSubscriptionRegistry.nextSequence()
    }

    /// The identity of the disposable the call returned, for
    /// `RACDisposable.graph()`. Relaxed: compared only with a disposable the
    /// asking thread holds, which it got from the subscribing thread after
    /// the store (in program order, or through whatever handed it over).
    internal var subscription: Int {
        get { state.word(1).load(.relaxed) }
        set { state.word(1).store(newValue, .relaxed) }
    }

    /// What `subscription` holds for `disposable`: its address, compared and
    /// never dereferenced.
    internal static func identity(of disposable: RACDisposable) -> Int {
        Int(bitPattern: ObjectIdentifier(disposable))
    }

    /// Whether the subscription ended. Relaxed: a listing racing the end
    /// may count it either way; one made after the end sees it (the ending
    /// thread synchronized with the lister, or there is no "after").
    internal var hasEnded: Bool { state.word().load(.relaxed) != 0 }

    internal func markEnded() { state.word().store(1, .relaxed) }
}

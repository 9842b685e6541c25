/// A hot signal's subscription: a subject's subscription to the signal's
/// core (`RACSubjectSubscription`) that also counts its subscriber out of
/// the signal's connector when it ends, however it ends (its `dispose()`,
/// a terminal event, the binding to a subscriber whose subscription was
/// disposed already, the signal's deinit). The last subscriber out thereby
/// cancels the connection to the source, on its own thread, before its
/// `dispose()` returns (see `RACHotConnector`).
///
/// A class of its own rather than a child disposable whose block counts
/// out: that cost each subscribe allocations (the disposable and its
/// block's context), and each disposal a pass through the compound's
/// serializer, which a subscription whose only child is its sink skips.
internal final class RACHotSubscription: RACSubjectSubscription, @unchecked Sendable {
    /// The connector its subscriber was counted into.
    let connector: RACHotConnector

    /// `sink`'s place in `core`, for a subscriber counted into
    /// `connector` already: the sink's binding
    /// (`RACSubjectCore.subscription(for:_:)`) may end the subscription at
    /// once, and its end counts the subscriber out.
    init(core: RACSubjectCoreBase, sink: RACDisposable, countedInto connector: RACHotConnector) {
        self.connector = connector
        super.init(core: core, sink: sink)
    }

    /// Counts the subscriber out, then takes it out of the core: once,
    /// after the sink is disposed (no event reaches the subscriber from
    /// then on), also when the core ended the subscription itself.
    override func didDispose() {
        connector.subscriberLeaves()
        super.didDispose()
    }
}

/// The subscriber that `subscribeNext(_:error:completed:)` and its variants
/// build: RAC 2.5's `RACSubscriber` over blocks.
///
/// The blocks live in an immutable `RACSubscriberBlocks` held through an
/// unmanaged reference, which the sink releases on its terminal event (RAC
/// releases a subscriber's blocks then) or in `deinit`. Reading it unmanaged
/// lets a delivery call `next` with no retain or release, two atomic
/// operations per value that a plain closure property would cost. It is safe
/// because only the deliverer (events are serialized) or `deinit` releases it.
@usableFromInline
internal final class RACBlockSubscriber<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline
    internal var blocks: Unmanaged<RACSubscriberBlocks<Value>>?

    @inlinable
    internal init(next: ((Value) -> Void)?, error: ((any Error) -> Void)?, completed: (() -> Void)?) {
        blocks = .passRetained(RACSubscriberBlocks(next: next, error: error, completed: completed))
        super.init()
    }

    deinit {
        blocks?.release()
    }

    @usableFromInline
    internal override var releasesEverythingAtEnd: Bool { true }

    @usableFromInline
    internal override func receiveNext(_ value: Value) {
        blocks?._withUnsafeGuaranteedRef { $0.next?(value) }
    }

    @usableFromInline
    internal override func receiveError(_ error: any Error) {
        blocks?._withUnsafeGuaranteedRef { $0.error?(error) }
    }

    @usableFromInline
    internal override func receiveCompleted() {
        blocks?._withUnsafeGuaranteedRef { $0.completed?() }
    }

    @usableFromInline
    internal override func releaseBlocks() {
        blocks?.release()
        blocks = nil
    }
}

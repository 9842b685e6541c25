/// The subscriber that `subscribeNext(_:error:completed:)` and its variants
/// build: RAC 2.5's `RACSubscriber` over blocks.
///
/// The blocks are immutable properties of the sink, so a delivery calls
/// `next` borrowed from the sink, with no retain or release of the closure
/// (two atomic operations per value that a mutable closure property would
/// cost), and a subscription allocates no separate object for them.
///
/// RAC releases a subscriber's blocks at its terminal event or disposal, so
/// that a source's code that keeps its subscriber (RAC code stores it for
/// later sends) keeps nothing alive through the blocks. Here the sink keeps
/// its blocks for its life instead, and is never handed to such code: a
/// `createSignal` signal gets a `RACReleasingBlockSubscriber` instead (see
/// `RACSignal.handsOutItsSubscriber`), and a `RACSignal` subclass written
/// outside RACSwift a `RACSourceSubscriber` in front of this one, which
/// lets go of it at the end. RACSwift's own sources let go of a sink once
/// its subscription has ended.
@usableFromInline
internal final class RACBlockSubscriber<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    @usableFromInline internal let error: ((any Error) -> Void)?
    @usableFromInline internal let completed: (() -> Void)?

    /// `next` is kept as the base class's `nextBlock`, where a delivery finds
    /// it on the same cache line as the state word.
    @inlinable
    internal init(next: consuming ((Value) -> Void)?, error: consuming ((any Error) -> Void)?,
                  completed: consuming (() -> Void)?) {
        self.error = consume error
        self.completed = consume completed
        super.init(nextBlock: consume next)
    }

    @usableFromInline
    internal override func receiveError(_ error: any Error) {
        self.error?(error)
    }

    @usableFromInline
    internal override func receiveCompleted() {
        completed?()
    }
}

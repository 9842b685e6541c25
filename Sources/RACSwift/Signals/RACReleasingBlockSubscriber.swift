/// The block subscriber for a source whose own code receives its subscriber
/// (a `createSignal` block) and may keep it after the subscription ended, as
/// RAC code stores a subscriber for later sends from delegate callbacks.
/// RAC 2.5's `RACSubscriber` over blocks, exactly: the sink serves the code
/// itself (`releasesEverythingAtEnd`), serializing racing senders, and lets
/// go of its blocks on its terminal event or its disposal, so that a block
/// capturing whatever keeps the subscriber makes no retain cycle.
///
/// Being released at the end, the blocks are mutable properties, and calling
/// `next` copies it: a retain and a release of its context per value, which
/// `RACBlockSubscriber`'s immutable blocks avoid. A subscription to a
/// `createSignal` costs one object fewer this way than `RACBlockSubscriber`
/// behind a `RACSourceSubscriber` (the sink and its compound, nothing else),
/// and its values already pay the serializer's two read-modify-writes.
/// A terminal event moves its block out instead of copying it.
@usableFromInline
internal final class RACReleasingBlockSubscriber<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    // Written in init; then read, and cleared, only inside the sink's
    // serializer.
    @exclusivity(unchecked) @usableFromInline internal var next: ((Value) -> Void)?
    @exclusivity(unchecked) @usableFromInline internal var error: ((any Error) -> Void)?
    @exclusivity(unchecked) @usableFromInline internal var completed: (() -> Void)?

    @inlinable
    internal init(next: consuming ((Value) -> Void)?, error: consuming ((any Error) -> Void)?,
                  completed: consuming (() -> Void)?) {
        self.next = consume next
        self.error = consume error
        self.completed = consume completed
        super.init()
    }

    @usableFromInline
    internal override var releasesEverythingAtEnd: Bool { true }

    @usableFromInline
    internal override func receiveNext(_ value: Value) {
        next?(value)
    }

    @usableFromInline
    internal override func receiveError(_ error: any Error) {
        self.error.take()?(error)
    }

    @usableFromInline
    internal override func receiveCompleted() {
        completed.take()?()
    }

    @usableFromInline
    internal override func releaseBlocks() {
        next = nil
        error = nil
        completed = nil
    }
}

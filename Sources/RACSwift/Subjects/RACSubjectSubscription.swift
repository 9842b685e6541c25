import CShims

/// One subscriber's place in a subject, and the subscription's compound
/// disposable: what `subscribe` returns, the subject's slot holds, and the
/// sink ends with a terminal event. One object for all three (they were
/// two, a compound and this record): disposing it disposes its children,
/// the sink first, then takes the subscriber out of the subject.
///
/// It holds its sink until the core has the sink in a slot (or has ended
/// the subscription), then lets go: from then on the slot holds the sink,
/// and releasing the slot releases it. So the sink, which holds this
/// subscription, and the subscription never keep each other alive.
///
/// Not final: a hot signal's subscription (`RACHotSubscription`) also
/// counts its subscriber out when it ends. Every member but `didDispose()`
/// is final, so a subject's own path calls nothing through the vtable.
@usableFromInline
internal class RACSubjectSubscription: RACCompoundDisposable, @unchecked Sendable {
    @usableFromInline internal final let core: RACSubjectCoreBase
    /// The subscriber's sink, a `RACSubscriptionSink<Value>` of the core's
    /// `Value`, stored as its base class to keep this class non-generic;
    /// nil once the core took it (see above). Touched only by the owner of
    /// the core's serializer, and before the subscription is shared.
    @exclusivity(unchecked) @usableFromInline internal final var sink: RACDisposable?
    /// The slot it occupies in `core`, or -1. Touched only by the owner.
    @exclusivity(unchecked) @usableFromInline internal final var index = -1

    /// `sink`'s place in `core`, holding the sink until the core takes it
    /// (made through `RACSubjectCore.subscription(for:_:)`, which binds
    /// the sink to it).
    @usableFromInline
    internal init(core: RACSubjectCoreBase, sink: RACDisposable) {
        self.core = core
        self.sink = sink
        super.init()
    }

    /// Bit 1 of the state word (bit 0 is "disposed", and the rest belongs
    /// to the disposal's once flag, which leaves this bit alone: see
    /// `RACOnceFlag.spare`): the subject ended the subscription itself, so
    /// its disposal need not hand an unsubscribe back.
    @inlinable
    internal static var endedBySubject: Int { 2 }

    /// Marks the subscription as ended by its subject (owner only; relaxed:
    /// a disposal that misses it merely unsubscribes for nothing).
    @inlinable
    internal final func markEndedBySubject() {
        _ = stateWord.fetchOr(Self.endedBySubject, .relaxed)
    }

    /// Takes the subscriber out of the subject, once the children (the
    /// sink first) are disposed. (Overridden by `RACHotSubscription`.)
    @usableFromInline
    internal override func didDispose() {
        guard stateWord.load(.relaxed) & Self.endedBySubject == 0 else { return }
        core.unsubscribe(self)
    }
}

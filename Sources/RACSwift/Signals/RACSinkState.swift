/// The bits of a sink's state word (`RACDisposable.stateWord`). Constants of a
/// non-generic type, so that unspecialized code reads them as immediates
/// instead of calling a generic class's static accessors.
@usableFromInline
internal enum RACSinkState {
    /// Bit 0 (`RACDisposable`'s): disposed.
    @inlinable internal static var disposed: Int { 1 }

    /// Bit 1: the sink serializes its events itself, because it is handed
    /// to code that may send from several threads at once (what a
    /// `createSignal` block receives: see `bindServingSource`). RAC 2.5's
    /// subscriber took `@synchronized(self)` around every event for this;
    /// here racing senders go through a `RACSerializer` over the sink's
    /// inline words 0 to 2, at two atomic read-modify-writes per event, and
    /// releasing the blocks (after a terminal event or a disposal) can never
    /// overlap a delivery still using them. Sinks fed by RACSwift's own
    /// sources, which serialize already, leave the bit clear and pay one
    /// branch.
    @inlinable internal static var serializing: Int { 2 }

    /// Bit 2: the sink is no subscription of its own and is not counted in
    /// `RACLiveSubscriptions.count`: the `RACSourceSubscriber` in front of
    /// another sink, which is counted already.
    @inlinable internal static var uncounted: Int { 4 }

    /// Bit 3: the sink recorded where it was made (site mode: see
    /// `RACLiveSubscriptions.recordsSites`), in a `RACSubscriptionRecord`
    /// whose retained pointer is the sink's word 4, and must mark it ended.
    @inlinable internal static var recorded: Int { 8 }
}

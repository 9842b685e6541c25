/// What a property tracking of `RACObserve` (or of a `RACKVOChannel`'s
/// observing half) calls when the property changes: its block, the first
/// time only, after which it lets go of the block.
///
/// Why not the block itself: `withObservationTracking` calls its
/// `onChange` once, except when a change lands while the tracking is being
/// installed. Observation registers the tracking's observer with the
/// object's registrar and only then stores what cancelling it must remove;
/// a change announced in between calls `onChange` and cancels nothing, so
/// the observer stays registered and calls `onChange` again at every later
/// change. Each call would schedule a read that tracks the property again,
/// and the observations would multiply: measured, 18 000 reads per change
/// after 20 000 changes made while reads ran on another thread, each
/// read's value sent again. Through a trigger, a registration left behind
/// calls a block that does nothing and holds only this object.
internal final class RACTrackingTrigger: @unchecked Sendable {
    /// Word 0, 0 until fired (`RACInlineAtomics`: one is made per change,
    /// so no cell of its own). Must stay the first stored property; never
    /// touched by name. Relaxed exchange: exactly one caller finds 0 (the
    /// read-modify-write's atomicity is all it takes); `block` was stored
    /// before the tracking was registered, which the registrar's lock
    /// publishes to whichever thread announces a change, and only the
    /// caller that found 0 touches it afterwards.
    private var _atomics: (Int) = (0)
    private var block: (() -> Void)?

    init(_ block: @escaping () -> Void) {
        self.block = block
    }

    /// Runs the block, if no call ran it before; releases it.
    func fire() {
        guard RACInlineAtomics.word(0, of: self).exchange(1, .relaxed) == 0 else { return }
        let block = self.block
        self.block = nil
        block?()
    }
}

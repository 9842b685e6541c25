import CShims

// The subject core's lent blocks (see RACSubjectCore.swift for the roles).
//
// A value reaches a block subscriber without touching its sink. Beside
// each slot, `blocks` holds a borrowed copy of the sink's `next` block
// (`RACBorrowedBlock`), 16 bytes per subscriber read in order, and a value
// is delivered by calling it: no load of the sink. Before every call the
// loop reads one word of the subject instead, `lendingWord`, from a line
// it has in cache; only while that word is 0 does it call the copy
// without testing the sink's flag. The word is 0 exactly when every slot
// below `count` holds a lent block (no empty slot, no sink that was not
// lent: the owner's mark, `unlentMark`) and no unsubscribe is in flight.
// The flag of a lent sink is set only by the disposal of its
// subscription (no other source feeds the sink: see `lendBlock`), which
// sets the flag first and then takes the subscription out
// (`unsubscribe`) before `dispose()` returns: at once if the serializer
// is idle (then no delivery is under way), otherwise by handing the
// unsubscribe over, counted in the word first, and the owner counts it
// out only once it has emptied the slot. So from the moment `dispose()`
// returns until the slot is gone, the word is not 0, and every call the
// loop makes from then on, in the delivery under way too, goes through
// the sink and its flag, as every call did before blocks were lent. No
// call of a subscriber's block begins after its `dispose()` returned,
// whichever thread disposed it (`Verification/models/unsubscribe.pml`,
// with `-DLENDING`, checks this).
extension RACSubjectCore {
    /// Writes into `entry` the borrowed `next` block of `sink`, which has
    /// just taken a slot for `subscription`, or none. Only a block
    /// subscriber has a `next` block (`nextBlock`, immutable for the sink's
    /// life; nil for every other sink, which the entry then says), and it
    /// never serializes its events itself (it is never served to a source's
    /// own code: see `RACBlockSubscriber`). It is lent only if
    /// `subscription` is the sink's own (its first and only, so no other
    /// source feeds the sink, and nothing but the disposal of
    /// `subscription` sets its flag). Returns whether it lent the block.
    @inline(__always)
    internal func lendBlock(of sink: RACSubscriptionSink<Value>, in subscription: RACSubjectSubscription,
                            to entry: UnsafeMutablePointer<RACBorrowedBlock<Value>>) -> Bool {
        if sink.nextBlock != nil, sink.stateWord.load(.relaxed) & RACSinkState.serializing == 0,
           let own = sink.subscriptionReference,
           own.toOpaque() == Unmanaged.passUnretained(subscription).toOpaque() {
            RACBorrowedBlock.copy(from: sink.nextBlockWords, to: entry)
            return true
        }
        RACBorrowedBlock.clear(entry)
        return false
    }

    /// Sets `unlentMark` in `lendingWord` while some slot below `count` is
    /// empty or holds a sink whose block is not lent, and clears it once
    /// none does: after a compaction or `releaseAll`, which may have ended
    /// the last such slot (`markUnlent` after a change that makes one).
    /// Owner only; an atomic read-modify-write only when the mark changes
    /// (other threads count unsubscribes in the same word meanwhile).
    @inlinable @inline(__always)
    internal func updateUnlentMark() {
        if lentSlots != count { return markUnlent() }
        // Relaxed: only owners write the mark, each after entering the
        // serializer, which orders it after the previous owner's writes.
        // (Nothing but an owner's own delivery loop acts on it.)
        if lendingWord.load(.relaxed) & Self.unlentMark != 0 {
            _ = lendingWord.fetchAnd(~Self.unlentMark, .relaxed)
        }
    }

    /// Sets `unlentMark` if it is clear: a slot has just been emptied or
    /// given a sink that is not lent. Owner only; relaxed, as above.
    @inlinable @inline(__always)
    internal func markUnlent() {
        if lendingWord.load(.relaxed) & Self.unlentMark == 0 {
            _ = lendingWord.fetchOr(Self.unlentMark, .relaxed)
        }
    }
}

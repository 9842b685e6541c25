import CShims

/// The bound between one sender and one consumer of a queue: a count of the
/// events queued and not yet consumed, and the word a sender at the bound
/// waits on. What `RACDeliveryQueue` (the events of `deliverOn`) and the
/// bounded `values(bufferingPolicy:)` (the values of an async loop) share.
///
/// The sender counts each event in (`enter`); once it finds `limit` ahead
/// of it, it waits its turn (`awaitTurn`) until the consumer, counting
/// events out (`leave`), has brought the count down to `resumeAt` (half the
/// limit, so that a waiting sender wakes once per run of events, not once
/// per event). The wait is the serializer's (`racAwaitTurn`): spin, then
/// sleep, for as long as the consumer makes progress; it stops only when
/// the count has not moved for `RACSerializerLimits.patience`. So at most
/// `limit` events wait, plus the one the waiting sender queued, and nothing
/// is lost or reordered: the sender's event is queued before it waits.
///
/// One sender at a time (the gates serve sinks, whose sources deliver one
/// event at a time): the waiter word has one waiter.
///
/// Storage is two consecutive atomic words supplied by the owner.
@frozen @usableFromInline
internal struct RACBacklogGate {
    /// Events counted in and not yet out.
    @usableFromInline internal let count: RACAtomicWord
    /// The waiting sender's `RACHandOverState`: `waiting` or `sleeping`
    /// while it waits, moved to `applied` by the consumer (or `close()`).
    @usableFromInline internal let waiter: RACAtomicWord

    /// How many consecutive words a gate takes.
    @inlinable internal static var wordCount: Int { 2 }

    /// A gate over `words` and the word after it.
    @inlinable @inline(__always)
    internal init(_ words: RACAtomicWord) {
        count = words
        waiter = RACAtomicWord(words.address + 1)
    }

    /// Counts one event in; returns how many were counted in before it.
    /// Release: the event, queued before, is visible to the consumer that
    /// counts it; acquire: a count of 0 follows the consumer's last writes.
    @inlinable @inline(__always)
    internal func enter() -> Int {
        count.fetchAdd(1, .acq_rel)
    }

    /// Counts `consumed` events out, once they have been consumed; lets a
    /// waiting sender go when the count is down to `resumeAt`. Returns the
    /// count after. Sequentially consistent, as the waiter's store and load
    /// (see `awaitTurn`): either it sees the room, or this sees it waiting.
    @inlinable @inline(__always)
    internal func leave(_ consumed: Int = 1, resumeAt: Int) -> Int {
        let after = count.fetchSub(consumed, .seq_cst) - consumed
        if after <= resumeAt { letWaiterGo() }
        return after
    }

    /// Waits until the count is down to `resumeAt` (the sender has queued
    /// its event and found the limit reached), or stops as `racAwaitTurn`
    /// says, watching `progress` (a word that moves with each event
    /// consumed: the count itself, or a word of the consumer's own for one
    /// that counts out in batches), or `isClosed` says the consumer is
    /// gone. Returns at once if `isClosed` is already true. `spins` as
    /// `racAwaitTurn` says.
    @usableFromInline
    internal func awaitTurn(resumeAt: Int, watching progress: RACAtomicWord, isClosed: () -> Bool,
                            spins: Bool = true, stallKey: Int32, stallWarning: StaticString) {
        // A turn is not always room: `leave` lets the waiter go after its
        // decrement, so one that brought the count down to `resumeAt` may
        // look at this word only once the sender has counted more in and
        // begun a new wait, and end that one with the count above
        // `resumeAt` (the queue then reached the limit plus two:
        // Verification/models/delivery.pml, F3; the controlled scheduler's
        // `deliver-two-senders` found it too). So after a turn the sender
        // looks at the count again, and waits on while there is no room;
        // the consumer's next `leave` at or below `resumeAt` sees it waiting.
        // Each round ends only on a `leave`, so the consumer is making
        // progress: the rounds are bounded by it, as the wait itself is.
        // Gave up (not `applied`): the consumer is stuck; go on, as documented.
        while true {
            waiter.store(RACHandOverState.waiting, .seq_cst)
            if count.load(.seq_cst) <= resumeAt || isClosed() { return }
            let turn = racAwaitTurn(on: waiter, watching: progress, mustComplete: false, spins: spins,
                                    stallKey: stallKey, stallWarning: stallWarning)
            if turn != RACHandOverState.applied { return }
        }
    }

    /// Tells a waiting sender that its turn has come.
    @inlinable
    internal func letWaiterGo() {
        let seen = waiter.load(.seq_cst)
        guard seen == RACHandOverState.waiting || seen == RACHandOverState.sleeping else { return }
        // Release: pairs with the waiter's acquire in `racAwaitTurn`.
        if waiter.exchange(RACHandOverState.applied, .acq_rel) == RACHandOverState.sleeping {
            racs_word_wake(waiter.address)
        }
    }
}

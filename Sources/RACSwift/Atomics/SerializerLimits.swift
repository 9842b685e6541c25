#if RACS_CONTROLLED
import CShims
#elseif RACS_KNOWN_BUGS
#error("RACS_KNOWN_BUGS puts fixed bugs back for the controlled scheduler (RACKnownBug): only with RACS_CONTROLLED")
#endif

/// The serializer's bounds and the bits of its `entries` word. Constants of
/// a non-generic type, so that unspecialized code reads them as immediates.
@usableFromInline
internal enum RACSerializerLimits {
    /// Set while an owner that has used up its term looks for a successor:
    /// arrivals wait instead of returning.
    @inlinable internal static var retiring: Int { 1 << (Int.bitWidth - 2) }

    /// Set while this serializer's owner waits briefly for another (see
    /// `waitBriefly`): a thread inside a serializer does not wait for this
    /// one then.
    @inlinable internal static var ownerWaits: Int { 1 << (Int.bitWidth - 3) }

    /// Set while this serializer's owner is in a wait that may last (for
    /// another thread's disposal, or until its operation is applied in
    /// another serializer): a waiter that holds something does not wait
    /// for this one then (see `RACWaitMarks`).
    @inlinable internal static var ownerWaitsLong: Int { 1 << (Int.bitWidth - 4) }

    #if RACS_KNOWN_BUGS
    /// Round 2's stalled bit (4d8b51f, `RACKnownBug.stalledBit`), in the
    /// controlled build only: set by a waiter that gave up, while that bug
    /// is on, cleared only by a new owner; while set, no arrival waits, so
    /// the backlog bound is off.
    @inlinable internal static var stalled: Int { 1 << (Int.bitWidth - 5) }

    /// The count of outstanding entries, below the flag bits.
    @inlinable internal static var countMask: Int { stalled - 1 }
    #else
    /// The count of outstanding entries, below the flag bits.
    @inlinable internal static var countMask: Int { ownerWaitsLong - 1 }
    #endif

    /// How many operations an owner applies before it passes the serializer
    /// on to a waiting caller. Large enough that a hand-off of ownership
    /// (a few hundred nanoseconds, a wake-up when the waiter sleeps) is rare
    /// next to the deliveries it bounds; small enough that no caller
    /// delivers for long on others' behalf.
    /// (In the controlled build, what the scenario sets: a few.)
    @inlinable internal static var termLength: Int {
        #if RACS_CONTROLLED
        racs_controlled_term_length()
        #else
        64
        #endif
    }

    /// How many operations may wait, handed over, before callers wait too.
    /// (In the controlled build, what the scenario sets.)
    @inlinable internal static var backlogLimit: Int {
        #if RACS_CONTROLLED
        racs_controlled_backlog_limit()
        #else
        64
        #endif
    }

    /// How long a waiter waits for an owner that applies nothing before it
    /// takes the owner to be stuck rather than slow (nanoseconds). Only a
    /// single operation that lasts this long can reach it: an owner that
    /// applies one operation a second, or faster, is waited for as long as
    /// it takes.
    @inlinable internal static var patience: Int64 { 1_000_000_000 }

    /// Whether a caller that reads `entries` must wait its turn.
    @inlinable
    internal static func isOverloaded(_ entries: Int) -> Bool {
        #if RACS_KNOWN_BUGS
        entries & stalled == 0 && (entries & retiring != 0 || entries & countMask >= backlogLimit)
        #else
        entries & retiring != 0 || entries & countMask >= backlogLimit
        #endif
    }
}

/// The states of a `RACPendingNode`'s state word.
@usableFromInline
internal enum RACHandOverState {
    /// A plain hand-over: its caller returned.
    @inlinable internal static var none: Int { 0 }
    /// Its caller waits, spinning.
    @inlinable internal static var waiting: Int { 1 }
    /// Its caller waits, asleep on the word: wake it.
    @inlinable internal static var sleeping: Int { 2 }
    /// Applied; its caller may return.
    @inlinable internal static var applied: Int { 3 }
    /// Its caller owns the serializer now, with the queue from this node on.
    @inlinable internal static var owner: Int { 4 }
}

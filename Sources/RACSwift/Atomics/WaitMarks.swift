import CShims

/// The marks a thread sets on what it holds before a wait that may last
/// (for another thread's disposal, or until an operation is applied in a
/// serializer someone else owns), so that a thread about to wait for it can
/// tell: `RACOnceFlag.runnerWaits` on the once flags it runs,
/// `ownerWaitsLong` and `ownerWaits` on the serializers it is inside, and
/// `RACDeliveryQueueMarks.drainWaits` on the delivery queues whose drain it runs
/// (a sender at a full queue waits for that drain).
///
/// Why: such waits can form a cycle (this thread waits for B's disposal,
/// and B, inside a serializer this thread owns, waits until its operation
/// is applied there). Every waiter that holds anything marks it, then looks
/// for the mark on what it would wait for, sequentially consistent both,
/// and does not wait if the mark is there. If each waiter of a cycle looked
/// before the next one marked, the first look would come after the last
/// mark, which came after it; so at least one of them sees a mark, and the
/// cycle never closes. A waiter that holds nothing cannot be in a cycle
/// (nobody waits for it), and always waits. The price of a mark that says
/// only "waits", not "waits for you": a waiter that holds something may now
/// and then not wait for a thread that waits for a third, unrelated one.
@usableFromInline
internal enum RACWaitMarks {
    /// Whether this thread holds anything another thread could wait for.
    @inlinable
    internal static var holdsAny: Bool {
        racs_runs_a_once_flag() || racs_owns_a_serializer() || racs_drains_a_queue()
    }

    /// Marks what this thread holds. Returns false, having marked nothing,
    /// past `RACS_OWNED_TRACKED` deep, where it cannot mark it all.
    @usableFromInline
    internal static func mark() -> Bool {
        guard racs_mark_running_once_flags(RACOnceFlag.runnerWaits) else { return false }
        guard racs_mark_owned_serializers(RACSerializerLimits.ownerWaitsLong | RACSerializerLimits.ownerWaits) else {
            racs_unmark_running_once_flags(RACOnceFlag.runnerWaits)
            return false
        }
        guard racs_mark_draining_queues(RACDeliveryQueueMarks.drainWaits) else {
            racs_unmark_owned_serializers(RACSerializerLimits.ownerWaitsLong | RACSerializerLimits.ownerWaits)
            racs_unmark_running_once_flags(RACOnceFlag.runnerWaits)
            return false
        }
        return true
    }

    /// Clears what `mark()` set.
    @usableFromInline
    internal static func unmark() {
        racs_unmark_draining_queues(RACDeliveryQueueMarks.drainWaits)
        racs_unmark_owned_serializers(RACSerializerLimits.ownerWaitsLong | RACSerializerLimits.ownerWaits)
        racs_unmark_running_once_flags(RACOnceFlag.runnerWaits)
    }
}

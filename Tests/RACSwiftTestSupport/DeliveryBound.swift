/// The most deliveries to the flooded subscriber one call may run on
/// its thread, when `threads` threads touch the subject (send,
/// subscribe or dispose), the caller included. The subscriber is
/// subscribed throughout and its block sends nothing, so each
/// `sendNext` the subject applies is one delivery to it, on the thread
/// that applies it, and no other operation is one (subscribe and
/// dispose deliver nothing; the probes' own subscriber is not counted).
/// Deliveries are thus at most the operations the call applies
/// (RACSerializer, `drain`):
///
/// - 1: its own operation. A caller that finds the subject idle
///   applies it on entry, before it drains what was handed over
///   meanwhile; one the serializer is passed to, or that finds it idle
///   after pushing, applies it first in its drain.
/// - 64 (`termLength`): the term, the operations a drain applies before
///   it sets the retiring bit (for a caller that entered idle, others'
///   only; otherwise its own is among them, one to spare).
/// - 64 (`backlogLimit`): from the retiring bit on, arrivals wait and
///   the first waiter the owner meets in the queue is passed the
///   serializer, with the rest; the owner applies only what was handed
///   over, without waiting, before: at most 64 (a caller hands over and
///   returns only if it read fewer than 64 outstanding, and the
///   outstanding count includes every operation handed over and not
///   yet applied)...
/// - threads - 1: ...plus one per other thread in the middle of a send,
///   which read the count before the bit was set (or below 64) and
///   pushed after. A thread has one such push at most: its next call
///   reads the bit, or the count, and waits.
///
/// That is docs/Concurrency.md point 8's bound, with nothing added.
public func serializerDeliveryBound(threads: Int) -> Int {
    1 + 64 + 64 + (threads - 1)
}

/// A subject that replays past values to new subscribers: RAC 2.5's
/// `RACReplaySubject`.
///
/// It keeps the last `capacity` values in a ring buffer (O(1) per send; an
/// unlimited buffer grows by doubling). A new subscriber receives the kept
/// values, oldest first, then the terminal event if the subject has ended,
/// else every later value: each exactly once and in order, even while other
/// threads send, because recording and delivering a value are one serialized
/// step. With `capacity: 0` only the terminal event is replayed.
public final class RACReplaySubject<Value>: RACSubject<Value>, @unchecked Sendable {
    /// Keep every value.
    public static var unlimitedCapacity: Int { Int.max }

    /// The most values replayed to a new subscriber.
    public var capacity: Int { core.history!.capacity }

    /// A replay subject keeping the last `capacity` values.
    public init(capacity: Int = RACReplaySubject.unlimitedCapacity) {
        super.init(history: RACReplayBuffer(capacity: capacity))
    }
}

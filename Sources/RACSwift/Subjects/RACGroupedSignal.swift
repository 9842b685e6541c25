/// One group of values from `groupBy(_:)`: a subject that carries the key
/// its values share. RAC 2.5's `RACGroupedSignal`.
///
/// It receives each value of the source whose key is `key` (transformed, if
/// `groupBy(_:transform:)` was used), as the source sends it, and completes
/// or fails when the source does. Like any subject, it sends a subscriber
/// only what arrives after that subscriber subscribed.
public final class RACGroupedSignal<Key: Hashable, Value>: RACSubject<Value>, @unchecked Sendable {
    /// The key shared by every value of this group.
    public let key: Key

    /// A group for `key`, with no subscribers: RAC 2.5's
    /// `+[RACGroupedSignal signalWithKey:]`.
    public init(key: Key) {
        self.key = key
        super.init()
    }
}

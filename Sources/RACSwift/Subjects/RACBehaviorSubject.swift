/// A subject that remembers its latest value: RAC 2.5's `RACBehaviorSubject`.
///
/// A new subscriber first receives the latest value sent (or the default
/// value, if none was sent yet), then every later value. The latest value is
/// recorded in the same serialized step that delivers it, so a subscribe
/// racing a send on another thread gets each value exactly once: either
/// replayed or live, never both, never neither.
public final class RACBehaviorSubject<Value>: RACSubject<Value>, @unchecked Sendable {
    /// A behavior subject whose value is `defaultValue` until the first send.
    public convenience init(defaultValue: Value) {
        self.init(defaultValue: defaultValue, replaysOnSubscribingThread: false)
    }

    /// A behavior subject that replays its value to a new subscriber at
    /// once when `replaysOnSubscribingThread` (see `RACSubject`).
    @usableFromInline
    internal init(defaultValue: Value, replaysOnSubscribingThread: Bool) {
        let latest = RACReplayBuffer<Value>(capacity: 1)
        latest.append(defaultValue)
        super.init(history: latest, replaysOnSubscribingThread: replaysOnSubscribingThread)
    }
}

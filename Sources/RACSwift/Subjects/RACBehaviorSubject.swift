/// A subject that remembers its latest value: RAC 2.5's `RACBehaviorSubject`.
///
/// A new subscriber first receives the latest value sent (or the default
/// value, if none was sent yet), then every later value. The latest value is
/// recorded in the same serialized step that delivers it, and a subscriber
/// joins in one serialized step (the replay, then the live values), so a
/// value sent while it joins reaches it at most once, in order: replayed if
/// it was the latest at the join, live if it came after, and not at all if
/// a later value had replaced it by then.
///
/// The join runs through `RACScheduler.subscriptionScheduler`: at once when
/// `subscribe` is called on the main thread, inside a scheduler's block or
/// inside one of the subject's own deliveries, so that the subscriber hears
/// the value latest then and every value sent after `subscribe` returns.
/// Called on any other thread, the join is scheduled on a background
/// scheduler and runs after `subscribe` has returned: of the values sent in
/// between, the subscriber receives only the one that is latest when the
/// join runs. To hear every value sent after the call, subscribe from a
/// scheduler's block.
///
/// RAC 2.5's `RACBehaviorSubject` added the subscriber at once and sent it
/// the latest value through the subscription scheduler, so a subscriber on
/// a background thread heard the values sent in between live but could then
/// hear the replayed value after them, or twice. RACSwift schedules the
/// whole join, as RAC 2.5's `RACReplaySubject` does.
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

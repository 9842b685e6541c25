import Foundation

extension UserDefaults {
    /// A channel terminal bound to the value of `key`: RAC's
    /// `-[NSUserDefaults rac_channelTerminalForKey:]`.
    ///
    /// Subscribers receive the latest value the terminal sent: at first the
    /// key's value (nil when it has none), then, for each change made
    /// elsewhere, the value that change left, unless it equals the last
    /// value sent or stored. As in RAC, the key's value is read and sent
    /// into the channel when this method is called, on the calling thread,
    /// so a subscriber on the main thread (or in a scheduler's block)
    /// receives it on that thread before `subscribeNext` returns. A change's
    /// value is read when its notification is posted, so every change is
    /// heard, in order, even when the next one comes before the terminal's
    /// scheduler gets to it. A value sent into the terminal is stored under
    /// `key` (nil removes it) and is not echoed back to the terminal's
    /// subscribers. Writes and the deliveries of changes happen one at a
    /// time on a serial background scheduler of the terminal's own, so
    /// subscribers hear changes from that scheduler's thread.
    ///
    /// Changes are learnt from `UserDefaults.didChangeNotification`. Apple's
    /// Foundation posts it for every change; swift-corelibs-foundation (Linux)
    /// posts none, so there this method posts it after each write through a
    /// terminal, and other writers should post it too if terminals are to
    /// hear of their changes.
    ///
    /// The binding ends when the channel does (an error or a completion sent
    /// into this terminal), or once the defaults object is gone, at the next
    /// write through the terminal.
    public func rac_channelTerminalForKey(_ key: String) -> RACChannelTerminal<Any?> {
        let channel = RACChannel<Any?>()
        let binding = RACDefaultsBinding(defaults: self, key: key, terminal: channel.leadingTerminal)
        // The current value now, on this thread (RAC's `startWith:`): the
        // following terminal replays it to each subscriber. The scheduler
        // sends nothing before this returns, so it is the first value.
        binding.start(with: object(forKey: key))
        // The key's value once changes are observed (a change between the
        // read above and the observer's start is not lost: this read finds
        // it, and an unchanged value is not sent again), then after each
        // change, each read when it happens (RAC's `map`): read later, on
        // the scheduler, it could already be a later change's, and this
        // change would be lost. A subscriber's events are delivered one at a
        // time, so the reads reach the scheduler in the order they were
        // made, and the last one there is the latest.
        let reads = RACSignal<Void>.createSignal(racSendable { [self] subscriber in
            let changes = NotificationCenter.default
                .rac_addObserver(forName: UserDefaults.didChangeNotification, object: self)
                .subscribeNext { _ in subscriber.sendNext(()) }
            // After the observer is added, so that no change falls between.
            subscriber.sendNext(())
            return changes
        })
        let changes = reads
            .map(racSendable { [weak self] (_: Void) -> Any? in self?.object(forKey: key) })
            .deliverOn(binding.scheduler)
            .subscribeNext { binding.receive($0) }
        _ = channel.leadingTerminal.deliverOn(binding.scheduler).subscribeNext({ value in
            binding.store(value)
        }, error: { _ in changes.dispose() }, completed: { changes.dispose() })
        return channel.followingTerminal
    }

    /// The old spelling of `rac_channelTerminalForKey(_:)`, which the naming
    /// rule makes RAC's selector `rac_channelTerminalForKey:` keep.
    @available(*, deprecated, renamed: "rac_channelTerminalForKey(_:)")
    public func rac_channelTerminal(forKey key: String) -> RACChannelTerminal<Any?> {
        rac_channelTerminalForKey(key)
    }
}

/// What binds one key of a defaults object to a channel's leading terminal.
///
/// Everything it does, after `start(with:)` on the creating thread (before
/// anything is scheduled), runs on `scheduler`, a serial scheduler of its own:
/// receiving the key's value after a change, storing what the terminal
/// receives, and sending to the terminal. So `lastValue`, the value its
/// subscribers last heard, needs no further synchronization, and a write
/// through the terminal updates it before the change's notification (posted
/// by the write, on the scheduler) is handled, which is how the write is
/// kept from echoing back.
// @unchecked Sendable: everything it does runs on its serial scheduler, or
// before the first block is scheduled there (above).
private final class RACDefaultsBinding: @unchecked Sendable {
    let scheduler = RACScheduler.scheduler(name: "RACSwift.rac_channelTerminalForKey")
    private weak var defaults: UserDefaults?
    private let key: String
    private let terminal: RACChannelTerminal<Any?>
    /// nil until the first value; then the key's value as last sent or stored.
    private var lastValue: Any??

    init(defaults: UserDefaults, key: String, terminal: RACChannelTerminal<Any?>) {
        self.defaults = defaults
        self.key = key
        self.terminal = terminal
    }

    /// Sends `value`, the key's value when the terminal was made, as the
    /// first value. Called before anything is scheduled on `scheduler`,
    /// whose blocks therefore see `lastValue` set.
    func start(with value: Any?) {
        lastValue = .some(value)
        terminal.sendNext(value)
    }

    /// Sends `value`, the key's value after a change, if it differs from
    /// the last one; ends the channel if the defaults object is gone.
    func receive(_ value: Any?) {
        guard defaults != nil else {
            terminal.sendCompleted()
            return
        }
        if let lastValue, propertyListValuesEqual(lastValue, value) { return }
        lastValue = .some(value)
        terminal.sendNext(value)
    }

    /// Stores `value` under the key, as what subscribers already know.
    func store(_ value: Any?) {
        guard let defaults else {
            terminal.sendCompleted()
            return
        }
        lastValue = .some(value)
        if let value {
            defaults.set(value, forKey: key)
        } else {
            defaults.removeObject(forKey: key)
        }
        #if !canImport(Darwin)
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        #endif
    }
}

/// Whether two values read from or written to a defaults object are equal.
/// Property list values all bridge to Foundation objects, which compare
/// with `isEqual(_:)`; anything else counts as a change.
private func propertyListValuesEqual(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (nil, nil):
        return true
    case let (a as NSObject, b as NSObject):
        return a.isEqual(b)
    default:
        return false
    }
}

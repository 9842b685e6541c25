/// A two-way binding point: RAC 2.5's `RACChannel`.
///
/// A channel has two terminals. Values sent to one terminal reach the
/// subscribers of the other; an error or a completion sent to either ends
/// both, and reaches the subscribers of both. Conventionally the leading
/// terminal faces the owner of the bound value (a model property) and the
/// following terminal faces whoever binds to it (a view).
///
/// As in RAC, each terminal's subscribers are fed by a replay subject: the
/// leading terminal's keeps no values (capacity 0), so a new subscriber
/// receives only values sent after it subscribed; the following terminal's
/// keeps the latest one (capacity 1), so a new subscriber receives the
/// current value at once. Both replay an error or a completion to later
/// subscribers. Replayed events arrive through the subscription scheduler
/// (at once on the main thread or inside a scheduler's block, else on a
/// background scheduler); live ones on the thread that sent them.
// Not final: `RACKVOChannel` is one, as in RAC.
// @unchecked Sendable: it holds two terminals, which are signals and
// subscribers (see RACSignal) and never change.
public class RACChannel<Value>: @unchecked Sendable {
    /// The terminal facing the owner of the value. Subscribers receive what
    /// is sent to `followingTerminal`, from the time they subscribe.
    public let leadingTerminal: RACChannelTerminal<Value>

    /// The terminal facing whoever binds to the value. Subscribers receive
    /// the latest value sent to `leadingTerminal`, then every later one.
    public let followingTerminal: RACChannelTerminal<Value>

    /// A channel whose terminals have sent nothing yet.
    public init() {
        let leadingSubject = RACReplaySubject<Value>(capacity: 0)
        leadingSubject.name = "leadingSubject"
        let followingSubject = RACReplaySubject<Value>(capacity: 1)
        followingSubject.name = "followingSubject"
        leadingTerminal = RACChannelTerminal(
            outbound: leadingSubject, inbound: RACChannelPeer(own: leadingSubject, other: followingSubject))
        leadingTerminal.name = "leadingTerminal"
        followingTerminal = RACChannelTerminal(
            outbound: followingSubject, inbound: RACChannelPeer(own: followingSubject, other: leadingSubject))
        followingTerminal.name = "followingTerminal"
    }
}

/// One end of a `RACChannel`: RAC 2.5's `RACChannelTerminal`. Also what
/// `RACProperty.channel` and `UserDefaults.rac_channelTerminalForKey(_:)`
/// return, with their own meaning of each direction.
///
/// As a signal, it sends what was sent to the other terminal (see
/// `RACChannel` for what a new subscriber receives first). As a subscriber,
/// it passes values on to the other terminal's subscribers, and an error or
/// a completion to the subscribers of both terminals, ending the channel.
/// Subscribing it to a signal ties that subscription to the channel: it is
/// disposed when the channel ends.
public final class RACChannelTerminal<Value>: RACSignal<Value>, RACSubscriber, @unchecked Sendable {
    /// What this terminal's subscribers receive.
    @usableFromInline internal let outbound: RACSignal<Value>

    /// Where what is sent to this terminal goes.
    @usableFromInline internal let inbound: RACChannelInbound<Value>

    internal init(outbound: RACSignal<Value>, inbound: RACChannelInbound<Value>) {
        self.outbound = outbound
        self.inbound = inbound
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    /// Subscribes to what this terminal's subscribers receive.
    @usableFromInline
    internal override func subscribe(sink: RACSubscriptionSink<Value>) -> RACDisposable {
        outbound.subscribe(sink: sink)
    }

    /// Sends `value` to the other terminal's subscribers, on this thread
    /// (or, if another thread is delivering to them, on that thread).
    @inlinable
    public func sendNext(_ value: Value) {
        inbound.receiveNext(value)
    }

    /// Ends the channel with `error`: this terminal's subscribers receive
    /// it first, then the other terminal's.
    public func sendError(_ error: any Error) {
        inbound.receiveError(error)
    }

    /// Ends the channel: this terminal's subscribers receive the completion
    /// first, then the other terminal's.
    public func sendCompleted() {
        inbound.receiveCompleted()
    }

    /// Ties `disposable`, a subscription of this terminal to a signal, to
    /// the channel: it is disposed when the channel ends, as in RAC (which
    /// hands it to the other terminal's subject).
    public func didSubscribe(with disposable: RACCompoundDisposable) {
        inbound.receiveSubscription(disposable)
    }
}

/// What a terminal does with the events sent into it: the part of a
/// terminal that differs between a channel's two ends, a property's
/// terminal and a defaults key's. The base class ignores everything.
@usableFromInline
internal class RACChannelInbound<Value> {
    @usableFromInline internal func receiveNext(_ value: Value) {}
    @usableFromInline internal func receiveError(_ error: any Error) {}
    @usableFromInline internal func receiveCompleted() {}
    @usableFromInline internal func receiveSubscription(_ disposable: RACCompoundDisposable) {}
}

/// The inbound side of a `RACChannel`'s terminal: values go to the other
/// terminal's subject, terminal events to both.
///
/// RAC forwards only to the other terminal's subject and carries terminal
/// events back through two subscriptions between the subjects
/// (`ignoreValues`, subscribed at init). Sending to both subjects here gives
/// the same events in the same order, since every event enters the subjects
/// through a terminal, without that pair of subscriptions, which would keep
/// each subject alive through the other for ever.
@usableFromInline
internal final class RACChannelPeer<Value>: RACChannelInbound<Value> {
    /// What the terminal's own subscribers receive.
    @usableFromInline internal let own: RACReplaySubject<Value>
    /// What the other terminal's subscribers receive.
    @usableFromInline internal let other: RACReplaySubject<Value>

    internal init(own: RACReplaySubject<Value>, other: RACReplaySubject<Value>) {
        self.own = own
        self.other = other
    }

    @usableFromInline internal override func receiveNext(_ value: Value) { other.sendNext(value) }

    @usableFromInline internal override func receiveError(_ error: any Error) {
        own.sendError(error)
        other.sendError(error)
    }

    @usableFromInline internal override func receiveCompleted() {
        own.sendCompleted()
        other.sendCompleted()
    }

    @usableFromInline internal override func receiveSubscription(_ disposable: RACCompoundDisposable) {
        other.didSubscribe(with: disposable)
    }
}

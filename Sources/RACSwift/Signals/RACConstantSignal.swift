import CShims

/// The signal of `return`, `empty`, `error` and `never`: the same events
/// for every subscriber, known when the signal is made.
///
/// Cheaper than the `createSignal` they used to be: where the subscription
/// runs inline, the subscriber gets its events straight from `subscribe`,
/// without a compound disposable or a source subscriber in front of it, and
/// the subscription's disposable is one shared,
/// disposed already (the subscription has ended). As RAC's
/// `RACReturnSignal` and its siblings do, the events go through the
/// subscription scheduler: at once on the main thread or inside a
/// scheduler's block, else from a block on a background scheduler.
@usableFromInline
internal final class RACConstantSignal<Value>: RACSignal<Value>, @unchecked Sendable {
    /// What each subscriber receives.
    @usableFromInline
    internal enum Events {
        /// The value, then completion.
        case value(Value)
        case completed
        case error(any Error)
        /// Nothing, ever.
        case never
    }

    /// Sends the events to a sink that nothing else sends to; its terminal
    /// event ends it (and its subscription, if it has one). A closure built
    /// in the inlinable `init`, where `Value` is usually concrete: reading
    /// `Events` in `subscribe(sink:)`, which runs unspecialized behind the
    /// vtable, would look the enum's generic metadata up on every
    /// subscription (twice: about 650 instructions of a `return(1)`
    /// lifecycle's 2 000, by callgrind).
    @usableFromInline internal let send: (RACSubscriptionSink<Value>) -> Void

    /// Whether the signal is `never`'s: nothing to send, and a subscription
    /// that must last until it is disposed.
    @usableFromInline internal let sendsNothing: Bool

    @inlinable
    internal init(_ events: Events) {
        switch events {
        case .value(let value):
            send = { sink in
                sink.sendNext(value)
                sink.sendCompleted()
            }
        case .completed:
            send = { sink in sink.sendCompleted() }
        case .error(let error):
            send = { sink in sink.sendError(error) }
        case .never:
            send = { _ in }
        }
        if case .never = events { sendsNothing = true } else { sendsNothing = false }
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    @usableFromInline
    internal override func subscribe(sink: RACSubscriptionSink<Value>) -> RACDisposable {
        guard !sendsNothing, !sink.wantsItsSubscription, RACScheduler.subscriptionRunsInline else {
            return subscribeThroughCompound(sink)
        }
        // Sent and ended before returning: nothing for a blocking read to
        // wait for from here.
        send(sink)
        // Not the sink: whoever keeps the returned disposable (an operator's
        // compound) must not keep the sink, which keeps its downstream.
        return racDisposedDisposable
    }

    /// The general path: the sink bound to a subscription of its own, as
    /// `createSignal`'s are; for a subscriber that wants to be told of its
    /// subscription, for `never` (which must release the sink when
    /// disposed), and off the main thread, where the events come from the
    /// subscription scheduler.
    private func subscribeThroughCompound(_ sink: RACSubscriptionSink<Value>) -> RACDisposable {
        let subscription = RACCompoundDisposable()
        let sink = sink.bind(to: subscription)
        if sendsNothing {
            // A blocking read waits, as RAC's did: nothing here can tell
            // that nobody else will answer.
            racs_probe_note_other_source()
            return subscription
        }
        // Inline, sent before returning; scheduled, the scheduler tells a
        // blocking read that an answer may come.
        if RACScheduler.subscriptionRunsInline {
            send(sink)
        } else {
            subscription.add(RACScheduler.subscriptionScheduler.schedule(racSendable { [send] in send(sink) }))
        }
        return subscription
    }
}

/// The disposable of a subscription that ended before `subscribe` returned
/// and holds nothing: disposed already, shared by all of them.
internal let racDisposedDisposable: RACDisposable = {
    let disposable = RACDisposable()
    disposable.dispose()
    return disposable
}()

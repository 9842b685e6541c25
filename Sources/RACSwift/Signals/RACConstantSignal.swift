import CShims

/// The signal of `never`, and the base of those of `return`, `empty` and
/// `error`: the same events for every subscriber, known when the signal is
/// made.
///
/// Cheaper than the `createSignal` they used to be: where the subscription
/// runs inline, the subscriber gets its events straight from `subscribe`,
/// without a compound disposable or a source subscriber in front of it, and
/// the subscription's disposable is one shared,
/// disposed already (the subscription has ended). As RAC's
/// `RACReturnSignal` and its siblings do, the events go through the
/// subscription scheduler: at once on the main thread or inside a
/// scheduler's block, else from a block on a background scheduler.
///
/// The events are the subclasses' stored properties, read by their
/// `send(to:)`: no closure, so that making one (a `flattenMap` block makes
/// one per value) allocates the signal and nothing else. Reading a stored
/// `Value` in `send(to:)`, which runs unspecialized behind the vtable, needs
/// only the metadata the object carries; an enum of the events would be
/// looked up in the runtime's generic metadata cache on every subscription
/// (about 650 instructions of a `return(1)` lifecycle's 2 000, by callgrind).
@usableFromInline
internal class RACConstantSignal<Value>: RACSignal<Value>, @unchecked Sendable {
    /// Whether the signal is `never`'s: nothing to send, and a subscription
    /// that must last until it is disposed.
    @usableFromInline internal let sendsNothing: Bool

    /// `never`'s signal (`sendsNothing`), or, from a subclass, one that
    /// sends what its `send(to:)` does; named `name`.
    @inlinable
    internal init(sendsNothing: Bool, name: String) {
        self.sendsNothing = sendsNothing
        super.init(named: .fixed(name))
    }

    override class var subscribesSinks: Bool { true }

    /// Sends the events to a sink that nothing else sends to; its terminal
    /// event ends it (and its subscription, if it has one). `never` sends
    /// nothing.
    @usableFromInline
    internal func send(to sink: RACSubscriptionSink<Value>) {}

    @usableFromInline
    internal override func subscribe(sink: RACSubscriptionSink<Value>) -> RACDisposable {
        guard !sendsNothing, !sink.wantsItsSubscription, RACScheduler.subscriptionRunsInline else {
            return subscribeThroughCompound(sink)
        }
        // Sent and ended before returning: nothing for a blocking read to
        // wait for from here.
        send(to: sink)
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
            send(to: sink)
        } else {
            subscription.add(RACScheduler.subscriptionScheduler.schedule(racSendable { [self] in send(to: sink) }))
        }
        return subscription
    }
}

/// The signal of `return`: the value, then completion.
@usableFromInline
internal final class RACReturnSignal<Value>: RACConstantSignal<Value>, @unchecked Sendable {
    @usableFromInline internal let value: Value

    @inlinable
    internal init(_ value: Value) {
        self.value = value
        super.init(sendsNothing: false, name: "+return:")
    }

    @usableFromInline
    internal override func send(to sink: RACSubscriptionSink<Value>) {
        sink.sendNext(value)
        sink.sendCompleted()
    }

    /// The value, where the subscription runs inline.
    internal override func sendInline(to sink: RACSubscriptionSink<Value>) -> RACInlineEnd? {
        guard RACScheduler.subscriptionRunsInline else { return nil }
        sink.sendNext(value)
        return .completed
    }

    /// `transform(value)`, where the subscription runs inline.
    internal override func sendInline<U>(mapping transform: (Value) -> U,
                                         to sink: RACSubscriptionSink<U>) -> RACInlineEnd? {
        guard RACScheduler.subscriptionRunsInline else { return nil }
        sink.sendNext(transform(value))
        return .completed
    }
}

/// The signal of `empty` (no error: completion) and `error`.
@usableFromInline
internal final class RACEndSignal<Value>: RACConstantSignal<Value>, @unchecked Sendable {
    @usableFromInline internal let error: (any Error)?

    @inlinable
    internal init(error: (any Error)?) {
        self.error = error
        super.init(sendsNothing: false, name: error == nil ? "+empty" : "+error:")
    }

    @usableFromInline
    internal override func send(to sink: RACSubscriptionSink<Value>) {
        if let error { sink.sendError(error) } else { sink.sendCompleted() }
    }

    /// No value, where the subscription runs inline.
    internal override func sendInline(to _: RACSubscriptionSink<Value>) -> RACInlineEnd? {
        end
    }

    /// No value to map, where the subscription runs inline.
    internal override func sendInline<U>(mapping _: (Value) -> U, to _: RACSubscriptionSink<U>) -> RACInlineEnd? {
        end
    }

    /// The terminal event, where the subscription runs inline.
    private var end: RACInlineEnd? {
        guard RACScheduler.subscriptionRunsInline else { return nil }
        guard let error else { return .completed }
        return .failed(error)
    }
}

/// The disposable of a subscription that ended before `subscribe` returned
/// and holds nothing: disposed already, shared by all of them.
internal let racDisposedDisposable: RACDisposable = {
    let disposable = RACDisposable()
    disposable.dispose()
    return disposable
}()

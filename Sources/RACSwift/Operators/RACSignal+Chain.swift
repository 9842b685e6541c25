// One source after another: the `chain(_:_:)` building block (see
// RACMultiSourceSignal.swift).

extension RACSignal {
    /// Subscribes the receiver, and each time the current source ends, asks
    /// the decision that `makeNext` makes for this subscription what comes
    /// next: given the error (nil for completion), it returns the signal to
    /// subscribe next, or nil to send that terminal event on.
    ///
    /// Sources never overlap (the next is subscribed only after the current
    /// one ended), so values go straight to the downstream sink, one hop,
    /// without a gate. The decision runs after one source's end and before
    /// the next source's subscription, so its state needs no atomics.
    ///
    /// Without `rescheduling`, the next source is subscribed at once, on the
    /// thread where the previous one ended (concat, then, catch). With it,
    /// each next subscription is a block scheduled on the current scheduler
    /// of the thread where the first source ended, or on a new background
    /// scheduler if there is none: RAC 2.5's `subscribeForever` for
    /// `repeat` and `retry`. That lets a source that ends during its own
    /// `subscribe` (any synchronous signal) return first, so the whole
    /// subscription is wired up, and a `take(_:)` downstream can end an
    /// endless repetition, before the next attempt starts.
    ///
    /// Subscriptions pass through a `RACSerializer` used as a trampoline: a
    /// source that ends inside its own `subscribe` asks for the next one
    /// from within that call, and the serializer defers that subscription
    /// until the call has returned, so `concat` of many synchronous signals
    /// loops instead of recursing. It also orders each source's
    /// subscription before the next one's when a source ends on another
    /// thread while its `subscribe` is still running.
    ///
    /// In site mode, every source after the first is subscribed at `site`
    /// (the first is subscribed for the `subscribe…` call, inside it).
    internal func chain(
        _ name: @autoclosure @escaping () -> String,
        rescheduling: Bool = false,
        at site: RACOperatorSite?,
        _ makeNext: @escaping () -> (_ error: (any Error)?) -> RACSignal<Value>?
    ) -> RACSignal<Value> {
        RACSignal.multiSource(name(), sources: .one(self)) { downstream, group in
            let next = makeNext()
            // Holds the subscription to the current source; swapping in the
            // next one lets the previous go without disposing it again (a
            // source that ended has disposed its own subscription).
            let current = RACSerialDisposable()
            group.add(current)
            // Holds the scheduled block that will subscribe the next source,
            // so that disposal cancels it.
            let scheduled = rescheduling ? RACSerialDisposable() : nil
            group.add(scheduled)
            // Chosen once, at the first rescheduling. Like the decision's
            // state, touched only between one source's end and the next
            // subscription.
            var scheduler: RACScheduler?
            let trampoline = RACAtomicCell(count: RACSerializer<RACSignal<Value>>.wordCount)
            // Whether the first source is subscribed; touched only inside
            // the trampoline.
            var subscribedFirst = false

            func subscribe(_ source: RACSignal<Value>) {
                RACSerializer(trampoline.word(0))
                    .perform(source, now: { subscribeNow(source) }, subscribeNow)
            }

            // Runs inside the trampoline.
            func subscribeNow(_ source: RACSignal<Value>) {
                guard !downstream.isDisposed else { return }
                let later = subscribedFirst
                subscribedFirst = true
                current.disposable = RACOperatorSite.subscribing(at: later ? site : nil) {
                    source.subscribe(sink: RACForwardingSink(
                        passingTo: downstream,
                        onError: { error, _ in end(error) },
                        onCompleted: { _ in end(nil) }))
                }
            }

            func end(_ error: (any Error)?) {
                guard let source = next(error) else {
                    if let error { downstream.sendError(error) } else { downstream.sendCompleted() }
                    return
                }
                guard let scheduled else { return subscribe(source) }
                let chosen = scheduler ?? RACScheduler.currentScheduler ?? RACScheduler.scheduler()
                scheduler = chosen
                // If the block runs on another thread and its source ends
                // before this assignment, the block scheduled for that end
                // is stored first and then replaced by this spent one; it
                // then escapes cancellation, but a run after disposal finds
                // the subscription disposed in `subscribeNow`.
                scheduled.disposable = chosen.schedule(racSendable { subscribe(source) })
            }

            subscribe(self)
        }
    }
}

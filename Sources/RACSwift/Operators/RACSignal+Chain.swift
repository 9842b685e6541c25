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
    /// Subscriptions pass through a trampoline (see `RACChainRun`): a
    /// source that ends inside its own `subscribe` asks for the next one
    /// from within that call, and that subscription waits until the call
    /// has returned, so `concat` of many synchronous signals loops instead
    /// of recursing. It also orders each source's subscription before the
    /// next one's when a source ends on another thread while its
    /// `subscribe` is still running.
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
            let run = RACChainRun(downstream: downstream, rescheduling: rescheduling, site: site,
                                  next: makeNext())
            group.add(run.current)
            group.add(run.scheduled)
            run.subscribe(self)
        }
    }
}

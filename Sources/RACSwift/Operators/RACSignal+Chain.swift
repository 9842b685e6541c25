// One source after another: the `chain(_:_:)` building block (see
// RACMultiSourceSignal.swift).

/// A chain's decision (see `RACSignal.chain(_:rescheduling:at:_:)`): given
/// the error that ended the current source (nil for completion) and how
/// many sources have ended, that one included, the signal to subscribe
/// next, or nil to send that terminal event on. Shared by every
/// subscription: what a subscription has done so far is `ended`, so that
/// subscribing allocates no state for the decision.
internal typealias RACChainDecision<Value> = (_ error: (any Error)?, _ ended: Int) -> RACSignal<Value>?

/// The signal of `chain(_:rescheduling:at:_:)`.
internal final class RACChainSignal<Value>: RACSignal<Value>, @unchecked Sendable {
    private let first: RACSignal<Value>
    private let next: RACChainDecision<Value>
    private let rescheduling: Bool
    private let site: RACOperatorSite?

    init(first: RACSignal<Value>, rescheduling: Bool, site: RACOperatorSite?, next: @escaping RACChainDecision<Value>) {
        self.first = first
        self.next = next
        self.rescheduling = rescheduling
        self.site = site
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    override var graphInputs: [any RACGraphNode] { [first] }

    override func subscribe(sink downstream: RACSubscriptionSink<Value>) -> RACDisposable {
        var source = first
        var ended = 0
        // Sources that end inline (`return`, `empty`, `error`, where the
        // subscription runs inline) need no subscription: their values go
        // straight downstream and the decision follows at once, as it would
        // once their `subscribe` returned to the trampoline. A chain that
        // ends this way needs no run, no compound and no sink of its own (a
        // `catch` lifecycle of `error` and `return` allocated 7 objects for
        // them). A subscriber told of its subscription gets one from the
        // start.
        if !downstream.wantsItsSubscription {
            while let end = source.sendInline(to: downstream) {
                ended += 1
                // Ended by one of the values (a `take` downstream): nothing
                // more is subscribed, and no decision is asked, as for a
                // run whose subscription that disposed.
                guard !downstream.isDisposed else { return racDisposedDisposable }
                guard let following = next(end.error, ended) else {
                    downstream.send(end)
                    return racDisposedDisposable
                }
                source = following
                // A rescheduled source is subscribed from a block that the
                // subscription can cancel: the run's.
                if rescheduling { break }
            }
        }
        let group = RACCompoundDisposable()
        let run = RACChainRun(downstream: downstream.bind(to: group), rescheduling: rescheduling, site: site,
                              ended: ended, next: next)
        group.add(run.current)
        group.add(run.scheduled)
        run.proceed(to: source)
        return group
    }
}

extension RACSignal {
    /// Subscribes the receiver, and each time the current source ends, asks
    /// `next` what comes next (see `RACChainDecision`).
    ///
    /// Sources never overlap (the next is subscribed only after the current
    /// one ended), so values go straight to the downstream sink, one hop,
    /// without a gate. The decision runs after one source's end and before
    /// the next source's subscription.
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
    /// `subscribe` is still running. Sources that end inline are not
    /// subscribed at all (see `RACChainSignal.subscribe(sink:)`).
    ///
    /// In site mode, every source after the first is subscribed at `site`
    /// (the first is subscribed for the `subscribe…` call, inside it).
    internal func chain(
        _ name: @autoclosure @escaping () -> String,
        rescheduling: Bool = false,
        at site: RACOperatorSite?,
        _ next: @escaping RACChainDecision<Value>
    ) -> RACSignal<Value> {
        RACChainSignal(first: self, rescheduling: rescheduling, site: site, next: next).setName(derivedBy: name)
    }
}

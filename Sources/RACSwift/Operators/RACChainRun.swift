/// One subscription to a `chain(_:_:)` (concat, then, catch, retry,
/// repeat) whose sources do not all end inline (see
/// `RACChainSignal.subscribe(sink:)`): the count of ended sources that the
/// decision is given, the subscription to the current source, and the
/// trampoline that subscribes the next one, in one object, so that a
/// subscription allocates it and not a cell, a box and a closure context
/// per piece of state (W14).
///
/// **The trampoline.** A source that ends inside its own `subscribe` asks
/// for the next one from within that call: the thread applying the
/// trampoline's operation (word 4 holds its id) keeps the next source in
/// `deferred` and subscribes it once the call has returned, so a run of
/// synchronous sources loops instead of recursing, and hands nothing over.
/// Any other thread (a source that ends on another thread, perhaps while
/// its `subscribe` still runs; a rescheduled subscription) goes through
/// the serializer over words 0 to 3, which orders each source's
/// subscription before the next one's.
internal final class RACChainRun<Value>: @unchecked Sendable {
    /// Words 0 to 3: the trampoline's serializer; word 4: the thread
    /// applying its operation, or 0 (only that thread stores its own id).
    /// Must stay the first stored property (see `RACInlineAtomics`).
    private var _atomics: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)

    private let downstream: RACSubscriptionSink<Value>
    /// The chain's decision, shared by its subscriptions.
    private let next: RACChainDecision<Value>
    /// Holds the subscription to the current source; swapping in the next
    /// one lets the previous go without disposing it again (a source that
    /// ended has disposed its own subscription).
    let current = RACSerialDisposable()
    /// Holds the scheduled block that will subscribe the next source, so
    /// that disposal cancels it; nil without rescheduling.
    let scheduled: RACSerialDisposable?

    // Touched only between one source's end and the next subscription.
    /// Chosen once, at the first rescheduling.
    @exclusivity(unchecked) private var scheduler: RACScheduler?
    /// The sources that have ended, those that ended inline before the run
    /// was made included.
    @exclusivity(unchecked) private var ended: Int

    /// Owner-only (the trampoline): the source to subscribe once the
    /// current subscription call has returned.
    @exclusivity(unchecked) private var deferred: RACSignal<Value>?

    /// Site mode: where the operator was applied, for the sources after the
    /// first (see `RACOperatorSite`); nil otherwise.
    private let site: RACOperatorSite?

    /// A run whose first `ended` sources ended inline, before it was made.
    init(downstream: RACSubscriptionSink<Value>, rescheduling: Bool, site: RACOperatorSite?, ended: Int,
         next: @escaping RACChainDecision<Value>) {
        self.downstream = downstream
        self.next = next
        self.site = site
        self.ended = ended
        scheduled = rescheduling ? RACSerialDisposable() : nil
    }

    private var trampoline: RACSerializer<AnyObject> { RACSerializer(RACInlineAtomics.word(0, of: self)) }
    private var applyingThread: RACAtomicWord { RACInlineAtomics.word(4, of: self) }

    /// Continues with `source`: the first, or the one the decision named
    /// after the last end, subscribed at once or rescheduled.
    func proceed(to source: RACSignal<Value>) {
        guard let scheduled, ended > 0 else { return subscribe(source) }
        let chosen = scheduler ?? RACScheduler.currentScheduler ?? RACScheduler.scheduler()
        scheduler = chosen
        // If the block runs on another thread and its source ends before
        // this assignment, the block scheduled for that end is stored first
        // and then replaced by this spent one; it then escapes
        // cancellation, but a run after disposal finds the subscription
        // disposed in `subscribeNow`.
        scheduled.disposable = chosen.schedule(racSendable { [self] in subscribe(source) })
    }

    /// Subscribes `source` as the current one, after the subscription call
    /// in progress (on any thread) has returned.
    private func subscribe(_ source: RACSignal<Value>) {
        // Relaxed: only this thread ever stores its own id, so reading it
        // back means this thread is applying, and `deferred` is its own.
        if applyingThread.load(.relaxed) == RACThreadID.current {
            deferred = source
            return
        }
        // `AnyObject`, not `RACSignal<Value>`: this runs unspecialized,
        // where a serializer and node spelled with `Value` cost a runtime
        // metadata lookup at every use.
        trampoline.perform(source, now: { applyAsOwner(source) }) {
            // Only `subscribe` hands operations over: a `RACSignal<Value>`.
            applyAsOwner(unsafeDowncast($0, to: RACSignal<Value>.self))
        }
    }

    private func applyAsOwner(_ source: RACSignal<Value>) {
        // Relaxed: read back only by this thread (see `subscribe`).
        applyingThread.store(RACThreadID.current, .relaxed)
        var source = Optional(source)
        while let now = source {
            subscribeNow(now)
            source = deferred
            deferred = nil
        }
        applyingThread.store(0, .relaxed)
    }

    private func subscribeNow(_ source: RACSignal<Value>) {
        guard !downstream.isDisposed else { return }
        current.disposable = RACOperatorSite.subscribing(at: ended > 0 ? site : nil) {
            source.subscribe(sink: RACForwardingSink(
                passingTo: downstream,
                onError: { [self] error, _ in end(error) },
                onCompleted: { [self] _ in end(nil) }))
        }
    }

    private func end(_ error: (any Error)?) {
        ended += 1
        guard let source = next(error, ended) else {
            if let error { downstream.sendError(error) } else { downstream.sendCompleted() }
            return
        }
        proceed(to: source)
    }
}

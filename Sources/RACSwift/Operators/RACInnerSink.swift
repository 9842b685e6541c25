/// The sink of one inner signal of `flattenMap`, `flatten` and `concat`:
/// passes its values and its error to the gate, and on completion takes the
/// inner subscription out of the group again and calls `onCompleted`.
///
/// The inner subscription joins the group only if it is still running when
/// `subscribe` returns (`register(_:)`): an inner signal that completes
/// inside its own subscription (`return`, `empty`, a `map` of them) costs
/// this sink and nothing else: no entry in the group, no pass through the
/// group's serializer, no disposable kept. One that ends later takes its
/// entry out again, so that a long-lived receiver does not grow the group.
///
/// The subscribing thread and the completing one (which may be another:
/// an inner signal that completes on a scheduler) decide who takes the entry
/// out by the registration word, the sink's inline word 0 (words 0 to 3 are
/// the serializer of a sink that serializes, which this one never does:
/// what a source's own code may send from several threads at once reaches
/// it through a `RACSourceSubscriber`; word 4 holds the sink's site record
/// in site mode, see `recordSite()`):
///
/// - `subscribing` until one of the two acts;
/// - `ended`, set by the completion (an exchange): a subscribing thread that
///   finds it adds nothing, or takes out what it has just added;
/// - `inGroup`, set by the subscribing thread once the entry is in the group
///   (a compare-exchange from `subscribing`): the completion that finds it
///   takes the entry out.
///
/// So whichever of the two comes second takes the entry out, and exactly
/// one does. An inner subscription that the group's disposal meets while
/// it is being subscribed is disposed as soon as it is added, as a child
/// added to a disposed compound is; the gate, behind the disposed
/// downstream sink, passes nothing on meanwhile.
internal final class RACInnerSink<Value>: RACSubscriptionSink<Value>, @unchecked Sendable {
    private let gate: RACSubscriptionSink<Value>
    private let group: RACCompoundDisposable
    private let onCompleted: () -> Void

    /// The inner subscription in the group: written by the subscribing
    /// thread before it publishes `inGroup` (release), read and cleared by
    /// the completion only after it saw `inGroup` (acquire). Never touched
    /// by both at once.
    @exclusivity(unchecked) private var entry: RACDisposable?

    /// The values of the registration word.
    private enum Registration {
        static var subscribing: Int { 0 }
        static var ended: Int { 1 }
        static var inGroup: Int { 2 }
    }

    private var registration: RACAtomicWord { word(0) }

    private init(passingTo gate: RACSubscriptionSink<Value>, in group: RACCompoundDisposable,
                 onCompleted: @escaping () -> Void) {
        self.gate = gate
        self.group = group
        self.onCompleted = onCompleted
        super.init()
    }

    /// Subscribes `inner` with a new sink of this class: its values and
    /// error go to `gate`, its completion calls `onCompleted`, and its
    /// subscription is in `group` while it runs. In site mode, the
    /// subscription is made at `site` (see `RACOperatorSite`).
    ///
    /// Called on a metatype the operator took once per subscription (`let
    /// innerSink = RACInnerSink<U>.self`): the operators run unspecialized,
    /// where naming `RACInnerSink<U>` looks its metadata up in the runtime's
    /// cache (about 330 instructions, by callgrind), and a static method
    /// makes the sink from the metatype it is called on.
    static func subscribe(_ inner: RACSignal<Value>, passingTo gate: RACSubscriptionSink<Value>,
                          in group: RACCompoundDisposable, at site: RACOperatorSite?,
                          onCompleted: @escaping () -> Void) {
        let sink = self.init(passingTo: gate, in: group, onCompleted: onCompleted)
        sink.register(RACOperatorSite.subscribing(at: site) { inner.subscribe(sink: sink) })
    }

    /// Called by the subscribing thread once `subscribe` returned
    /// `subscription`: puts it in the group unless the inner signal has
    /// completed already.
    private func register(_ subscription: RACDisposable) {
        // Acquire: pairs with the completion's exchange, though seeing
        // `ended` only means there is nothing to add.
        guard registration.load(.acquire) == Registration.subscribing else { return }
        entry = subscription
        group.add(subscription)
        // Release: publishes `entry` to a completion that finds `inGroup`.
        // Acquire on failure: the completion came meanwhile, and saw
        // `subscribing`, so it left the entry to this thread.
        if registration.compareExchange(expected: Registration.subscribing, desired: Registration.inGroup,
                                        .acq_rel, .acquire) != Registration.subscribing {
            group.remove(subscription)
        }
    }

    override func receiveNext(_ value: Value) {
        gate.sendNext(value)
    }

    override func receiveError(_ error: any Error) {
        gate.sendError(error)
    }

    override func receiveCompleted() {
        // Acquire-release: sees `entry` if the subscribing thread got there
        // first; tells it otherwise that there is nothing to add.
        if registration.exchange(Registration.ended, .acq_rel) == Registration.inGroup {
            group.remove(entry)
            entry = nil
        }
        onCompleted()
    }
}

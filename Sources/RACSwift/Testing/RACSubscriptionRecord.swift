import CShims

/// Where one subscription was made and on which signal, recorded in site
/// mode (see `RACLiveSubscriptions.recordsSites`) by the sink of the
/// subscription, which marks it ended when the subscription ends.
///
/// A public `subscribe…` call sets a `RACSiteContext` on its thread while it
/// subscribes; the first sink made under it is the call's own subscription
/// (`root` is nil), every later one an operator's subscription to its
/// source, made for it (`root` is the call's record). A sink made under no
/// context (an operator's inner subscription made later, inside a delivery)
/// records neither site nor signal.
internal final class RACSubscriptionRecord: @unchecked Sendable {
    /// Empty when the site is not known.
    internal let file: StaticString
    internal let line: UInt
    /// The name of the signal the call subscribed to, as it read then.
    internal let signalName: String?
    /// The record of the `subscribe…` call this subscription was made for,
    /// or nil if it is that call's own.
    internal let root: RACSubscriptionRecord?
    /// When it was made, in the order of all records (for `RACLeakCheck`).
    internal let sequence: Int
    /// Word 0: nonzero once the subscription ended.
    private let state = RACAtomicCell(count: 1)

    internal init(file: StaticString, line: UInt, signalName: String?, root: RACSubscriptionRecord?) {
        self.file = file
        self.line = line
        self.signalName = signalName
        self.root = root
        sequence = RACSubscriptionRegistry.nextSequence()
    }

    /// Whether the subscription ended. Relaxed: a listing racing the end
    /// may count it either way; one made after the end sees it (the ending
    /// thread synchronized with the lister, or there is no "after").
    internal var hasEnded: Bool { state.word().load(.relaxed) != 0 }

    internal func markEnded() { state.word().store(1, .relaxed) }
}

/// The public `subscribe…` call running on a thread in site mode: its site
/// and signal, and the record of the first subscription made under it.
@usableFromInline
internal final class RACSiteContext {
    internal let file: StaticString
    internal let line: UInt
    internal let signalName: String
    /// The context it replaced on the thread (a `subscribe…` call made while
    /// another one subscribes, from a `createSignal` block).
    internal let outer: UnsafeMutableRawPointer?
    /// Set by the first sink made under the context.
    internal var root: RACSubscriptionRecord?

    internal init(file: StaticString, line: UInt, signalName: String,
                  outer: UnsafeMutableRawPointer?) {
        self.file = file
        self.line = line
        self.signalName = signalName
        self.outer = outer
    }

    /// Runs `body` with a context for a `subscribe…` call at `file`:`line` on
    /// `signal` set on this thread.
    @usableFromInline
    internal static func run(file: StaticString, line: UInt, signal: AnyObject,
                             name: (AnyObject) -> String,
                             _ body: () -> RACDisposable) -> RACDisposable {
        // The name now, once for every subscription the call makes: an
        // operator's signal is usually gone once it is subscribed (its
        // sinks keep its blocks, not it), and a reference to the signal
        // would keep a subject alive whose end must end its subscriptions.
        let context = RACSiteContext(file: file, line: line, signalName: name(signal), outer: racs_site_context())
        racs_set_site_context(Unmanaged.passUnretained(context).toOpaque())
        defer { racs_set_site_context(context.outer) }
        return withExtendedLifetime(context) { body() }
    }

    /// A record for a subscription made now on this thread.
    internal static func recordForNewSubscription() -> RACSubscriptionRecord {
        guard let bits = racs_site_context() else {
            return RACSubscriptionRecord(file: "", line: 0, signalName: nil, root: nil)
        }
        let context = Unmanaged<RACSiteContext>.fromOpaque(bits).takeUnretainedValue()
        let record = RACSubscriptionRecord(file: context.file, line: context.line,
                                           signalName: context.signalName, root: context.root)
        if context.root == nil { context.root = record }
        return record
    }
}

extension RACSubscriptionSink {
    /// Site mode: records where the sink, joining its first subscription
    /// and not yet handed to a source, was made, keeping the record
    /// (retained) in word 4.
    @inline(never)
    internal final func recordSite() {
        let record = RACSiteContext.recordForNewSubscription()
        RACSubscriptionRegistry.add(record)
        word(4).store(Int(bitPattern: Unmanaged.passRetained(record).toOpaque()), .relaxed)
        // A read-modify-write: a `defer`red sink's state may be touched by a
        // disposal already. Release: whoever ends the subscription, with its
        // acquiring exchange of the state, sees word 4.
        _ = stateWord.fetchOr(RACSinkState.recorded, .release)
    }

    /// Marks the sink's record ended and lets go of it. Called once, by the
    /// thread that ended the subscription (or by deinit).
    @usableFromInline @inline(never)
    internal final func endRecord() {
        let bits = word(4).exchange(0, .relaxed)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
        let record = Unmanaged<RACSubscriptionRecord>.fromOpaque(pointer)
        record._withUnsafeGuaranteedRef { $0.markEnded() }
        record.release()
    }
}

/// Every record of a live subscription, lock-free to add to.
///
/// Adding pushes onto a Treiber stack (`incoming`). The records are sorted
/// out, and the ended ones dropped, by one thread at a time, the one that
/// holds the `busy` flag: a listing, or an adder once every 1 024 adds
/// (it skips that if the flag is taken), which keeps the stack and the
/// ended records bounded by the live ones plus about 1 024 per thread. A
/// listing waits only for another holder's sorting (bounded by the records
/// there are), never for a subscription.
internal enum RACSubscriptionRegistry {
    /// Word 0: the top of `incoming`; word 1: `busy`; word 2: the adds
    /// since the start; word 3: the sequence of the next record.
    private static let words = RACAtomicCell(count: 4)

    /// The records taken from `incoming`, oldest first; touched only by the
    /// holder of `busy`, whose acquiring claim and releasing end publish it
    /// from holder to holder.
    nonisolated(unsafe) private static var sorted: [RACSubscriptionRecord] = []

    private static var incoming: RACPendingStack<RACSubscriptionRecord> { RACPendingStack(top: words.word(0)) }

    internal static func nextSequence() -> Int {
        words.word(3).fetchAdd(1, .relaxed)
    }

    /// The sequence the next record will have.
    internal static var currentSequence: Int { words.word(3).load(.relaxed) }

    internal static func add(_ record: RACSubscriptionRecord) {
        incoming.push(record)
        if words.word(2).fetchAdd(1, .relaxed) & 1_023 == 1_023, claim() {
            sort()
            words.word(1).store(0, .release)
        }
    }

    /// The records of the subscriptions that have not ended, oldest first.
    internal static func live() -> [RACSubscriptionRecord] {
        // The holder only sorts, with no call out: its hold ends soon.
        while !racSpin(until: claim) {}
        sort()
        let live = sorted
        words.word(1).store(0, .release)
        return live
    }

    /// Takes `busy`, if free. Acquire: see `sorted`.
    private static func claim() -> Bool {
        words.word(1).load(.relaxed) == 0 && words.word(1).compareExchange(expected: 0, desired: 1, .acquire, .relaxed) == 0
    }

    /// Holder only: moves `incoming` into `sorted` and drops ended records.
    private static func sort() {
        sorted.removeAll { $0.hasEnded }
        incoming.takeAll { record in
            if !record.hasEnded { sorted.append(record) }
        }
    }
}

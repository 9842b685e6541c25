/// How many subscribers a hot signal has, and its one connection to its
/// source while it has any: made when the count leaves 0, cancelled when it
/// returns to 0, made again when it next leaves 0.
///
/// **Who acts.** The count and a generation number share one word, so each
/// change of the count is one atomic step, and the steps are linearized:
/// the subscriber whose step takes the count from 0 to 1 starts generation
/// `g` and connects it, on its own thread; the one whose step takes it back
/// to 0 cancels generation `g`, on its own thread, before its `dispose()`
/// returns. No thread ever connects or cancels for another, and no thread
/// waits for another.
///
/// **Out of order.** The connector of `g` and its canceller run on two
/// threads, so the cancel may come first (a subscriber disposed at once),
/// and the connector of `g + 1` may run before the canceller of `g`. Each
/// connection therefore carries its generation, and the rule is: a
/// connection is cancelled exactly when its generation's last subscriber
/// has left. The canceller raises `cancelledThrough` to `g`, then cancels
/// the published connection if its generation is `g` or older; a connector
/// publishes its connection unless a newer generation's is there (then its
/// own generation has ended: a connector can run that late), cancels the
/// one it replaced (older, so its last subscriber has left: the count
/// returned to 0 before this generation began), then cancels its own if
/// `cancelledThrough` reached it. (Verification/models/hot.pml checks
/// this, and found the late connector.) The canceller's raise-then-look and the connector's
/// publish-then-look are sequentially consistent, so of the two at least
/// one sees the other (the store-buffering pattern): no connection outlives
/// its generation. And none is cancelled early: every path above cancels
/// a generation whose count returned to 0.
///
/// **Ended.** Once the hot signal has ended (its source sent a terminal
/// event), a subscriber that takes the count from 0 to 1 does not connect:
/// the signal ends it at once, as a subject does.
// @unchecked Sendable: every field is an atomic word.
internal final class RACHotConnector: @unchecked Sendable {
    /// 0: `occupancy`; 1: `cancelledThrough`; 2 to 4: the connection
    /// published last (`RACAtomicReference`). Must stay the first stored
    /// property (`RACInlineAtomics`).
    private var _atomics: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)

    /// Subscribers in the low 32 bits, the generation in the high 32, and
    /// `endedBit`.
    private var occupancy: RACAtomicWord { RACInlineAtomics.word(0, of: self) }
    /// The newest generation whose last subscriber has left.
    private var cancelledThrough: RACAtomicWord { RACInlineAtomics.word(1, of: self) }
    private var published: RACAtomicReference {
        RACAtomicReference(value: RACInlineAtomics.word(2, of: self), readers: RACInlineAtomics.word(3, of: self),
                           retired: RACInlineAtomics.word(4, of: self))
    }

    private static let one = 1
    private static let countMask = 0x7FFF_FFFF
    private static let endedBit = 1 << 31
    private static let generationUnit = 1 << 32

    /// Generations are compared as serial numbers: they wrap after 2^32
    /// connections, and the ones in flight at a time are never 2^31 apart.
    private static func generation(_ state: Int) -> UInt32 { UInt32(truncatingIfNeeded: state >> 32) }
    private static func isAtOrBefore(_ a: UInt32, _ b: UInt32) -> Bool { Int32(bitPattern: a &- b) <= 0 }

    init() {}

    deinit {
        published.destroy()
    }

    /// Counts a subscriber in; returns the generation to connect if it is
    /// the first one (and the signal has not ended), else nil.
    func subscriberArrives() -> UInt32? {
        // Relaxed: the word orders only itself; what a connector publishes
        // is ordered by `published` and `cancelledThrough`.
        var state = occupancy.load(.relaxed)
        while true {
            let first = state & Self.countMask == 0
            let next = first ? (state &+ Self.generationUnit) + Self.one : state + Self.one
            let seen = occupancy.compareExchange(expected: state, desired: next, .relaxed, .relaxed)
            if seen == state {
                return first && state & Self.endedBit == 0 ? Self.generation(next) : nil
            }
            state = seen
        }
    }

    /// Counts a subscriber out; if it was the last, cancels its
    /// generation's connection (here, or by the connector, if that has not
    /// published it yet).
    func subscriberLeaves() {
        let state = occupancy.fetchSub(Self.one, .relaxed)
        precondition(state & Self.countMask != 0, "a hot signal's subscriber left twice")
        guard state & Self.countMask == 1 else { return }
        let generation = Self.generation(state)
        // Raise, then look (see the type's comment); seq_cst for the
        // store-buffering pattern with `connect`'s publish-then-look.
        var through = cancelledThrough.load(.seq_cst)
        while !Self.isAtOrBefore(generation, UInt32(truncatingIfNeeded: through)) {
            let seen = cancelledThrough.compareExchange(expected: through, desired: Int(generation), .seq_cst, .seq_cst)
            if seen == through { break }
            through = seen
        }
        if let connection = published.load().map({ unsafeDowncast($0, to: RACHotConnection.self) }),
           Self.isAtOrBefore(connection.generation, generation) {
            connection.cancel()
        }
    }

    /// Marks the signal ended: no later first subscriber connects.
    func markEnded() {
        _ = occupancy.fetchOr(Self.endedBit, .relaxed)
    }

    /// Connects `generation`: publishes its connection, unless a newer
    /// generation's is published already, then, unless that generation's
    /// last subscriber has left already, lets `subscribe` subscribe to the
    /// source into it.
    func connect(_ generation: UInt32, _ subscribe: (RACHotConnection) -> Void) {
        let connection = RACHotConnection(generation: generation)
        let bits = RACAtomicReference.retainedBits(connection)
        // Seq_cst (the reference's own order): the publish of the
        // store-buffering pattern. Only over an older generation's
        // connection: a connector that runs late (its generation ended, a
        // newer one began and published) must not replace a live one.
        let (didPublish, replaced) = published.replace(with: bits) { current in
            guard let current else { return true }
            // (RACS_KNOWN_BUGS, in the controlled build only, can put F5
            // back for the scheduler to find: any connection replaced.)
            #if RACS_KNOWN_BUGS
            if RACKnownBug.lateConnectorReplaces { return true }
            #endif
            return Self.isAtOrBefore(unsafeDowncast(current, to: RACHotConnection.self).generation, generation)
        }
        guard didPublish else {
            // A newer generation began, so this one's count returned to 0:
            // nothing to connect. (Its canceller may not have run yet; it
            // finds the newer connection and leaves it alone.)
            Unmanaged<RACHotConnection>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
            return
        }
        // Older than `generation`, whose count returned to 0 before this
        // one began: cancelled already, or now.
        replaced.map { unsafeDowncast($0, to: RACHotConnection.self) }?.cancel()
        if Self.isAtOrBefore(generation, UInt32(truncatingIfNeeded: cancelledThrough.load(.seq_cst))) {
            connection.cancel()
            return
        }
        subscribe(connection)
    }
}

/// One connection of a hot signal to its source: the subscription, held
/// until its generation's last subscriber leaves. Cancelling it first, or
/// twice, is fine: a subscription set after the cancel is disposed at once.
internal final class RACHotConnection: @unchecked Sendable {
    let generation: UInt32
    let subscription = RACSerialDisposable()

    init(generation: UInt32) {
        self.generation = generation
    }

    func cancel() {
        subscription.dispose()
    }
}

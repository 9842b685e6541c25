#if RACS_CONTROLLED
@testable import RACSwift

/// A hot signal's connection (`RACHotConnector`) under the real code.
let hotScenarios: [Scenario] = [
    Scenario(name: "hot-last-dispose-racing-first-subscribe",
             checks: "RACHotSignal: the last dispose racing the next first subscribe, and a third subscriber "
                 + "coming and going: each connection to the source is disposed exactly when its last "
                 + "subscriber has left; a subscriber still there at the end is connected (hears the "
                 + "source), and exactly one connection is live",
             small: true) { script in
        let (hot, connections) = script.countedHotSignal()
        let heardByB = Tally()
        let first = hot.subscribeNext { _ in }
        script.thread("A") {
            // The last dispose of generation 1.
            first.dispose()
        }
        script.thread("B") {
            // Generation 2's first subscribe (or a second subscriber of 1).
            _ = hot.subscribeNext { heardByB.value += $0 }
        }
        script.thread("C") {
            // Comes and goes: perhaps its own generation, perhaps B's.
            hot.subscribeNext { _ in }.dispose()
        }
        connections.expectOneLive(heardBy: heardByB, in: script)
    },
    Scenario(name: "hot-late-connector",
             checks: "RACHotSignal (F5): A's subscribe starts a generation and connects it while B ends A's "
                 + "subscription (through A's subscriber, a subject whose end disposes it), then subscribes, "
                 + "starting and connecting the next generation: A's connect, late, must not replace B's "
                 + "connection. At every step, no generation's connection is cancelled while that generation "
                 + "has subscribers; at the end exactly one connection is live, and B hears the source",
             small: true) { script in
        let (hot, connections) = script.countedHotSignal()
        let relay = script.subject("relay")
        script.watchConnections(of: hot)
        let heardByB = Tally()
        let aUnderWay = Tally()
        // A's subscriber is `relay`, which adopts the subscription
        // (`didSubscribe(with:)`), so B can end it before A's subscribe
        // returns: A's generation may end, and B's begin and connect, while
        // A's connect is still to come.
        script.thread("A") {
            aUnderWay.value = 1
            _ = hot.subscribe(relay)
            aUnderWay.value = 0
        }
        script.thread("B") {
            // Disposes A's subscription, the last of its generation (or,
            // if A's passthrough has not handed it to `relay` yet, has the
            // hand-over dispose it at once).
            relay.sendCompleted()
            // The next generation's first subscribe (or a second subscriber
            // of A's generation, if A's subscription has not ended yet: it
            // ends when `relay` is told of it).
            _ = hot.subscribeNext { heardByB.value += $0 }
        }
        // F5's window: B's connection (generation 2: A's was 1, since B
        // never leaves) published while A's subscribe, whose connection was
        // never published, is still under way: A's connect comes late.
        let sawFirstPublished = Tally()
        script.cover("a late connect (B's connection published, A's still to publish)") {
            guard let generation = Script.published(of: hot)?.generation else { return false }
            if generation == 1 { sawFirstPublished.value = 1 }
            return generation == 2 && aUnderWay.value == 1 && sawFirstPublished.value == 0
        }
        connections.expectOneLive(heardBy: heardByB, in: script)
    },
]

/// The connections of a hot signal to its source (`Script.countedHotSignal`):
/// how many were made and disposed.
final class HotConnections {
    let feed: RACSubject<Int>
    let made = Tally(), disposed = Tally()

    init(feed: RACSubject<Int>) {
        self.feed = feed
    }

    /// Checks at the end that exactly one connection is live, and that B,
    /// still subscribed (adding what it hears into `heard`), hears the
    /// source.
    func expectOneLive(heardBy heard: Tally, in script: Script) {
        script.atEnd { [self] in
            script.expect(made.value - disposed.value == 1, "\(made.value) connections made, "
                + "\(disposed.value) disposed: B's should be the one live")
            feed.sendNext(7)
            script.expect(heard.value == 7, "B, still subscribed, heard a sum of \(heard.value) from the source, "
                + "not 7")
        }
    }
}

/// A connection seen published, held weakly (see `watchConnections`).
final class NotedConnection {
    weak var connection: RACHotConnection?
    init(_ connection: RACHotConnection) { self.connection = connection }
}

extension Script {
    /// A hot signal over a subject, `feed` in traces, whose connections
    /// (subscriptions of the source) are counted. The counts do not hold
    /// the hot signal: the scenario's threads let go of it last, under the
    /// scheduler.
    func countedHotSignal() -> (RACHotSignal<Int>, HotConnections) {
        let connections = HotConnections(feed: subject("feed"))
        let source = RACSignal<Int>.createSignal { [feed = connections.feed, made = connections.made,
                                                    disposed = connections.disposed] subscriber in
            made.value += 1
            let inner = feed.subscribe(subscriber)
            return RACDisposable {
                disposed.value += 1
                inner.dispose()
            }
        }
        return (source.hot(), connections)
    }

    /// The connection `hot` published last: its connector's `published`
    /// value word (`RACHotConnector`'s word 2), read between two
    /// scheduling points without one, unretained (the word holds it).
    static func published<Value>(of hot: RACHotSignal<Value>) -> RACHotConnection? {
        let bits = RACInlineAtomics.word(2, of: hot.connector).address.pointee
        guard RACAtomicReference.isObject(bits) else { return nil }
        return Unmanaged<RACHotConnection>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    /// Checks at every scheduling point hot.pml's first property on the
    /// real code: no connection is cancelled while its generation has
    /// subscribers. The generation and the count are the connector's
    /// occupancy word (word 0); each generation's connection is noted
    /// (weakly: the check must not keep it, whose deinit has points of its
    /// own) when it is first seen published, and a cancelled one is one
    /// whose serial disposable holds the disposed sentinel. Names the
    /// connector's words in traces (not the connections': a trace names an
    /// address by its last label, and a connection's words may have been
    /// another object's earlier in the schedule).
    func watchConnections<Value>(of hot: RACHotSignal<Value>) {
        for (index, word) in ["occupancy", "cancelledThrough", "published", "published.readers",
                              "published.retired"].enumerated() {
            scheduler.labels[UnsafeRawPointer(RACInlineAtomics.word(index, of: hot.connector).address)] = "hot.\(word)"
        }
        var noted: [UInt32: NotedConnection] = [:]
        var reported = false
        scheduler.observers.append { [unowned self] in
            if let published = Self.published(of: hot), noted[published.generation]?.connection !== published {
                noted[published.generation] = NotedConnection(published)
            }
            let occupancy = RACInlineAtomics.word(0, of: hot.connector).address.pointee
            let count = occupancy & 0x7FFF_FFFF, ended = occupancy & (1 << 31) != 0
            let generation = UInt32(truncatingIfNeeded: occupancy >> 32)
            guard !reported, count > 0, !ended, let live = noted[generation]?.connection,
                  live.subscription.stateWord.address.pointee == RACSerialDisposable.disposedBits else { return }
            reported = true
            failHere("generation \(generation)'s connection cancelled at step \(now) while it has \(count) "
                + "subscriber\(count == 1 ? "" : "s")")
        }
    }
}
#endif

#if RACS_CONTROLLED
import RACSwift

/// A hot signal's connection (`RACHotConnector`) under the real code.
let hotScenarios: [Scenario] = [
    Scenario(name: "hot-last-dispose-racing-first-subscribe",
             checks: "RACHotSignal: the last dispose racing the next first subscribe, and a third subscriber "
                 + "coming and going: each connection to the source is disposed exactly when its last "
                 + "subscriber has left; a subscriber still there at the end is connected (hears the "
                 + "source), and exactly one connection is live",
             small: true) { script in
        let feed = script.subject("feed")
        let subscriptions = Tally(), disposals = Tally()
        let source = RACSignal<Int>.createSignal { subscriber in
            subscriptions.value += 1
            let inner = feed.subscribe(subscriber)
            return RACDisposable {
                disposals.value += 1
                inner.dispose()
            }
        }
        let hot = source.hot()
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
        script.atEnd {
            script.expect(subscriptions.value - disposals.value == 1, "\(subscriptions.value) connections made, "
                + "\(disposals.value) disposed: B's should be the one live")
            feed.sendNext(7)
            script.expect(heardByB.value == 7, "B, still subscribed, heard a sum of \(heardByB.value) from the source, "
                + "not 7")
        }
    },
]
#endif

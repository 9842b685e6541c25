#if RACS_CONTROLLED
@testable import RACSwift

/// The serializer's bounds: a term passed on, the backlog, a give-up.
let boundScenarios: [Scenario] = [
    Scenario(name: "term-passing",
             checks: "8 a call delivers at most its own event, a term, the backlog and one per thread; "
                 + "the term passes to a waiter; 1, 2 and every value once",
             small: false, term: 2, backlog: 2) { script in
        let subject = script.subject("S")
        script.cover("retiring") { Script.entriesHave(subject, RACSerializerLimits.retiring) }
        script.cover("ownership passed") { Script.someNode(of: subject, in: [RACHandOverState.owner]) }
        let listener = Listener(script)
        _ = listener.subscribe(to: subject)
        var longestCall = 0
        let threads = 3
        for sender in 0..<threads {
            script.thread("sender \(sender)") {
                for index in 1...3 {
                    let before = listener.deliveredBy[script.me, default: 0]
                    subject.sendNext(sender * 10 + index)
                    longestCall = max(longestCall, listener.deliveredBy[script.me, default: 0] - before)
                }
            }
        }
        script.atEnd {
            let bound = 1 + RACSerializerLimits.termLength + RACSerializerLimits.backlogLimit + threads
            script.expect(longestCall <= bound, "a sendNext delivered \(longestCall) events, past \(bound)")
            script.expectEverySenderInOrder(listener, senders: threads, count: 3)
        }
    },
    Scenario(name: "backlog-bound",
             checks: "9 the backlog stays within its bound at every step, with a slow subscriber; nothing lost or reordered",
             small: false, term: 8, backlog: 2) { script in
        let subject = script.subject("S")
        script.watchBacklog(of: subject, "S")
        script.cover("waited at the bound") {
            Script.someNode(of: subject, in: [RACHandOverState.waiting, RACHandOverState.sleeping])
        }
        script.cover("slept at the bound") { Script.someNode(of: subject, in: [RACHandOverState.sleeping]) }
        let listener = Listener(script)
        // A slow subscriber: three more steps per value.
        _ = listener.subscribe(to: subject) { _ in for _ in 0..<3 { script.point() } }
        for sender in 0..<3 {
            script.thread("sender \(sender)") {
                for index in 1...3 { subject.sendNext(sender * 10 + index) }
            }
        }
        script.atEnd {
            script.expectEverySenderInOrder(listener, senders: 3, count: 3)
        }
    },
    Scenario(name: "give-up",
             checks: "9 and 14 a waiter gives up on an owner stuck past the patience, its value queued in order, "
                 + "and the next arrival waits again: the backlog bound holds at every step",
             small: false, term: 64, backlog: 1, stuckOwner: true) { script in
        let subject = script.subject("S")
        script.watchBacklog(of: subject, "S")
        let listener = Listener(script)
        var stuck = false
        // The owner's block blocks for 1.5 s (virtual) on the first value.
        _ = listener.subscribe(to: subject) { value in
            guard value == 0 else { return }
            stuck = true
            script.sleep(seconds: 1.5)
        }
        script.thread("owner") { subject.sendNext(0) }
        script.thread("sender") {
            script.waitUntil { stuck }
            for value in 1...6 { subject.sendNext(value) }
        }
        script.atEnd {
            script.expect(listener.values == Array(0...6), "heard \(listener.values), not 0 to 6 in order")
            script.expect(script.giveUps >= 1, "no waiter gave up on the stuck owner")
            // One give-up per sending thread per patience at most.
            let patiences = Int(script.scheduler.clock / RACSerializerLimits.patience) + 1
            script.expect(script.giveUps <= patiences, "\(script.giveUps) give-ups in \(patiences) patiences")
        }
    },
]
#endif

#if RACS_CONTROLLED
@testable import RACSwift

/// Sends, subscribes and disposes racing on plain subjects.
let subjectScenarios: [Scenario] = [
    Scenario(name: "two-senders",
             checks: "1 serialized delivery, 2 one order for all and each sender's order, every value once",
             small: true) { script in
        let subject = script.subject("S")
        let first = Listener(script), second = Listener(script)
        _ = first.subscribe(to: subject)
        _ = second.subscribe(to: subject)
        script.thread("A") { subject.sendNext(1); subject.sendNext(2) }
        script.thread("B") { subject.sendNext(11); subject.sendNext(12) }
        script.atEnd {
            for listener in [first, second] {
                script.expect(listener.values.sorted() == [1, 2, 11, 12], "heard \(listener.values), not 1, 2, 11, 12 once each")
                script.expect(listener.values.keepsOrder(1, 2) && listener.values.keepsOrder(11, 12),
                              "a sender's order broken: \(listener.values)")
                script.expect(listener.overlaps == 0, "two deliveries overlapped")
            }
            script.expect(first.values == second.values, "two orders: \(first.values) and \(second.values)")
        }
    },
    Scenario(name: "subscribe-inside-block",
             checks: "11 a subscribe from inside a delivery hears nothing whose sendNext returned before it, 2 one order",
             small: true) { script in
        let subject = script.subject("S")
        let sends = Sends(script)
        let outer = Listener(script), inner = Listener(script)
        var subscribeCalled = 0, subscribeReturned = 0
        _ = outer.subscribe(to: subject) { _ in
            guard subscribeCalled == 0 else { return }
            subscribeCalled = script.stamp()
            _ = inner.subscribe(to: subject)
            subscribeReturned = script.stamp()
        }
        script.thread("A") { sends.send(1, into: subject); sends.send(2, into: subject) }
        script.thread("B") { sends.send(11, into: subject); sends.send(12, into: subject) }
        script.atEnd {
            script.expect(outer.values.sorted() == [1, 2, 11, 12], "outer heard \(outer.values)")
            script.expect(inner.values.isContiguousRun(of: outer.values) && inner.values.last == outer.values.last,
                          "inner \(inner.values) is not the end of outer's \(outer.values)")
            for value in inner.values {
                script.expect(sends.returned[value]! > subscribeCalled,
                              "inner heard \(value), whose sendNext returned before the subscribe was called")
            }
            for (value, called) in sends.called where called > subscribeReturned {
                script.expect(inner.values.contains(value), "inner missed \(value), sent after it subscribed")
            }
            script.expect(outer.overlaps == 0 && inner.overlaps == 0, "two deliveries overlapped")
        }
    },
    Scenario(name: "subscribe-inside-block-pending-end",
             checks: "2 one order for all: a subscribe from inside a delivery, with a sendCompleted pushed and not "
                 + "yet counted in (F2), hears the end of the others' order; 11 every value sent after it",
             small: true) { script in
        // A replay subject, as subject.pml -DREPLAY -DCOMPLETE found it: B's
        // replay of 1 shows where its end stands in A's order. Before the
        // fix, S1's leave() could leave S2's end on the queue, and S1's
        // sendNext(2) deliver before it: A heard 1, 2, end; B 1, end.
        let subject = script.replaySubject("S", capacity: 2)
        let sends = Sends(script)
        let first = Listener(script), second = Listener(script)
        var subscribeReturned = 0
        _ = first.subscribe(to: subject) { _ in
            guard subscribeReturned == 0 else { return }
            _ = second.subscribe(to: subject)
            subscribeReturned = script.stamp()
        }
        script.thread("S1") { sends.send(1, into: subject); sends.send(2, into: subject) }
        script.thread("S2") { subject.sendCompleted() }
        script.atEnd {
            script.expect([[], [1], [1, 2]].contains(first.values), "A heard \(first.values), not a prefix of 1, 2")
            let subscribed = subscribeReturned > 0 ? [("A", first), ("B", second)] : [("A", first)]
            for (name, listener) in subscribed {
                script.expect(listener.completedAfter == [listener.values.count],
                              "\(name) heard \(listener.values) and completions after \(listener.completedAfter) "
                                  + "of them, not one end after them all")
                script.expect(listener.overlaps == 0, "two deliveries overlapped")
            }
            guard subscribeReturned > 0 else { return }
            script.expect(first.values.reversed().starts(with: second.values.reversed()),
                          "two orders: A heard \(first.values), end; B heard \(second.values), end")
            for (value, called) in sends.called where called > subscribeReturned && first.values.contains(value) {
                script.expect(second.values.contains(value), "B missed \(value), sent after it subscribed and heard by A")
            }
        }
    },
    Scenario(name: "dispose-racing-send",
             checks: "7 nothing sent after dispose() returned is heard, 11 a subscription hears what is sent while it lasts",
             small: true) { script in
        let subject = script.subject("S")
        let sends = Sends(script)
        let all = Listener(script), brief = Listener(script)
        _ = all.subscribe(to: subject)
        var subscribed = 0, disposeCalled = 0, disposed = 0
        script.thread("A") {
            let subscription = brief.subscribe(to: subject)
            subscribed = script.stamp()
            script.point()
            disposeCalled = script.stamp()
            subscription.dispose()
            disposed = script.stamp()
        }
        script.thread("B") { for value in 1...3 { sends.send(value, into: subject) } }
        script.atEnd {
            script.expect(all.values == [1, 2, 3], "the steady subscriber heard \(all.values)")
            script.expect(brief.values.isContiguousRun(of: all.values), "the brief subscriber heard \(brief.values)")
            for value in 1...3 {
                if sends.called[value]! > disposed {
                    script.expect(!brief.values.contains(value), "heard \(value), sent after dispose() returned")
                }
                if sends.called[value]! > subscribed && sends.returned[value]! < disposeCalled {
                    script.expect(brief.values.contains(value), "missed \(value), sent and returned while subscribed")
                }
            }
        }
    },
    Scenario(name: "forwarding-ring",
             checks: "two subjects forwarding into each other (points 6, 8's ring exception): no deadlock, "
                 + "every hop delivered once, each chain in order",
             small: false, term: 2, backlog: 1) { script in
        let first = script.subject("S1"), second = script.subject("S2")
        script.cover("brief wait (owner-waits mark)") {
            Script.entriesHave(first, RACSerializerLimits.ownerWaits) || Script.entriesHave(second, RACSerializerLimits.ownerWaits)
        }
        script.cover("waited at the bound") {
            Script.someNode(of: first, in: [RACHandOverState.waiting, RACHandOverState.sleeping])
                || Script.someNode(of: second, in: [RACHandOverState.waiting, RACHandOverState.sleeping])
        }
        let hearsFirst = Listener(script), hearsSecond = Listener(script)
        // A value forwards to the other subject with its hop count one up,
        // three hops in all: 0 -> 1 -> 2 -> 3.
        let forwardings = [
            hearsFirst.subscribe(to: first) { value in if value % 10 < 3 { second.sendNext(value + 1) } },
            hearsSecond.subscribe(to: second) { value in if value % 10 < 3 { first.sendNext(value + 1) } },
        ]
        script.thread("A") { first.sendNext(0); first.sendNext(10) }
        script.thread("B") { second.sendNext(100); second.sendNext(110) }
        script.atEnd {
            script.expect(hearsFirst.values.sorted() == [0, 2, 10, 12, 101, 103, 111, 113],
                          "S1 heard \(hearsFirst.values)")
            script.expect(hearsSecond.values.sorted() == [1, 3, 11, 13, 100, 102, 110, 112],
                          "S2 heard \(hearsSecond.values)")
            script.expect(hearsFirst.values.keepsOrder(0, 2) && hearsFirst.values.keepsOrder(10, 12)
                && hearsFirst.values.keepsOrder(101, 103) && hearsFirst.values.keepsOrder(111, 113),
                          "a chain out of order on S1: \(hearsFirst.values)")
            script.expect(hearsFirst.overlaps == 0 && hearsSecond.overlaps == 0, "two deliveries overlapped")
            // Each subject's subscriber holds the other subject: a cycle.
            for forwarding in forwardings { forwarding.dispose() }
        }
    },
]
#endif

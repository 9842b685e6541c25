#if RACS_CONTROLLED
import RACSwift

/// Joins of a replay subject while another thread sends (point 5).
let replayScenarios: [Scenario] = [
    Scenario(name: "replay-join",
             checks: "5 a late subscriber on another thread gets the buffered values and every later one, once, "
                 + "in order; 11",
             small: true) { script in
        let subject = script.replaySubject("R", capacity: 2)
        let sends = Sends(script)
        let late = Listener(script)
        var called = 0
        script.thread("sender") { for value in 1...4 { sends.send(value, into: subject) } }
        script.thread("joiner") {
            called = script.stamp()
            _ = late.subscribe(to: subject)
        }
        script.atEnd {
            let values = late.values
            script.expect(values.last == 4 && values == Array((values.first ?? 4)...4),
                          "the late subscriber heard \(values), not a run ending at 4")
            let before = (1...4).filter { sends.returned[$0]! < called }.count
            // Handed over to the sending thread, the subscribe may be applied
            // after this thread returned: its replay comes from there, of
            // at least what was recorded when it was called.
            script.expect(values.count >= min(2, before),
                          "heard \(values): fewer than the \(min(2, before)) buffered when it subscribed")
            script.expect(values.first.map { $0 >= before - 1 } ?? true,
                          "heard \(values): more than the 2 buffered of the \(before) sent before it subscribed")
        }
    },
    Scenario(name: "replay-join-inside",
             checks: "5 and 11 a replay subscribe from inside a delivery, with sends pending, replays at once what "
                 + "they will have recorded and joins after them: no gap, no duplicate",
             small: true) { script in
        let subject = script.replaySubject("R", capacity: 2)
        let outer = Listener(script), inner = Listener(script)
        var joined = false
        _ = outer.subscribe(to: subject) { _ in
            guard !joined else { return }
            joined = true
            _ = inner.subscribe(to: subject)
            // Its replay at once, on this thread: at least the last two
            // recorded (the value being delivered among them).
            script.expect(inner.values.count >= min(2, outer.values.count),
                          "subscribe returned with \(inner.values) replayed, after \(outer.values) were recorded")
        }
        script.thread("A") { subject.sendNext(1); subject.sendNext(2) }
        script.thread("B") { subject.sendNext(11); subject.sendNext(12) }
        script.atEnd {
            script.expect(outer.values.sorted() == [1, 2, 11, 12], "outer heard \(outer.values)")
            script.expect(inner.values.count >= 2 && inner.values.isContiguousRun(of: outer.values)
                && inner.values.last == outer.values.last,
                          "the inner subscriber heard \(inner.values), not the end of \(outer.values) with its replay")
        }
    },
]
#endif

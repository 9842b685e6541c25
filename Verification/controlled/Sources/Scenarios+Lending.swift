#if RACS_CONTROLLED
@testable import RACSwift

/// A subject's delivery by lent blocks (`RACSubjectCore.deliverNext`, the
/// class comment's "A value reaches a block subscriber without touching
/// its sink") raced by a disposal: the rule is that no call of a
/// subscriber's block begins after its `dispose()` returned, even in a
/// delivery already under way (`unsubscribe.pml -DLENDING` checks it in
/// the model; these, over the real code).
let lendingScenarios: [Scenario] = [
    Scenario(name: "dispose-racing-lent-delivery",
             checks: "7 no call of the victim's block begins after its dispose() returned, in a delivery by lent "
                 + "blocks under way too; nothing sent after it is heard; the steady subscribers hear 1, 2, 3",
             small: true) { script in
        LentDelivery(script, unlentBefore: false).race()
    },
    Scenario(name: "dispose-racing-unlent-delivery",
             checks: "7 as dispose-racing-lent-delivery, with an operator's sink (map) among the subscribers: "
                 + "the unlent mark set, every delivery through the sinks",
             small: true) { script in
        LentDelivery(script, unlentBefore: true).race()
    },
    Scenario(name: "dispose-inside-lent-delivery",
             checks: "7 a block that disposes a later subscriber from inside a delivery by lent blocks: that "
                 + "subscriber's block is not called again, in that delivery either; a second sender racing",
             small: true) { script in
        // The in-delivery dispose finds the serializer busy (its own
        // thread owns it), so it is handed over and counted in, as one
        // from another thread.
        let delivery = LentDelivery(script, unlentBefore: false) { delivery, value in
            if value == 2 { delivery.disposeVictim() }
        }
        script.thread("S") { for value in 1...3 { delivery.sends.send(value, into: delivery.subject) } }
        script.thread("T") { delivery.sends.send(11, into: delivery.subject) }
        script.atEnd {
            let heard = Array(delivery.before.values.prefix { $0 != 2 })
            script.expect(delivery.victimValues == heard,
                          "the victim heard \(delivery.victimValues), not \(heard), what came before 2")
        }
    },
]

/// One subject with steady subscribers around a victim whose block stamps
/// the start of each call, and the checks shared by the scenarios above.
final class LentDelivery {
    let script: Script
    let subject: RACSubject<Int>
    let sends: Sends
    /// Subscribed before the victim: its block yields (`Listener.hear`), so
    /// that a disposal can come while the delivery is between two calls.
    let before: Listener
    /// `subject.map { $0 }`'s subscriber, before the victim, if any: its
    /// sink is the operator's, not lent, so the unlent mark is set.
    let unlent: Listener?
    let after: Listener
    /// The stamps of the victim's calls, taken first thing in its block.
    private(set) var victimCalls: [Int] = []
    private(set) var victimValues: [Int] = []
    private(set) var victim: RACDisposable!
    /// The stamps before the victim's `dispose()` was called and after it
    /// returned; 0 until then.
    private(set) var disposeCalled = 0, disposed = 0
    /// Whether `before`'s block disposes the victim.
    let disposedFromInside: Bool

    /// Subscribes `before`, the operator's subscriber if `unlentBefore`,
    /// the victim, then `after`; `inside`, if any, runs in `before`'s block
    /// after each value it hears, and disposes the victim.
    init(_ script: Script, unlentBefore: Bool, inside: ((LentDelivery, Int) -> Void)? = nil) {
        self.script = script
        disposedFromInside = inside != nil
        subject = script.subject("S")
        script.scheduler.labels[UnsafeRawPointer(subject.core.lendingWord.address)] = "S.lending"
        sends = Sends(script)
        before = Listener(script)
        unlent = unlentBefore ? Listener(script) : nil
        after = Listener(script)
        _ = before.subscribe(to: subject) { [unowned self] value in inside?(self, value) }
        _ = unlent?.subscribe(to: subject.map { $0 })
        victim = subject.subscribeNext { [unowned self] value in
            let call = script.stamp()
            // Here, not only at the end, so that the trace ends at the call.
            if disposed != 0 {
                script.failHere("the victim's block called with \(value) after its dispose() returned")
            }
            victimCalls.append(call)
            victimValues.append(value)
        }
        _ = after.subscribe(to: subject)
        script.label(victim, "victim")
        #if RACS_KNOWN_BUGS
        script.scheduler.labels[UnsafeRawPointer(RACKnownBug.neverCountedIn.address)] = "lending-once's 0"
        #endif
        let core = subject.core
        script.cover("a delivery under way with an unsubscribe counted in") {
            core.isDelivering && core.lendingWord.address.pointee & ~RACSubjectCoreBase.unlentMark != 0
        }
        script.cover("a delivery by lent blocks under way") {
            core.isDelivering && core.lendingWord.address.pointee & RACSubjectCoreBase.unlentMark == 0
        }
        // Strongly: the scenario keeps no other reference, and its blocks
        // hold this unowned; the end checks are let go after the run.
        script.atEnd { self.check() }
    }

    /// The victim's `dispose()`, stamped.
    func disposeVictim() {
        disposeCalled = script.stamp()
        victim.dispose()
        disposed = script.stamp()
    }

    /// Thread S sends 1, 2, 3 while thread D disposes the victim.
    func race() {
        script.thread("S") { [unowned self] in for value in 1...3 { sends.send(value, into: subject) } }
        script.thread("D") { [unowned self] in disposeVictim() }
    }

    func check() {
        for call in victimCalls {
            script.expect(disposed == 0 || call < disposed,
                          "a call of the victim's block began (stamp \(call)) after its dispose() returned (\(disposed))")
        }
        let steady = [("before", before), ("after", after)] + (unlent.map { [("map's", $0)] } ?? [])
        let expected = sends.called.keys.sorted()
        for (name, listener) in steady {
            script.expect(listener.values.sorted() == expected, "the \(name) subscriber heard \(listener.values)")
            script.expect(listener.values.keepsOrder(1, 2) && listener.values.keepsOrder(2, 3),
                          "the \(name) subscriber heard \(listener.values), 1, 2, 3 out of order")
            script.expect(listener.overlaps == 0, "two deliveries overlapped")
        }
        script.expect(before.values.starts(with: victimValues),
                      "the victim heard \(victimValues), not a start of \(before.values)")
        for (value, called) in sends.called where called > disposed {
            script.expect(!victimValues.contains(value), "the victim heard \(value), sent after its dispose() returned")
        }
        // Not when the victim is disposed from inside a delivery: a send
        // handed over to that delivery's owner returns before the owner
        // delivers it, after the dispose (that scenario checks what the
        // victim heard otherwise).
        for (value, returned) in sends.returned where returned < disposeCalled && !disposedFromInside {
            script.expect(victimValues.contains(value), "the victim missed \(value), sent and returned before its dispose()")
        }
    }
}
#endif

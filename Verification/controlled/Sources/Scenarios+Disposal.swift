#if RACS_CONTROLLED
import RACSwift

/// A disposable whose block counts its runs, and yields inside, so that
/// another thread can run while a disposal is under way: at a scheduling
/// point, or, `sleeping`, in a sleep of that many (virtual) seconds, a
/// block that takes a while, which lets the others run without a
/// preemption.
final class Counted {
    private(set) var runs = 0
    private(set) var disposable: RACDisposable!

    init(_ script: Script, sleeping seconds: Double? = nil) {
        disposable = RACDisposable { [unowned self] in
            if let seconds { script.sleep(seconds: seconds) } else { script.point() }
            runs += 1
        }
    }
}

/// A count that blocks marked @Sendable may bump (the scheduler runs one
/// thread at a time, so plain increments are exact).
final class Tally: @unchecked Sendable {
    var value = 0
}

/// Disposals racing each other, a terminal event, adds and removes.
let disposalScenarios: [Scenario] = [
    Scenario(name: "two-disposes",
             checks: "13 each of two racing dispose() calls returns only once every child is disposed, each once",
             small: true) { script in
        let compound = RACCompoundDisposable()
        script.label(compound, "C")
        let children = [Counted(script), Counted(script)]
        for (index, child) in children.enumerated() {
            script.label(child.disposable, "d\(index + 1)")
            compound.add(child.disposable)
        }
        for name in ["A", "B"] {
            script.thread(name) {
                compound.dispose()
                let runs = children.map(\.runs)
                script.expect(runs == [1, 1], "dispose() on \(name) returned with the children run \(runs) times, not [1, 1]")
            }
        }
        script.atEnd {
            script.expect(children.map(\.runs) == [1, 1], "children disposed \(children.map(\.runs)) times")
        }
    },
    Scenario(name: "dispose-racing-terminal",
             checks: "13 dispose() racing the terminal event returns after the cleanup ran; 6 the cleanup runs once, "
                 + "completed at most once",
             small: true) { script in
        let subject = script.subject("S")
        let cleanups = Tally()
        let signal = RACSignal<Int>.createSignal { subscriber in
            let inner = subject.subscribe(subscriber)
            return RACDisposable {
                inner.dispose()
                script.point()
                cleanups.value += 1
            }
        }
        let listener = Listener(script)
        let subscription = listener.subscribe(to: signal)
        script.thread("A") { subject.sendNext(1); subject.sendCompleted() }
        script.thread("B") {
            subscription.dispose()
            script.expect(cleanups.value == 1, "dispose() returned with the cleanup run \(cleanups.value) times")
        }
        script.atEnd {
            script.expect(cleanups.value == 1, "the cleanup ran \(cleanups.value) times")
            script.expect(listener.completions <= 1, "completed \(listener.completions) times")
            script.expect(listener.values.count <= 1 && listener.values.allSatisfy { $0 == 1 }, "heard \(listener.values)")
        }
    },
    Scenario(name: "compound-add-remove-dispose",
             checks: "13 when dispose() returns, every child added before it and not removed is disposed; "
                 + "a child added after is disposed at once; none twice; a removed child is not",
             small: true) { script in
        let compound = RACCompoundDisposable()
        script.label(compound, "C")
        let first = Counted(script), second = Counted(script)
        script.label(first.disposable, "d1")
        script.label(second.disposable, "d2")
        var stamps: [String: Int] = [:]
        script.thread("A") {
            compound.add(first.disposable)
            stamps["add1"] = script.stamp()
            compound.add(second.disposable)
            stamps["add2"] = script.stamp()
            stamps["remove1 called"] = script.stamp()
            compound.remove(first.disposable)
            stamps["remove1"] = script.stamp()
            // Added after the disposal began, or before: disposed either way.
            if stamps["dispose"] != nil {
                script.expect(second.runs == 1, "a child added after dispose() returned was not disposed at once")
            }
        }
        script.thread("B") {
            stamps["dispose called"] = script.stamp()
            compound.dispose()
            stamps["dispose"] = script.stamp()
            let called = stamps["dispose called"]!
            if let added = stamps["add2"], added < called {
                script.expect(second.runs == 1, "dispose() returned before the second child, added before it, was disposed")
            }
            if let added = stamps["add1"], added < called, stamps["remove1 called"] == nil {
                script.expect(first.runs == 1, "dispose() returned before the first child, added before it, was disposed")
            }
        }
        script.atEnd {
            script.expect(second.runs == 1, "the second child was disposed \(second.runs) times, not once")
            script.expect(first.runs <= 1, "the first child was disposed \(first.runs) times")
            if let removed = stamps["remove1"], removed < stamps["dispose called"]! {
                script.expect(first.runs == 0, "a child removed before dispose() was called was disposed")
            }
        }
    },
    Scenario(name: "compound-indexed-remove-dispose",
             checks: "13 with more children than the compound scans (RACChildList's index, compaction): when "
                 + "dispose() returns, every child not removed before it was called is disposed, each once; "
                 + "a removed child is not; a child added after is disposed at once",
             small: true) { script in
        // 20 children: beyond RACChildList.indexedFrom (16), so removals go
        // through the index; A's 11 removals make the holes outnumber the
        // children, so the list compacts while B's disposal races it.
        let compound = RACCompoundDisposable()
        script.label(compound, "C")
        let runs = Tally()
        let counts = (0..<20).map { _ in Tally() }
        let children = (0..<20).map { index in RACDisposable { counts[index].value += 1; runs.value += 1 } }
        children.forEach(compound.add)
        let late = Counted(script)
        script.label(late.disposable, "late")
        let removedOrder = [3, 17, 0, 9, 12, 5, 19, 1, 14, 7, 11]
        var removedBefore: [Int: Int] = [:]
        var disposeCalled: Int?
        script.thread("A") {
            for index in removedOrder {
                compound.remove(children[index])
                removedBefore[index] = script.stamp()
            }
            compound.add(late.disposable)
        }
        script.thread("B") {
            disposeCalled = script.stamp()
            compound.dispose()
            for index in 0..<20 where removedBefore[index] == nil && !removedOrder.contains(index) {
                script.expect(counts[index].value == 1, "dispose() returned with child \(index), never removed, "
                    + "disposed \(counts[index].value) times")
            }
        }
        script.atEnd {
            script.expect(late.runs == 1, "the child added last was disposed \(late.runs) times, not once")
            for index in 0..<20 {
                script.expect(counts[index].value <= 1, "child \(index) was disposed \(counts[index].value) times")
                if let removed = removedBefore[index], removed < disposeCalled! {
                    script.expect(counts[index].value == 0, "child \(index), removed before dispose() was called, was disposed")
                } else if !removedOrder.contains(index) {
                    script.expect(counts[index].value == 1, "child \(index) was not disposed")
                }
            }
        }
    },
    Scenario(name: "add-racing-dispose",
             checks: "13 when a dispose() returns, every child whose add() returned before it was called is "
                 + "disposed, the one that ran the disposal or a later one (F1); each child once",
             small: true) { script in
        // O's add makes it the owner for a while; A's add checks
        // `isDisposed` before B's disposal claims the compound and is
        // handed over after B's `disposeAll` (F1's order); then A disposes
        // too, a call that does not run the disposal. d1's block sleeps,
        // so the owner disposing it is slow without a preemption.
        let compound = RACCompoundDisposable()
        script.label(compound, "C")
        let children = [Counted(script), Counted(script, sleeping: 0.01)]
        for (index, child) in children.enumerated() { script.label(child.disposable, "d\(index)") }
        var added: [Int?] = [nil, nil]
        func disposeChecking(_ name: String) {
            let called = script.stamp()
            compound.dispose()
            for (index, child) in children.enumerated() {
                guard let returned = added[index], returned < called else { continue }
                script.expect(child.runs == 1, "dispose() on \(name) returned with d\(index), whose add returned "
                    + "before the call, disposed \(child.runs) times, not once")
            }
        }
        script.thread("O") {
            compound.add(children[0].disposable)
            added[0] = script.stamp()
        }
        script.thread("A") {
            compound.add(children[1].disposable)
            added[1] = script.stamp()
            disposeChecking("A")
        }
        script.thread("B") { disposeChecking("B") }
        script.atEnd {
            script.expect(children.map(\.runs) == [1, 1], "children disposed \(children.map(\.runs)) times, not [1, 1]")
        }
    },
    Scenario(name: "autoconnect-last-dispose",
             checks: "the last dispose() of an autoconnect disposes the connection once, before it returns (13); "
                 + "the source is subscribed once",
             small: false) { script in
        let subscriptions = Tally(), disposals = Tally()
        let source = RACSignal<Int>.createSignal { _ in
            subscriptions.value += 1
            return RACDisposable {
                script.point()
                disposals.value += 1
            }
        }
        let shared = source.publish().autoconnect()
        var finished = 0
        for name in ["A", "B"] {
            script.thread(name) {
                let subscription = shared.subscribeNext { _ in }
                script.point()
                subscription.dispose()
                finished += 1
                if finished == 2 {
                    script.expect(disposals.value == 1, "the last dispose() returned with the connection disposed \(disposals.value) times")
                }
            }
        }
        script.atEnd {
            script.expect(subscriptions.value == 1, "the source was subscribed \(subscriptions.value) times")
            script.expect(disposals.value == 1, "the connection was disposed \(disposals.value) times")
        }
    },
]
#endif

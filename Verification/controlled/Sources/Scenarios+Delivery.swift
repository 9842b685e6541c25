#if RACS_CONTROLLED
import CShims
@testable import RACSwift

/// `deliverOn`'s scheduler in a scenario: a serial scheduler with the
/// real `RACSchedulerQueue` (every event and every plain block is a node
/// of it, as on a queue scheduler), whose drain the scenario's drain
/// thread runs, in order, as a queue scheduler's thread runs its queue. Its
/// delivery queues bound their senders as on RACSwift's queue schedulers
/// (`RACControlledDrainScheduler`), and tell it of their words.
final class DrainScheduler: RACScheduler, RACControlledDrainScheduler, @unchecked Sendable {
    /// Unowned: the script's observers hold this scheduler.
    private unowned let script: Script
    /// The drains submitted and not yet run.
    private var blocks: [@Sendable () -> Void] = []
    /// The ordered queue (`RACSchedulerQueue`) of what is scheduled here.
    private(set) var work: RACSchedulerQueue!
    /// The queue's bound (one queue per scenario), and the storage of its
    /// words, kept so that they can be read after the queue is freed.
    private(set) var gate: RACBacklogGate?
    private var storage: RACAtomicCell?
    /// Drains submitted by the drain thread itself: a drain that used up
    /// its term and queued itself again.
    private(set) var resubmissions = 0
    /// The drain thread (an index into the scenario's threads).
    private(set) var drainThread = -1
    /// The word the idle drain thread sleeps on, as a queue's thread
    /// sleeps until a block comes (a spin would keep the virtual clock
    /// from moving, and the others' timed waits from ending).
    private let bell = RACAtomicCell()
    /// The scenario's other threads (`thread(_:_:)`), and how many have
    /// finished.
    private var others = 0
    private var finished = 0

    init(_ script: Script) {
        self.script = script
        super.init()
        work = RACSchedulerQueue(scheduler: self)
        script.scheduler.labels[UnsafeRawPointer(work.tail.address)] = "W.tail"
        script.scheduler.labels[UnsafeRawPointer(work.marks.address)] = "W.marks"
        script.scheduler.labels[UnsafeRawPointer(work.cursor.address)] = "W.cursor"
    }

    /// A scenario's thread runs the drain as a queue scheduler's thread
    /// would, so the queue's senders wait at the bound as they would there
    /// (but not from this scheduler's own blocks: the inherited
    /// `isRunningCallingThread`).
    override var runsDrainsIndependently: Bool { true }

    override var workQueue: RACSchedulerQueue? { work }

    override func submitDrain(of queue: RACSchedulerQueue) {
        if script.me == drainThread { resubmissions += 1 }
        blocks.append { _ = queue.drain() }
        script.scheduler.wake(bell.word(0).address)
    }

    /// A plain block: a node of the ordered queue, as on a queue scheduler.
    override func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
        racs_scheduled_blocks_add(1)
        let scheduled = RACScheduledBlock(block)
        scheduled.push(onto: work)
        return scheduled.disposable
    }

    /// A thread of the scenario other than the drain's: the drain thread
    /// ends once every such thread has, and no block is left.
    func thread(_ name: String, _ body: @escaping () -> Void) {
        others += 1
        script.thread(name) { [self] in
            body()
            finished += 1
            script.scheduler.wake(bell.word(0).address)
        }
    }

    func deliveryQueueMade(storage: RACAtomicCell, gate: RACBacklogGate, spare: RACAtomicWord, progress: RACAtomicWord) {
        (self.storage, self.gate) = (storage, gate)
        let words = [(gate.count, "count"), (gate.waiter, "waiter"), (spare, "spare"), (progress, "progress")]
        for (word, name) in words { script.scheduler.labels[UnsafeRawPointer(word.address)] = "Q.\(name)" }
    }

    /// The events counted into the queue and not yet out (the ones being
    /// delivered included), read between two scheduling points.
    var queued: Int { gate?.count.address.pointee ?? 0 }

    /// Whether a sender waits at the bound now: asleep, or spinning with
    /// no room yet (a sender that found room at once leaves the word at
    /// `waiting`, as the next wait stores it again).
    var senderWaits: Bool {
        guard let state = gate?.waiter.address.pointee else { return false }
        return state == RACHandOverState.sleeping
            || state == RACHandOverState.waiting && queued > RACDeliveryQueue<Int>.resumeAt
    }

    /// Spawns the drain thread, after the others: it runs the scheduled
    /// blocks, oldest first, until the others have finished and none is
    /// left; idle, it sleeps until a block comes.
    func spawnDrainThread() {
        drainThread = script.scheduler.workers.count
        script.thread("drain") { [self] in
            while true {
                if !blocks.isEmpty {
                    let block = blocks.removeFirst()
                    performAsCurrentScheduler(block)
                } else if finished == others {
                    return
                } else {
                    script.scheduler.sleep(on: UnsafeMutableRawPointer(bell.word(0).address), for: 10_000_000_000)
                }
            }
        }
    }

    /// The checks every delivery scenario makes: at every step, at most
    /// the bound plus the one whose sender waits are queued (no sender
    /// here is one of the documented exceptions: none runs on the drain
    /// thread, and the drain never waits); at the end (every thread
    /// finished, so no sender was left waiting: the run reports a
    /// deadlock otherwise), the queue is empty and every event was
    /// delivered on the drain thread; and the paths reached, for the
    /// summary.
    func watch(_ listener: Listener) {
        var reported = false
        script.scheduler.observers.append { [self] in
            let bound = RACSerializerLimits.backlogLimit + 1
            if queued > bound && !reported {
                reported = true
                script.failHere("\(queued) events queued for the drain at step \(script.now), past the bound "
                    + "of \(bound) (\(RACSerializerLimits.backlogLimit) + the waiting sender's)")
            }
        }
        script.cover("waited at the bound") { [self] in senderWaits }
        script.cover("slept at the bound") { [self] in
            gate?.waiter.address.pointee == RACHandOverState.sleeping
        }
        script.cover("drain resubmitted") { [self] in resubmissions > 0 }
        script.atEnd { [self] in
            script.expect(queued == 0, "\(queued) events left counted in the queue")
            let threads = Set(listener.deliveredBy.keys)
            script.expect(threads.isSubset(of: [drainThread]), "delivered on threads \(threads.sorted()), not the drain's")
        }
    }
}

/// What each delivery scenario starts from: a subject, `deliverOn` a
/// drain scheduler, and a listener subscribed (by `subscribe`, plainly
/// unless given) and watched (`DrainScheduler.watch`).
struct Delivery {
    let subject: RACSubject<Int>
    let scheduler: DrainScheduler
    let listener: Listener
    let subscription: RACDisposable

    init(_ script: Script, subscribe: (RACSignal<Int>, Listener) -> RACDisposable = { $1.subscribe(to: $0) }) {
        subject = script.subject("S")
        scheduler = DrainScheduler(script)
        listener = Listener(script)
        subscription = subscribe(subject.deliverOn(scheduler), listener)
        scheduler.watch(listener)
    }

    /// Checks that the listener heard 1, 2, … in order, with no gap, and
    /// at most `count` of them.
    func expectPrefix(of count: Int, _ script: Script) {
        let heard = listener.values
        script.expect(heard == Array(Array(1...count).prefix(heard.count)), "heard \(heard), not a prefix of 1 to \(count)")
    }
}

/// `deliverOn`'s bounded queue (issue 23) with its drain on a controlled
/// thread. The bound is 2 here (the serializer's backlog, which the queue
/// shares: a waiting sender resumes at 1, a chunk holds 4; in the
/// controlled build the drain counts out in batches of 2 and queues itself
/// again after each batch), so a few events pass it.
let deliveryScenarios: [Scenario] = [
    Scenario(name: "deliver-two-senders",
             checks: "9 two senders past deliverOn's bound: at most the bound + 1 queued at every step; "
                 + "1, 2, 4 every value once, on the drain's thread, each sender's order",
             small: false, term: 64, backlog: 2, spin: (1, 1)) { script in
        let delivery = Delivery(script)
        for sender in 0..<2 {
            delivery.scheduler.thread("sender \(sender)") {
                for index in 1...3 { delivery.subject.sendNext(sender * 10 + index) }
            }
        }
        delivery.scheduler.spawnDrainThread()
        script.atEnd {
            script.expectEverySenderInOrder(delivery.listener, senders: 2, count: 3)
        }
    },
    Scenario(name: "deliver-dispose-racing-drain",
             checks: "5 dispose() racing deliverOn's drain and a sender at the bound: nothing delivered after it "
                 + "returns; 9 the sender's wait ends, the queue empties (the drain drops what is left)",
             small: false, term: 64, backlog: 2, spin: (1, 1)) { script in
        // The stamp of dispose()'s return (0 before: stamps start at 1).
        let disposed = Tally()
        let delivery = Delivery(script) { signal, listener in
            signal.subscribeNext({ value in
                script.expect(disposed.value == 0, "\(value) delivered after dispose() returned")
                listener.hear(value)
            }, completed: { listener.complete() })
        }
        delivery.scheduler.thread("sender") {
            for value in 1...4 { delivery.subject.sendNext(value) }
        }
        delivery.scheduler.thread("disposer") {
            delivery.subscription.dispose()
            disposed.value = script.stamp()
        }
        delivery.scheduler.spawnDrainThread()
        script.atEnd {
            delivery.expectPrefix(of: 4, script)
            script.expect(delivery.listener.completions == 0, "completed \(delivery.listener.completions) times")
        }
    },
    Scenario(name: "deliver-end-racing-send",
             checks: "6 sendCompleted racing a sender past deliverOn's bound: the end once, after every value; "
                 + "every value whose sendNext returned before sendCompleted was called, none called after it returned",
             small: false, term: 64, backlog: 2, spin: (1, 1)) { script in
        let delivery = Delivery(script)
        let (subject, listener) = (delivery.subject, delivery.listener)
        let sends = Sends(script)
        var end: (called: Int, returned: Int)?
        delivery.scheduler.thread("sender") {
            for value in 1...4 { sends.send(value, into: subject) }
        }
        delivery.scheduler.thread("completer") {
            let called = script.stamp()
            subject.sendCompleted()
            end = (called, script.stamp())
        }
        delivery.scheduler.spawnDrainThread()
        script.atEnd {
            delivery.expectPrefix(of: 4, script)
            let heard = listener.values
            script.expect(listener.completedAfter == [heard.count],
                          "completed after \(listener.completedAfter) of \(heard.count) values, not once after all")
            guard let end else { return }
            for value in 1...4 {
                if sends.returned[value]! < end.called {
                    script.expect(heard.contains(value), "\(value) returned before sendCompleted was called, not heard")
                }
                if sends.called[value]! > end.returned {
                    script.expect(!heard.contains(value), "\(value) sent after sendCompleted returned, heard")
                }
            }
        }
    },
    Scenario(name: "scheduler-order",
             checks: "18 two deliverOn subscriptions and plain schedule blocks on one scheduler: each runs once, on the "
                 + "drain's thread, in the order of the calls wherever they did not overlap (RAC's one block per event)",
             small: false, term: 64, backlog: 2, spin: (1, 1)) { script in
        // Sender s sends s * 10 + 1 and s * 10 + 2 into its own subject, and
        // schedules block s * 10 + 5 between them; each effect logs its name.
        let scheduler = DrainScheduler(script)
        let calls = Sends(script)
        let listener = Listener(script)
        var subscriptions: [RACDisposable] = []
        for sender in 0..<2 {
            let subject = script.subject("S\(sender)")
            subscriptions.append(subject.deliverOn(scheduler).subscribeNext { listener.hear($0) })
            scheduler.thread("sender \(sender)") {
                calls.send(sender * 10 + 1, into: subject)
                calls.call(sender * 10 + 5) { _ = scheduler.schedule { listener.hear(sender * 10 + 5) } }
                calls.send(sender * 10 + 2, into: subject)
            }
        }
        scheduler.spawnDrainThread()
        script.cover("drain resubmitted") { scheduler.resubmissions > 0 }
        script.atEnd {
            let ran = listener.values
            script.expect(ran.sorted() == [1, 2, 5, 11, 12, 15], "ran \(ran), not each once")
            let threads = Set(listener.deliveredBy.keys)
            script.expect(threads == [scheduler.drainThread], "ran on threads \(threads.sorted()), not the drain's")
            if let (earlier, later) = calls.outOfOrder(in: ran) {
                script.expect(false, "\(later) ran before \(earlier), whose call returned before it was made: \(ran)")
            }
            withExtendedLifetime(subscriptions) {}
        }
    },
]
#endif

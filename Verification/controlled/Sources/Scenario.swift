#if RACS_CONTROLLED
import CShims
@testable import RACSwift

/// One scenario: threads that race on the real library, and the contract
/// points (docs/Concurrency.md) it checks after every schedule, with exact
/// counts.
struct Scenario {
    let name: String
    /// What it checks, by contract point.
    let checks: String
    /// Small enough for the exhaustive enumeration.
    let small: Bool
    /// The serializer's term and backlog while it runs.
    var term = 64
    var backlog = 64
    /// The length of a wait's spin (`racSpin`: pauses, then yields) and
    /// of the delivery queue's linger (the pauses): any length shows the
    /// same outcomes, and a short one keeps a schedule short.
    var spin = (pauses: 2, yields: 3)
    /// Whether a block blocks past the patience. Without one, no wait may
    /// give up or warn (docs/Concurrency.md point 9: a waiter stops only
    /// when the owner has applied nothing for a whole patience): a warning
    /// then is a waiter that was never told its operation was applied.
    var stuckOwner = false
    let build: (Script) -> Void
}

/// What a scenario builds a schedule with: its threads, its checks, and the
/// scheduler's clock and points.
final class Script {
    let scheduler: ControlledScheduler
    private(set) var failures: [String] = []
    /// The scheduler's report at the moment a check made at a scheduling
    /// point failed (its trace ends there, not at the end of the run).
    private(set) var failureReport: String?
    private var endChecks: [() -> Void] = []

    init(scheduler: ControlledScheduler) {
        self.scheduler = scheduler
    }

    /// A thread of the scenario; runs under the scheduler.
    func thread(_ name: String, _ body: @escaping () -> Void) {
        scheduler.spawn(name, body)
    }

    /// Records a failure unless `condition` holds.
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
    }

    /// Records a failure found at a scheduling point, with the scheduler's
    /// report now (the first such one), so that its trace ends here.
    func failHere(_ message: String) {
        failures.append(message)
        if failureReport == nil { failureReport = scheduler.report(message) }
    }

    /// Runs `body` once every thread has finished.
    func atEnd(_ body: @escaping () -> Void) {
        endChecks.append(body)
    }

    func runEndChecks() {
        for check in endChecks { check() }
        // They hold this script.
        endChecks = []
    }

    /// The logical time: scheduling points taken so far (for traces).
    var now: Int { scheduler.steps }

    private var stamps = 0

    /// A new mark in the one order of everything the threads do (only one
    /// runs at a time): a call stamped r before it returned came before a
    /// call stamped c > r when it was made.
    func stamp() -> Int {
        stamps += 1
        return stamps
    }

    /// The thread running now (an index into the scenario's threads).
    var me: Int { scheduler.current }

    /// A scheduling point inside a subscriber's block (another thread may
    /// run here, as if the block took a while).
    func point() {
        scheduler.point(.load, nil)
    }

    /// Sleeps for `seconds` of virtual time (a block that blocks).
    func sleep(seconds: Double) {
        scheduler.sleep(on: nil, for: Int64(seconds * 1e9))
    }

    /// Spins (yielding to the others) until `condition` holds.
    func waitUntil(_ condition: () -> Bool) {
        while !condition() { scheduler.point(.yield, nil) }
    }

    /// How many waiters gave up on a stuck owner so far.
    var giveUps: Int { scheduler.warnings[0] }

    /// A subject whose words traces name `name`.
    func subject(_ name: String) -> RACSubject<Int> {
        let subject = RACSubject<Int>()
        label(subject, name)
        return subject
    }

    /// A replay subject whose words traces name `name`.
    func replaySubject(_ name: String, capacity: Int) -> RACReplaySubject<Int> {
        let subject = RACReplaySubject<Int>(capacity: capacity)
        label(subject, name)
        return subject
    }

    /// Checks that `listener` heard values 1...`count` of each sender
    /// (sender s sends s * 10 + i), each once and in its sender's order,
    /// with no two deliveries overlapping.
    func expectEverySenderInOrder(_ listener: Listener, senders: Int, count: Int) {
        let expected = (0..<senders).flatMap { sender in (1...count).map { sender * 10 + $0 } }
        expect(listener.values.sorted() == expected, "heard \(listener.values), not \(expected) once each")
        for sender in 0..<senders {
            let own = listener.values.filter { $0 / 10 == sender }
            expect(own == own.sorted(), "sender \(sender)'s order broken: \(listener.values)")
        }
        expect(listener.overlaps == 0, "two deliveries overlapped")
    }

    /// Names a subject's words in traces.
    func label<Value>(_ subject: RACSubject<Value>, _ name: String) {
        let entries = subject.core.serializer.entries.address
        for (offset, word) in ["entries", "pending", "queue", "progress", "owner"].enumerated() {
            scheduler.labels[UnsafeRawPointer(entries + offset)] = "\(name).\(word)"
        }
    }

    /// Names a compound disposable's words in traces.
    func label(_ compound: RACCompoundDisposable, _ name: String) {
        let entries = compound.serializer.entries.address
        for (offset, word) in ["entries", "pending", "queue", "progress", "children"].enumerated() {
            scheduler.labels[UnsafeRawPointer(entries + offset)] = "\(name).\(word)"
        }
        label(compound as RACDisposable, name)
    }

    /// Names a disposable's state word (its once flag, for a compound).
    func label(_ disposable: RACDisposable, _ name: String) {
        scheduler.labels[UnsafeRawPointer(disposable.stateWord.address)] = "\(name).state"
    }

    /// Checks at every scheduling point that at most the backlog, plus one
    /// per thread, plus one per waiter that gave up so far, of the
    /// operations handed over to `subject` wait to be applied
    /// (docs/Concurrency.md point 9: "at most `backlogLimit` operations
    /// wait, plus one per thread that is sending"; a give-up adds one, and
    /// switches nothing off). (Not `entries`: it also counts operations
    /// applied and not yet accounted for, which a thread whose operation
    /// was applied can add to again.)
    func watchBacklog<Value>(of subject: RACSubject<Value>, _ name: String) {
        var reported = false
        var largest = 0
        scheduler.observers.append { [unowned self] in
            let count = Self.waiting(in: subject)
            largest = max(largest, count)
            let bound = RACSerializerLimits.backlogLimit + scheduler.workers.count + giveUps
            if count > bound && !reported {
                reported = true
                let failure = "\(count) operations wait in \(name) at step \(now), past the bound of \(bound) "
                    + "(backlog \(RACSerializerLimits.backlogLimit) + \(scheduler.workers.count) threads "
                    + "+ \(giveUps) give-ups)"
                failHere(failure)
            }
        }
        atEnd { [unowned self] in largestBacklog = max(largestBacklog, largest) }
    }

    /// The most operations seen waiting in a watched subject.
    private(set) var largestBacklog = 0

    /// The paths this schedule reached, of those the scenario watches.
    private(set) var covered: Set<String> = []

    /// Notes `path` as reached if `condition` holds at some scheduling
    /// point: the run's summary says in how many schedules each was, so
    /// that a scenario is seen to reach what it is for.
    func cover(_ path: String, when condition: @escaping () -> Bool) {
        scheduler.observers.append { [unowned self] in
            if !covered.contains(path) && condition() { covered.insert(path) }
        }
    }

    /// Whether `subject`'s serializer has `bit` set in its entries word.
    static func entriesHave<Value>(_ subject: RACSubject<Value>, _ bit: Int) -> Bool {
        subject.core.serializer.entries.address.pointee & bit != 0
    }

    /// Whether a node handed over to `subject` and not yet applied is in
    /// one of `states` (`RACHandOverState`).
    static func someNode<Value>(of subject: RACSubject<Value>, in states: Set<Int>) -> Bool {
        typealias Node = RACPendingNode<RACSubjectCore<Value>.Operation>
        let serializer = subject.core.serializer
        for start in [serializer.pending.address.pointee, serializer.queue.address.pointee] {
            var bits = start
            while bits != 0 {
                let node = Node(bits: bits)
                if states.contains(node.state.address.pointee) { return true }
                bits = node.next
            }
        }
        return false
    }
    /// The operations handed over to `subject` and not yet applied: its
    /// pending stack and its owner's queue. Read between two scheduling
    /// points, when no other thread runs. (Between the owner's take of the
    /// stack and its store of the queue, the taken ones are in neither:
    /// an undercount, never a false alarm.)
    static func waiting<Value>(in subject: RACSubject<Value>) -> Int {
        typealias Node = RACPendingNode<RACSubjectCore<Value>.Operation>
        let serializer = subject.core.serializer
        var count = 0
        for start in [serializer.pending.address.pointee, serializer.queue.address.pointee] {
            var bits = start
            while bits != 0 {
                count += 1
                bits = Node(bits: bits).next
            }
        }
        return count
    }
}

/// A subscriber's record: what it heard, and whether two deliveries ever
/// overlapped (point 1).
final class Listener {
    let script: Script
    private(set) var values: [Int] = []
    private(set) var completions = 0
    /// How many values it had heard at each completion (an end comes
    /// after every value: `[values.count]`).
    private(set) var completedAfter: [Int] = []
    private(set) var overlaps = 0
    /// Deliveries run by each thread, for the work-per-call bound.
    private(set) var deliveredBy: [Int: Int] = [:]
    private var inside = false

    init(_ script: Script) {
        self.script = script
    }

    /// Called from the subscriber's block; yields once inside, so that a
    /// second delivery could overlap if the engine allowed it.
    func hear(_ value: Int) {
        if inside { overlaps += 1 }
        inside = true
        deliveredBy[script.me, default: 0] += 1
        script.point()
        values.append(value)
        inside = false
    }

    func complete() {
        completions += 1
        completedAfter.append(values.count)
    }

    func subscribe(to signal: RACSignal<Int>, then extra: @escaping (Int) -> Void = { _ in }) -> RACDisposable {
        signal.subscribeNext({ [unowned self] value in
            hear(value)
            extra(value)
        }, completed: { [unowned self] in complete() })
    }
}

/// Sends with the stamps of their calls and returns, for the checks of
/// points 7 and 11 ("sent after dispose() returned", "returned before the
/// subscribe call was made").
final class Sends {
    let script: Script
    private(set) var called: [Int: Int] = [:]
    private(set) var returned: [Int: Int] = [:]

    init(_ script: Script) {
        self.script = script
    }

    func send(_ value: Int, into subject: RACSubject<Int>) {
        call(value) { subject.sendNext(value) }
    }

    /// Runs `body` as the call named `value`, stamped as a send is.
    func call(_ value: Int, _ body: () -> Void) {
        called[value] = script.stamp()
        body()
        returned[value] = script.stamp()
    }

    /// Whether `order` (each call's effect, by name) runs every call that
    /// returned before another was called ahead of that other: the order
    /// of the calls wherever they did not overlap. Returns the first pair
    /// out of order.
    func outOfOrder(in order: [Int]) -> (Int, Int)? {
        for (earlier, end) in returned {
            for (later, start) in called where end < start && !order.keepsOrder(earlier, later) {
                return (earlier, later)
            }
        }
        return nil
    }
}

extension Array where Element == Int {
    /// Whether `earlier` comes before `later` wherever both occur.
    func keepsOrder(_ earlier: Int, _ later: Int) -> Bool {
        guard let first = firstIndex(of: earlier), let second = firstIndex(of: later) else { return true }
        return first < second
    }

    /// Whether this array is a contiguous run of `whole`.
    func isContiguousRun(of whole: [Int]) -> Bool {
        if isEmpty { return true }
        guard let start = whole.firstIndex(of: self[0]), start + count <= whole.count else { return false }
        return Array(whole[start..<(start + count)]) == self
    }
}
#endif

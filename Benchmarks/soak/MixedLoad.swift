import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization

/// The mixed load: everything docs/Concurrency.md's contract covers, at once, for a
/// while, with every subscriber's stream checked.
///
/// - 4 senders flood one subject, `subject`; a fifth thread (the churn)
///   subscribes, sends a probe, waits for it and disposes, over and over.
/// - The subject's first subscriber, the *reference*, numbers the events in
///   the order it receives them (`stamp`) and checks that each sender's
///   values arrive one after another, none lost, doubled or reordered. Every
///   other subscriber of the subject is delivered the same event right
///   after it, inside the same serialized delivery, so it reads the
///   event's number from `stamp`: its stream must be a run of consecutive
///   numbers (one order for all, no gap, no duplicate).
/// - The reference forwards each number into a replay subject (capacity 32)
///   and a behavior subject; two threads keep joining them, and each joined
///   stream must be consecutive too (replayed values included).
/// - Two threads churn `publish().autoconnect()` signals over the subject,
///   subscribing and disposing together, round after round: each round's
///   source is subscribed once, and disposed by the time the last
///   `dispose()` returns.
/// - The subject's second subscriber subscribes new subscribers from inside
///   its block: none may hear a value whose `sendNext` had returned before.
/// - A subscriber behind `deliverOn` a serial scheduler (whose bounded
///   queue makes the delivering thread wait its turn now and then) checks
///   each sender's order on the scheduler, and hears every value by the end.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class MixedLoad: @unchecked Sendable {
    static let senders = 4
    /// How many values the senders may send after a joining subscriber has
    /// subscribed, while it has not yet heard the few it waits for, before
    /// that counts as lost: what can wait between a `sendNext` that returned
    /// and the joined subscriber (a backlog of 64 and one per thread, in the
    /// subject and in each subject it forwards into), many times over. A
    /// count, not a time: it was 10 s, and a loaded machine starves threads
    /// (Dispatch's workers, which the subscription scheduler uses, above
    /// all) for seconds, while a count of values sent moves only as fast
    /// as the values that must reach the subscriber.
    static let lagBound = 100_000
    /// The churn thread sends probes as sender number `senders`.
    static let probeSender = senders

    let subject = RACSubject<Int>()
    let replayed = RACReplaySubject<Int>(capacity: 32)
    let latest = RACBehaviorSubject(defaultValue: -1)
    let violations = Violations()
    let stop = Atomic<Bool>(false)

    /// Per sender (the probes' too): the sequence number of the last value
    /// whose `sendNext` has returned.
    let returned = (0...senders).map { _ in AtomicWord(-1) }
    /// Per sender: how many values it sent.
    let sent = (0...senders).map { _ in AtomicWord(0) }

    // Touched only inside the subject's deliveries, which it serializes.
    var stamp = -1
    var expectedSequence = Array(repeating: 0, count: senders + 1)
    var checkedInSubject = 0
    var reentrantTicks = 0
    var reentrantLive = 0

    /// The `deliverOn` stream's state, touched only on its scheduler.
    let delivered = RACScheduler.scheduler(name: "soak deliverOn stream")
    var deliveredSequence = Array(repeating: 0, count: senders + 1)
    let deliveredCount = Atomic<Int>(0)

    /// Events checked outside the subject's deliveries (joins, autoconnect).
    let checkedElsewhere = Atomic<Int>(0)
    let autoconnectRounds = Atomic<Int>(0)
    let churnCycles = Atomic<Int>(0)
    let joins = Atomic<Int>(0)
    let reentrantSubscriptions = Atomic<Int>(0)
    /// The longest single call of each kind, in nanoseconds.
    let longestSend = Atomic<UInt64>(0)
    let longestSubscribe = Atomic<UInt64>(0)
    let longestDispose = Atomic<UInt64>(0)

    var eventsChecked: Int { checkedInSubject + checkedElsewhere.load(ordering: .relaxed) }

    /// Runs the load for `seconds`, reporting progress every 10 s.
    func run(seconds: Double) {
        subscribeReference()
        subscribeReentrant()
        subscribeDelivered()
        let workers: [@Sendable () -> Void] = [
            { self.churn() },
            { self.join(self.replayed, "replay join") },
            { self.join(self.latest, "behavior join") },
            { self.autoconnect(thread: 0) },
            { self.autoconnect(thread: 1) },
        ] + (0..<Self.senders).map { sender in { self.send(as: sender) } }
        let group = DispatchGroup()
        for worker in workers {
            group.enter()
            Thread {
                worker()
                group.leave()
            }.start()
        }
        let start = monotonicNanoseconds()
        while true {
            let elapsed = Double(monotonicNanoseconds() - start) / 1e9
            if elapsed >= seconds { break }
            Thread.sleep(forTimeInterval: min(10, seconds - elapsed))
            let now = Double(monotonicNanoseconds() - start) / 1e9
            if now < seconds {
                report(String(format: "  %5.0f s  %.1f MB resident, %ld violations", now, residentMegabytes(),
                             violations.count))
            }
        }
        stop.store(true, ordering: .relaxed)
        group.wait()
        finalCheck()
    }

    // MARK: The subject's own subscribers

    private func subscribeReference() {
        subject.subscribeNext { [self] value in
            stamp += 1
            checkedInSubject += 1
            let sender = Stamp.sender(value), sequence = Stamp.sequence(value)
            if sequence != expectedSequence[sender] {
                violations.report("reference: sender \(sender) sent \(sequence), expected \(expectedSequence[sender])")
            }
            expectedSequence[sender] = sequence + 1
            replayed.sendNext(stamp)
            latest.sendNext(stamp)
        }
    }

    private func subscribeDelivered() {
        subject.deliverOn(delivered).subscribeNext { [self] value in
            let sender = Stamp.sender(value), sequence = Stamp.sequence(value)
            if sequence != deliveredSequence[sender] {
                violations.report("deliverOn: sender \(sender) sent \(sequence), expected \(deliveredSequence[sender])")
            }
            deliveredSequence[sender] = sequence + 1
            deliveredCount.add(1, ordering: .relaxed)
        }
    }

    private func subscribeReentrant() {
        subject.subscribeNext { [self] _ in
            reentrantTicks += 1
            guard reentrantTicks % 512 == 0, reentrantLive < 8 else { return }
            reentrantLive += 1
            reentrantSubscriptions.add(1, ordering: .relaxed)
            let thresholds = returned.map { $0.value.load(ordering: .acquiring) }
            let run = RunCheck("reentrant subscriber", violations)
            let box = DisposableBox()
            box.disposable = subject.subscribeNext { [self] value in
                checkLinearizable(value, thresholds, "reentrant subscriber")
                run.receive(stamp)
                checkedInSubject += 1
                if run.received == 64 {
                    box.disposable?.dispose()
                    reentrantLive -= 1
                }
            }
        }
    }

    /// A subscriber that subscribed when each sender's last returned value
    /// was `thresholds[sender]` must hear none of those.
    private func checkLinearizable(_ value: Int, _ thresholds: [Int], _ who: String) {
        let sender = Stamp.sender(value), sequence = Stamp.sequence(value)
        if sequence <= thresholds[sender] {
            violations.report("\(who): heard sender \(sender)'s \(sequence), sent before it subscribed (\(thresholds[sender]))")
        }
    }

    // MARK: Threads

    private func send(as sender: Int) {
        let (count, longest) = sendNumbered(into: subject, as: sender, until: stop) { sequence in
            // Release: a subscriber that reads this knows the send returned.
            returned[sender].value.store(sequence, ordering: .releasing)
        }
        sent[sender].value.store(count, ordering: .relaxed)
        longestSend.max(longest, ordering: .relaxed)
    }

    private func churn() {
        var sequence = 0
        var longestCall: UInt64 = 0
        while !stop.load(ordering: .relaxed) {
            let thresholds = returned.map { $0.value.load(ordering: .acquiring) }
            let probe = Stamp.encode(sender: Self.probeSender, sequence: sequence)
            let heard = DispatchSemaphore(value: 0)
            let run = RunCheck("churned subscriber", violations)
            var start = monotonicNanoseconds()
            let disposable = subject.subscribeNext { [self] value in
                checkLinearizable(value, thresholds, "churned subscriber")
                run.receive(stamp)
                checkedInSubject += 1
                if value == probe { heard.signal() }
            }
            longestCall = max(longestCall, monotonicNanoseconds() - start)
            start = monotonicNanoseconds()
            subject.sendNext(probe)
            longestSend.max(monotonicNanoseconds() - start, ordering: .relaxed)
            returned[Self.probeSender].value.store(sequence, ordering: .releasing)
            sequence += 1
            // A hang guard: the probe was sent, so it arrives, whenever.
            if heard.wait(timeout: HangGuard.deadline) == .timedOut {
                violations.report("churned subscriber: its probe, sent after it subscribed, never arrived (a hang)")
            }
            start = monotonicNanoseconds()
            disposable.dispose()
            longestDispose.max(monotonicNanoseconds() - start, ordering: .relaxed)
            churnCycles.add(1, ordering: .relaxed)
        }
        sent[Self.probeSender].value.store(sequence, ordering: .relaxed)
        longestSubscribe.max(longestCall, ordering: .relaxed)
    }

    /// Joins `subject` over and over: each joined stream is consecutive
    /// numbers, and goes on while the senders do.
    private func join(_ subject: RACSubject<Int>, _ who: String) {
        while !stop.load(ordering: .relaxed) {
            let enough = DispatchSemaphore(value: 0)
            let run = RunCheck(who, violations)
            let count = Atomic<Int>(0)
            let disposable = subject.subscribeNext { [self] stamp in
                run.receive(stamp)
                checkedElsewhere.add(1, ordering: .relaxed)
                if count.add(1, ordering: .relaxed).newValue == 100 { enough.signal() }
            }
            if let missing = waitWhileFlooding(enough, heard: { count.load(ordering: .relaxed) }, needed: 100) {
                violations.report("\(who): fewer than 100 values, \(missing)")
            }
            disposable.dispose()
            joins.add(1, ordering: .relaxed)
        }
    }

    private let autoconnectBarrier = SpinBarrier(parties: 2)
    private let autoconnectFinished = Atomic<Int>(0)
    private let roundLock = NSLock()
    private var round: AutoconnectRound?

    /// Two threads, in step: thread 0 makes the round's signal; both
    /// subscribe, hear a few values, and dispose; the second to return
    /// checks that the round's source was subscribed once and disposed.
    private func autoconnect(thread: Int) {
        // Inside a scheduler's block, subscriptions are made at once (as on
        // the main thread), so that the two threads' really race. A test
        // scheduler's block runs on this thread: a block that never ends
        // on a Dispatch queue would hold one of Dispatch's few worker
        // threads, which the subscription scheduler needs for the joins.
        let scheduler = RACTestScheduler()
        scheduler.schedule { [self] in
            while true {
                if thread == 0 {
                    roundLock.lock()
                    round = stop.load(ordering: .relaxed) ? nil : AutoconnectRound(subject, stamp: { self.stamp })
                    roundLock.unlock()
                }
                autoconnectBarrier.arriveAndWait()
                roundLock.lock()
                let current = round
                roundLock.unlock()
                guard let current else { break }
                let heard = DispatchSemaphore(value: 0)
                let run = RunCheck("autoconnect subscriber", violations)
                let count = Atomic<Int>(0)
                let disposable = current.signal.subscribeNext { [self] stamp in
                    run.receive(stamp)
                    checkedElsewhere.add(1, ordering: .relaxed)
                    if count.add(1, ordering: .relaxed).newValue == 8 { heard.signal() }
                }
                if let missing = waitWhileFlooding(heard, heard: { count.load(ordering: .relaxed) }, needed: 8) {
                    violations.report("autoconnect subscriber: fewer than 8 values, \(missing)")
                }
                autoconnectBarrier.arriveAndWait()
                disposable.dispose()
                if current.finished.add(1, ordering: .acquiringAndReleasing).newValue == 2 {
                    let (subscriptions, disposals) = current.counts
                    if subscriptions != 1 || disposals != 1 {
                        violations.report("autoconnect: after the last dispose() returned, \(subscriptions) source subscriptions, \(disposals) disposals")
                    }
                    autoconnectRounds.add(1, ordering: .relaxed)
                }
                autoconnectBarrier.arriveAndWait()
            }
        }
        scheduler.stepAll()
    }

    private func finalCheck() {
        // Every thread has returned, so every send has been delivered.
        for sender in 0...Self.senders {
            let count = sent[sender].value.load(ordering: .relaxed)
            if expectedSequence[sender] != count {
                violations.report("reference: sender \(sender) sent \(count) values, \(expectedSequence[sender]) arrived")
            }
        }
        // The deliverOn stream may still be delivering the last values.
        let total = sent.map { $0.value.load(ordering: .relaxed) }.reduce(0, +)
        // Until the hang guard: the time it takes is the load's.
        _ = HangGuard.waitUntil { deliveredCount.load(ordering: .relaxed) >= total }
        if case let heard = deliveredCount.load(ordering: .relaxed), heard != total {
            violations.report("deliverOn: \(total) values sent, \(heard) delivered\(heard < total ? " (a hang)" : "")")
        }
    }

    /// Values whose `sendNext` has returned so far, the probes' included.
    private func returnedSoFar() -> Int {
        returned.reduce(0) { $0 + $1.value.load(ordering: .acquiring) + 1 }
    }

    /// Waits for `signalled`, which a subscriber that has just subscribed
    /// signals once it has heard `needed` values (`heard()` so far): nil
    /// once it is, or once the run stops (nothing more is sent); else what
    /// is missing: `lagBound` values sent since the wait began without
    /// them, or the hang guard passed.
    private func waitWhileFlooding(_ signalled: DispatchSemaphore, heard: () -> Int, needed: Int) -> String? {
        let base = returnedSoFar()
        let end = monotonicNanoseconds() + UInt64(HangGuard.seconds * 1e9)
        while signalled.wait(timeout: .now() + 0.01) == .timedOut {
            if stop.load(ordering: .relaxed) { return nil }
            // Sent first, heard after: a value counted as sent was sent
            // before the count of those heard was read.
            let sent = returnedSoFar() - base
            if sent >= Self.lagBound && heard() < needed { return "\(sent) sent since it subscribed" }
            if monotonicNanoseconds() >= end { return "a hang" }
        }
        return nil
    }
}

/// One round of the autoconnect churn: a fresh connection over the subject,
/// through a source that counts its subscriptions and disposals.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class AutoconnectRound: @unchecked Sendable {
    let signal: RACSignal<Int>
    let finished = Atomic<Int>(0)
    private let subscriptions = AtomicWord()
    private let disposals = AtomicWord()

    init(_ subject: RACSubject<Int>, stamp: @escaping @Sendable () -> Int) {
        // The map runs inside the subject's deliveries, where `stamp` is
        // the number of the event being delivered.
        let numbered = subject.map { _ in stamp() }
        let subscriptions = self.subscriptions, disposals = self.disposals
        let counted = RACSignal<Int>.createSignal { subscriber in
            subscriptions.value.add(1, ordering: .relaxed)
            let inner = numbered.subscribe(subscriber)
            return RACDisposable {
                disposals.value.add(1, ordering: .relaxed)
                inner.dispose()
            }
        }
        signal = counted.publish().autoconnect()
    }

    var counts: (subscriptions: Int, disposals: Int) {
        (subscriptions.value.load(ordering: .relaxed), disposals.value.load(ordering: .relaxed))
    }
}

/// Checks that one subscriber's event numbers are consecutive. Used only
/// from the deliveries of one subscription, which are serialized.
final class RunCheck: @unchecked Sendable {
    private let who: String
    private let violations: Violations
    private var last = Int.min
    private(set) var received = 0

    init(_ who: String, _ violations: Violations) {
        self.who = who
        self.violations = violations
    }

    func receive(_ stamp: Int) {
        if last != Int.min && stamp != last + 1 {
            violations.report("\(who): event \(stamp) after \(last) (lost, doubled or out of order)")
        }
        last = stamp
        received += 1
    }
}

/// Holds a subscription's disposable for its own block: set before the
/// subscription's first delivery (which comes after the delivery it was
/// made in), read only inside its deliveries.
final class DisposableBox: @unchecked Sendable {
    var disposable: RACDisposable?
}

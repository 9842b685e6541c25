import CShims
import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// docs/Concurrency.md, "What each operator keeps": `deliverOn` and
/// `deliverOnMainThread()` keep at most 8 192 events (plus one) per
/// subscription on RACSwift's queue schedulers, whatever the subscriber's
/// speed. Two threads flood a subject whose subscriber, behind the
/// operator, is slow; every value arrives, each sender's in its order, and
/// the values whose `sendNext` returned but which the subscriber has not
/// heard (what waits in the subject and in the delivery queue) stay within
/// both bounds. (Before, each event was a scheduled block of its own, and
/// the same flood queued about 1.5 M of them: 637 MB.)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class DeliverOnFloodStressTests: XCTestCase {
    private static let senders = 2

    /// What waits at most between a `sendNext` returning and its delivery:
    /// the subject's backlog (64, plus one per sender, plus the value its
    /// delivering thread holds) and the delivery queue's (8 192, plus one).
    private static let bound = 64 + senders + 1 + 8_192 + 1

    /// Waits at a bound that gave up so far: the delivery queue's sender
    /// (key 5 of `racs_warn_once`) and a serializer's waiter (key 0). A
    /// wait gives up only once what it waits for has delivered nothing for
    /// a second (`RACSerializerLimits.patience`): a count of waits that
    /// were not let go by the drain, which load does not make.
    private var giveUps: Int { racs_warning_count(5) + racs_warning_count(0) }

    /// A flood's observations, and what the tests here add to them.
    private final class Observed: @unchecked Sendable {
        let heard = FloodObserved(senders: DeliverOnFloodStressTests.senders)
        var offThread = 0

        var returned: AtomicWord { heard.returned }
        var received: Int { heard.received }
        var largestBacklog: Int { heard.largestBacklog }
        var outOfOrder: Int { heard.outOfOrder }

        func hear(_ value: Int) { heard.hear(value) }
    }

    /// Floods `subject` from two threads, `perSender` values each, into
    /// `observed`; returns how many values were sent. A count, not a time:
    /// a loaded machine sends fewer values a second, never fewer values.
    /// Each count is far past the bound (which the senders reach after
    /// some 130 values) for the subscriber it floods.
    private func flood(_ subject: RACSubject<Int>, into observed: Observed, perSender: Int) -> Int {
        runConcurrently(threads: Self.senders) { thread in
            for sequence in 0..<perSender {
                subject.sendNext(thread * FloodObserved.stride + sequence)
                // Releasing: the subscriber reads it to measure the backlog.
                observed.returned.value.add(1, ordering: .releasing)
            }
        }
        return Self.senders * perSender
    }

    /// Checks what a flood did once every value has been heard.
    private func check(_ observed: Observed, sent: Int, residentBefore: Double, giveUpsBefore: Int,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(observed.received, sent, "every value heard", file: file, line: line)
        XCTAssertEqual(observed.outOfOrder, 0, "each sender's values in its order", file: file, line: line)
        XCTAssertEqual(observed.offThread, 0, "every value on the scheduler", file: file, line: line)
        XCTAssertLessThanOrEqual(observed.largestBacklog, Self.bound, "within both bounds", file: file, line: line)
        // No call waits for long, as a count rather than a time (it was
        // "the longest sendNext under 2 s", which a thread descheduled on a
        // loaded machine can break): every sender that waited at the bound
        // was let go by the drain, none gave up its wait. A wake-up lost,
        // or a waiter let go only once the queue has emptied, leaves it
        // waiting until it gives up (a second without progress), counted
        // here; the old bound let such a one-second stall pass.
        XCTAssertEqual(giveUps - giveUpsBefore, 0, "waits at the bound that the drain never ended",
                       file: file, line: line)
        XCTAssertLessThan(residentMegabytes() - residentBefore, 64, "memory stays flat", file: file, line: line)
    }

    func testASlowSubscriberBehindDeliverOnASerialSchedulerKeepsTheBound() {
        let scheduler = RACScheduler.scheduler(name: "flood")
        let subject = RACSubject<Int>()
        let observed = Observed()
        let done = DispatchSemaphore(value: 0)
        subject.deliverOn(scheduler).subscribeNext({ value in
            // The end mark: every value before it has been heard.
            if value == -1 { _ = done.signal(); return }
            if RACScheduler.currentScheduler !== scheduler { observed.offThread += 1 }
            Thread.sleep(forTimeInterval: 0.000_2)
            observed.hear(value)
        })
        let (residentBefore, giveUpsBefore) = (residentMegabytes(), giveUps)
        // About 2 s on a quiet machine: 0.2 ms a value.
        let sent = flood(subject, into: observed, perSender: 5_000)
        subject.sendNext(-1)
        XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: the end mark never arrived")
        check(observed, sent: sent, residentBefore: residentBefore, giveUpsBefore: giveUpsBefore)
    }

    func testAFloodWithAFastSubscriberBehindDeliverOnLosesAndReordersNothing() {
        let scheduler = RACScheduler.scheduler(name: "fast flood")
        let subject = RACSubject<Int>()
        let observed = Observed()
        let done = DispatchSemaphore(value: 0)
        subject.deliverOn(scheduler).subscribeNext({ value in
            if value == -1 { _ = done.signal(); return }
            observed.hear(value)
        })
        let (residentBefore, giveUpsBefore) = (residentMegabytes(), giveUps)
        // A count (it was a second's flood, then "more than 1 000 sent",
        // which a starved sender could miss).
        let sent = flood(subject, into: observed, perSender: 50_000)
        subject.sendNext(-1)
        XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: the end mark never arrived")
        check(observed, sent: sent, residentBefore: residentBefore, giveUpsBefore: giveUpsBefore)
    }

    /// The main thread scheduler, with the main queue running (XCTest's
    /// wait runs the main run loop), by `deliverOnMainThread()` and by
    /// `deliverOn(mainThreadScheduler)`.
    func testASlowSubscriberOnTheMainThreadKeepsTheBound() {
        for (label, operate) in [
            ("deliverOnMainThread", { (signal: RACSignal<Int>) in signal.deliverOnMainThread() }),
            ("deliverOn(main)", { (signal: RACSignal<Int>) in signal.deliverOn(RACScheduler.mainThreadScheduler) }),
        ] {
            let subject = RACSubject<Int>()
            let observed = Observed()
            let warmedUp = expectation(description: "\(label): the main queue runs")
            let done = expectation(description: "\(label): every value")
            operate(subject).subscribeNext { value in
                // Once the main queue has run, senders wait at the bound.
                if value == -2 { return warmedUp.fulfill() }
                if value == -1 { return done.fulfill() }
                if !Thread.isMainThread { observed.offThread += 1 }
                Thread.sleep(forTimeInterval: 0.000_2)
                observed.hear(value)
            }
            DispatchQueue.global().async { subject.sendNext(-2) }
            // Hang guards: XCTest fails a wait that reaches them.
            wait(for: [warmedUp], timeout: HangGuard.seconds)
            let (residentBefore, giveUpsBefore) = (residentMegabytes(), giveUps)
            let sent = Shared(0)
            DispatchQueue.global().async {
                // About 1.5 s on a quiet machine.
                sent.value = self.flood(subject, into: observed, perSender: 3_500)
                subject.sendNext(-1)
            }
            wait(for: [done], timeout: HangGuard.seconds)
            check(observed, sent: sent.value, residentBefore: residentBefore, giveUpsBefore: giveUpsBefore)
        }
    }

    /// A sender that must not wait goes past the bound, in order: the
    /// subscriber behind `deliverOn` sends back into its own source, from
    /// the scheduler's block (the drain), more than 64 values at once.
    func testASubscriberSendingBackIntoItsSourceDoesNotWaitForItself() {
        let scheduler = RACScheduler.scheduler(name: "echo")
        let subject = RACSubject<Int>()
        let received = Shared<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        subject.deliverOn(scheduler).subscribeNext { value in
            received.value.append(value)
            if value == 0 { for echo in 1...1_000 { subject.sendNext(echo) } }
            if value == 1_000 { done.signal() }
        }
        let giveUpsBefore = giveUps
        subject.sendNext(0)
        XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: the echoes never all arrived")
        // No wait for itself, as a count (it was "all within 10 s"): a
        // drain that waited for itself would wait until it gave up, a
        // second for each of the 936 echoes past the bound.
        XCTAssertEqual(giveUps - giveUpsBefore, 0, "the drain waited for itself until it gave up")
        XCTAssertEqual(received.value, Array(0...1_000))
    }

    /// A block on the target scheduler sends more than 64 values: the
    /// scheduler runs the drain only after the block, so it must not wait.
    func testABlockOnTheTargetSchedulerDoesNotWaitForItsDrain() {
        let scheduler = RACScheduler.scheduler(name: "same queue")
        let subject = RACSubject<Int>()
        let received = Shared<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        subject.deliverOn(scheduler).subscribeNext { value in
            received.value.append(value)
            if value == 999 { done.signal() }
        }
        let giveUpsBefore = giveUps
        scheduler.schedule { for value in 0..<1_000 { subject.sendNext(value) } }
        XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: the values never all arrived")
        // No wait for the drain behind it, as a count (it was "all within
        // 10 s"): a block that waited for it would give up a wait for each
        // of the 936 values past the bound, a second each.
        XCTAssertEqual(giveUps - giveUpsBefore, 0, "the block waited for the drain behind it until it gave up")
        XCTAssertEqual(received.value, Array(0..<1_000))
    }

    /// A drain that waits for the subject its sender delivers: the
    /// subscriber behind `deliverOn` sends into the flooded subject, whose
    /// delivering thread waits for the delivery queue. The marks break the
    /// cycle (the drain holds its queue, the sender the subject): no wait
    /// lasts until it gives up (a second without progress), and nothing is
    /// lost.
    func testADrainSendingIntoTheSubjectThatFeedsItDoesNotDeadlock() {
        let scheduler = RACScheduler.scheduler(name: "cycle")
        let subject = RACSubject<Int>()
        let sideCount = AtomicWord()
        let mainCount = AtomicWord()
        subject.deliverOn(scheduler).subscribeNext { value in
            if value >= 0 {
                mainCount.value.add(1, ordering: .relaxed)
                // Every tenth value makes the subscriber send back.
                if value % 10 == 0 { subject.sendNext(-1) }
            } else {
                sideCount.value.add(1, ordering: .relaxed)
            }
        }
        let giveUpsBefore = giveUps
        runConcurrently(threads: 2) { _ in
            for value in 0..<20_000 { subject.sendNext(value) }
        }
        // The last values, and what they send back, may still be queued.
        let all = HangGuard.waitUntil {
            mainCount.value.load(ordering: .relaxed) + sideCount.value.load(ordering: .relaxed) >= 44_000
        }
        XCTAssertTrue(all, "hang: the last values, or what they sent back, never arrived")
        XCTAssertEqual(mainCount.value.load(ordering: .relaxed), 40_000)
        XCTAssertEqual(sideCount.value.load(ordering: .relaxed), 4_000)
        // No second-long stalls, as a count (it was "all within 20 s"): a
        // stall in the cycle is a wait that lasts until it gives up.
        XCTAssertEqual(giveUps - giveUpsBefore, 0, "waits in the cycle that lasted until they gave up")
    }

    /// A scheduler of one's own whose blocks run on whichever Dispatch
    /// worker comes: one drain after another, on different threads, each
    /// starting from where the last one left the queue (under Thread
    /// Sanitizer, a cursor published after the count reached 0 is a race).
    private final class HoppingScheduler: RACScheduler, @unchecked Sendable {
        override func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
            DispatchQueue.global().async { self.performAsCurrentScheduler(block) }
            return nil
        }
    }

    func testDrainsOnDifferentThreadsContinueWhereTheLastOneStopped() {
        let subject = RACSubject<Int>()
        let heard = Shared<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let count = 20_000
        subject.deliverOn(HoppingScheduler()).subscribeNext { value in
            heard.value.append(value)
            if value == count - 1 { done.signal() }
        }
        for value in 0..<count {
            subject.sendNext(value)
            // Now and then a pause, so that the drain ends and the next
            // burst starts a drain of its own.
            if value % 7 == 0 { for _ in 0..<200 { _ = simulatedWork(value) } }
        }
        XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: the last value never arrived")
        XCTAssertEqual(heard.value, Array(0..<count))
    }
}

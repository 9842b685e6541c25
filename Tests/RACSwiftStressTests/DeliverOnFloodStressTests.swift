import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// docs/Concurrency.md, "What each operator keeps": `deliverOn` and
/// `deliverOnMainThread()` keep at most 1 024 events (plus one) per
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
    /// delivering thread holds) and the delivery queue's (1 024, plus one).
    private static let bound = 64 + senders + 1 + 1_024 + 1

    /// A flood's observations, and what the tests here add to them.
    private final class Observed: @unchecked Sendable {
        let heard = FloodObserved(senders: DeliverOnFloodStressTests.senders)
        let longestCall = AtomicWord()
        var offThread = 0

        var returned: AtomicWord { heard.returned }
        var received: Int { heard.received }
        var largestBacklog: Int { heard.largestBacklog }
        var outOfOrder: Int { heard.outOfOrder }

        func hear(_ value: Int) { heard.hear(value) }
    }

    /// Floods `subject` from two threads for `seconds`, into `observed`;
    /// returns how many values were sent. `whileFlooding` runs on the
    /// calling thread meanwhile (the main thread's run loop, for the main
    /// thread scheduler).
    private func flood(_ subject: RACSubject<Int>, into observed: Observed, for seconds: Double,
                       whileFlooding: (@escaping @Sendable () -> Void) -> Void = { $0() }) -> Int {
        let stop = Atomic<Bool>(false)
        let sent = (0..<Self.senders).map { _ in AtomicWord() }
        whileFlooding {
            runConcurrently(threads: Self.senders + 1) { thread in
                guard thread < Self.senders else {
                    Thread.sleep(forTimeInterval: seconds)
                    stop.store(true, ordering: .relaxed)
                    return
                }
                var sequence = 0
                while !stop.load(ordering: .relaxed) {
                    let start = monotonicNanoseconds()
                    subject.sendNext(thread * FloodObserved.stride + sequence)
                    let took = Int(monotonicNanoseconds() - start)
                    // Releasing: the subscriber reads it to measure the backlog.
                    observed.returned.value.add(1, ordering: .releasing)
                    if took > observed.longestCall.value.load(ordering: .relaxed) {
                        observed.longestCall.value.store(took, ordering: .relaxed)
                    }
                    sequence += 1
                }
                sent[thread].value.store(sequence, ordering: .relaxed)
            }
        }
        return sent.reduce(0) { $0 + $1.value.load(ordering: .relaxed) }
    }

    /// Checks what a flood did once every value has been heard.
    private func check(_ observed: Observed, sent: Int, residentBefore: Double,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(observed.received, sent, "every value heard", file: file, line: line)
        XCTAssertEqual(observed.outOfOrder, 0, "each sender's values in its order", file: file, line: line)
        XCTAssertEqual(observed.offThread, 0, "every value on the scheduler", file: file, line: line)
        XCTAssertLessThanOrEqual(observed.largestBacklog, Self.bound, "within both bounds", file: file, line: line)
        // Unoptimized and instrumented builds are slow and descheduled
        // often: the release figure (100 ms) is the soak's to check.
        let longest = Double(observed.longestCall.value.load(ordering: .relaxed)) / 1e9
        XCTAssertLessThan(longest, 2, "no call waits for long", file: file, line: line)
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
        let residentBefore = residentMegabytes()
        let sent = flood(subject, into: observed, for: 2)
        subject.sendNext(-1)
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        check(observed, sent: sent, residentBefore: residentBefore)
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
        let residentBefore = residentMegabytes()
        let sent = flood(subject, into: observed, for: 1)
        subject.sendNext(-1)
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertGreaterThan(sent, 1_000)
        check(observed, sent: sent, residentBefore: residentBefore)
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
            wait(for: [warmedUp], timeout: 10)
            let residentBefore = residentMegabytes()
            let sent = Shared(0)
            DispatchQueue.global().async {
                sent.value = self.flood(subject, into: observed, for: 1.5)
                subject.sendNext(-1)
            }
            wait(for: [done], timeout: 60)
            check(observed, sent: sent.value, residentBefore: residentBefore)
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
        subject.sendNext(0)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "no wait for itself")
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
        scheduler.schedule { for value in 0..<1_000 { subject.sendNext(value) } }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "no wait for the drain behind it")
        XCTAssertEqual(received.value, Array(0..<1_000))
    }

    /// A drain that waits for the subject its sender delivers: the
    /// subscriber behind `deliverOn` sends into the flooded subject, whose
    /// delivering thread waits for the delivery queue. The marks break the
    /// cycle (the drain holds its queue, the sender the subject): nothing
    /// waits a second for another, and nothing is lost.
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
        let start = monotonicNanoseconds()
        runConcurrently(threads: 2) { _ in
            for value in 0..<20_000 { subject.sendNext(value) }
        }
        // The last values, and what they send back, may still be queued.
        let deadline = monotonicNanoseconds() + 30_000_000_000
        while mainCount.value.load(ordering: .relaxed) + sideCount.value.load(ordering: .relaxed) < 44_000,
              monotonicNanoseconds() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertEqual(mainCount.value.load(ordering: .relaxed), 40_000)
        XCTAssertEqual(sideCount.value.load(ordering: .relaxed), 4_000)
        XCTAssertLessThan(Double(monotonicNanoseconds() - start) / 1e9, 20, "no second-long stalls")
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
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(heard.value, Array(0..<count))
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// Operators whose sources send from different threads at once: no two
/// events overlap downstream, nothing is lost or duplicated, exactly one
/// terminal event arrives and nothing after it. `OrderRecorder` (see
/// SubjectStressTests.swift) detects overlaps, and under Thread Sanitizer
/// any delivery not ordered by the operators' own synchronization.
// @unchecked Sendable: the threads call only its pure helpers.
final class OperatorStressTests: XCTestCase, @unchecked Sendable {
    private let stride = 1_000_000

    /// Values a sender sends: `sender * stride + sequence`.
    private func values(of sender: Int, count: Int) -> [Int] {
        (0..<count).map { sender * stride + $0 }
    }

    /// The values from `sender`, in the order received.
    private func received(_ recorder: OrderRecorder, from sender: Int) -> [Int] {
        recorder.values.filter { $0 / stride == sender }
    }

    private func assertClean(_ recorder: OrderRecorder, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(recorder.overlaps, 0, "overlapping deliveries", file: file, line: line)
        XCTAssertEqual(recorder.terminals, 1, "terminal events", file: file, line: line)
        XCTAssertEqual(recorder.eventsAfterTerminal, 0, "events after the terminal event", file: file, line: line)
    }

    // MARK: merge

    func testMergeOfSourcesSendingFromTheirOwnThreads() {
        let senders = 4, perSender = 20_000
        let subjects = (0..<senders).map { _ in RACSubject<Int>() }
        let recorder = OrderRecorder()
        RACSignal.merge(subjects).subscribeNext({ recorder.next($0) }, completed: { recorder.terminal() })
        runConcurrently(threads: senders) { sender in
            for value in self.values(of: sender, count: perSender) { subjects[sender].sendNext(value) }
            subjects[sender].sendCompleted()
        }
        XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event")
        assertClean(recorder)
        for sender in 0..<senders {
            XCTAssertEqual(received(recorder, from: sender), values(of: sender, count: perSender))
        }
    }

    // MARK: flatten

    /// Inner signals are cold and sent into the receiver from two threads;
    /// they are subscribed on the receiver's threads or (with a limit) on
    /// the threads where earlier inner signals complete, and, subscribed off
    /// the main thread, they run on the subscription scheduler's thread.
    /// Every value of every inner signal arrives once, completion once.
    func testFlattenOfInnerSignalsRunningOnOtherThreads() {
        let innerCount = 400, perInner = 50
        for limit in [0, 1, 3] {
            let outer = RACSubject<RACSignal<Int>>()
            let recorder = OrderRecorder()
            outer.flatten(limit).subscribeNext({ recorder.next($0) }, error: { _ in recorder.terminal() },
                                               completed: { recorder.terminal() })
            runConcurrently(threads: 2) { half in
                for index in Swift.stride(from: half, to: innerCount, by: 2) {
                    let values = self.values(of: index, count: perInner)
                    outer.sendNext(RACSignal.createSignal { subscriber in
                        for value in values { subscriber.sendNext(value) }
                        subscriber.sendCompleted()
                        return nil
                    })
                }
            }
            outer.sendCompleted()
            XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event, limit \(limit)")
            assertClean(recorder)
            XCTAssertEqual(recorder.values.count, innerCount * perInner, "limit \(limit)")
            XCTAssertTrue(recorder.isFIFOPerSender(stride: stride), "limit \(limit)")
            if limit == 1 {
                // One at a time: each inner signal's values form one run.
                let runs = recorder.values.map { $0 / stride }
                    .reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
                XCTAssertEqual(runs.count, innerCount, "concat interleaved inner signals")
            }
        }
    }

    /// Hot inner signals complete on many threads at once: the running
    /// count must reach zero exactly once, after the last value.
    func testFlattenMapCompletesOnceWhenInnersCompleteConcurrently() {
        let threads = 4, perInner = 5_000
        for _ in 0..<5 {
            let inners = (0..<threads).map { _ in RACSubject<Int>() }
            let recorder = OrderRecorder()
            let outer = RACSubject<Int>()
            outer.flattenMap { inners[$0] }.subscribeNext({ recorder.next($0) }, completed: { recorder.terminal() })
            for index in 0..<threads { outer.sendNext(index) }
            outer.sendCompleted()
            runConcurrently(threads: threads) { index in
                for value in self.values(of: index, count: perInner) { inners[index].sendNext(value) }
                inners[index].sendCompleted()
            }
            XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event")
            assertClean(recorder)
            XCTAssertEqual(recorder.values.count, threads * perInner)
            XCTAssertTrue(recorder.isFIFOPerSender(stride: stride))
        }
    }

    // MARK: combineLatest, zip

    func testCombineLatestOfSourcesSendingFromTheirOwnThreads() {
        let perSender = 20_000
        let a = RACSubject<Int>(), b = RACSubject<Int>()
        let recorder = OrderRecorder()
        // A tuple (x, y) is recorded as x * stride + y.
        let stride = self.stride
        a.combineLatestWith(b).map { $0.0 * stride + $0.1 }
            .subscribeNext({ recorder.next($0) }, completed: { recorder.terminal() })
        a.sendNext(0)
        b.sendNext(0)
        let subjects = [a, b]
        runConcurrently(threads: 2) { sender in
            for value in 1...perSender { subjects[sender].sendNext(value) }
            subjects[sender].sendCompleted()
        }
        XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event")
        assertClean(recorder)
        // One tuple for the first pair, then one per value.
        XCTAssertEqual(recorder.values.count, 1 + 2 * perSender)
        XCTAssertEqual(recorder.values.last, perSender * stride + perSender)
        // Each side only moves forward, one step per tuple.
        for (previous, next) in zip(recorder.values, recorder.values.dropFirst()) {
            let (pa, pb) = previous.quotientAndRemainder(dividingBy: stride)
            let (na, nb) = next.quotientAndRemainder(dividingBy: stride)
            XCTAssertEqual((na - pa) + (nb - pb), 1, "\(previous) -> \(next)")
            if (na - pa) + (nb - pb) != 1 { break }
        }
    }

    func testZipOfSourcesSendingFromTheirOwnThreads() {
        let senders = 3, perSender = 20_000
        let subjects = (0..<senders).map { _ in RACSubject<Int>() }
        let recorder = OrderRecorder()
        // Each array must hold one sequence number three times.
        RACSignal.zip(subjects).map { values in values.allSatisfy { $0 == values[0] } ? values[0] : -1 }
            .subscribeNext({ recorder.next($0) }, completed: { recorder.terminal() })
        runConcurrently(threads: senders) { sender in
            for value in 0..<perSender { subjects[sender].sendNext(value) }
            subjects[sender].sendCompleted()
        }
        XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event")
        assertClean(recorder)
        XCTAssertEqual(recorder.values, Array(0..<perSender))
    }

    // MARK: switchToLatest

    /// One thread switches between inner subjects while two others send a
    /// fixed number of values, each into whichever is current at the time.
    /// Once a newer inner signal's value got through, no older one's may
    /// follow; after the last switch, all of the last inner signal's values
    /// arrive, then the completion.
    func testSwitchToLatestWhileInnersSendFromOtherThreads() {
        for _ in 0..<8 {
            switchWhileInnersSend(switches: 500, perSender: 5_000, finalCount: 500)
        }
    }

    private func switchWhileInnersSend(switches: Int, perSender: Int, finalCount: Int) {
        // number * wide + sender * (wide / 10) + sequence
        let wide = 1_000_000_000
        let outer = RACSubject<RACSignal<Int>>()
        let recorder = OrderRecorder()
        // A slow subscriber keeps the gate busy, so switches and values
        // are mostly handed over to the delivering thread: a value of the
        // previous inner signal that passed its sink just before the switch
        // can then be queued behind the switch, and must be dropped there.
        outer.switchToLatest().subscribeNext({ value in
            var spin = 0
            for step in 0..<200 { spin &+= step }
            recorder.next(value + spin - spin)
        }, error: { _ in recorder.terminal() }, completed: { recorder.terminal() })
        let first = RACSubject<Int>()
        outer.sendNext(first)
        let current = CurrentInner(first)
        runConcurrently(threads: 3) { index in
            if index == 0 {
                for number in 1...switches {
                    let inner = RACSubject<Int>()
                    outer.sendNext(inner)
                    current.set(inner, number: number)
                    // Spread the switches over the senders' run.
                    sched_yield()
                }
                return
            }
            for sequence in 0..<perSender {
                let (inner, number) = current.get()
                inner.sendNext(number * wide + index * (wide / 10) + sequence)
            }
        }
        let last = RACSubject<Int>()
        outer.sendNext(last)
        outer.sendCompleted()
        let lastNumber = switches + 1
        let lastValues = (0..<finalCount).map { lastNumber * wide + $0 }
        for value in lastValues { last.sendNext(value) }
        XCTAssertEqual(recorder.terminals, 0, "the latest inner signal is still running")
        last.sendCompleted()
        XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event")
        assertClean(recorder)
        let numbers = recorder.values.map { $0 / wide }
        let stale = zip(numbers, numbers.dropFirst()).first { $0 > $1 }
        XCTAssertNil(stale, "a value of inner signal \(stale?.1 ?? 0) came after one of \(stale?.0 ?? 0)")
        XCTAssertEqual(Array(recorder.values.suffix(finalCount)), lastValues)
        XCTAssertEqual(Set(recorder.values).count, recorder.values.count, "duplicated values")
    }

    // MARK: takeUntil

    /// Two threads send into the receiver while a third fires the trigger:
    /// each sender's values arrive as an unbroken prefix of what it sent,
    /// then the completion, once.
    func testTakeUntilTriggerFiringWhileReceiverSends() {
        for round in 0..<200 {
            let receiver = RACSubject<Int>(), trigger = RACSubject<Void>()
            let recorder = OrderRecorder()
            receiver.takeUntil(trigger).subscribeNext({ recorder.next($0) }, completed: { recorder.terminal() })
            runConcurrently(threads: 3) { index in
                if index == 2 {
                    // Fire at a different point of the sends each round.
                    usleep(UInt32(round % 20) * 20)
                    trigger.sendNext(())
                } else {
                    for value in self.values(of: index, count: 500) { receiver.sendNext(value) }
                }
            }
            XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event")
            assertClean(recorder)
            for sender in 0..<2 {
                let got = received(recorder, from: sender)
                XCTAssertEqual(got, Array(values(of: sender, count: 500).prefix(got.count)))
            }
        }
    }
}

/// The inner subject that `testSwitchToLatestWhileInnersSendFromOtherThreads`
/// senders send into: test scaffolding, so it uses a lock.
private final class CurrentInner: @unchecked Sendable {
    private let lock = NSLock()
    private var inner: (RACSubject<Int>, Int)

    init(_ first: RACSubject<Int>) {
        inner = (first, 0)
    }

    func set(_ subject: RACSubject<Int>, number: Int) {
        lock.lock()
        inner = (subject, number)
        lock.unlock()
    }

    /// The current inner subject and its number.
    func get() -> (RACSubject<Int>, Int) {
        lock.lock()
        defer { lock.unlock() }
        return inner
    }
}

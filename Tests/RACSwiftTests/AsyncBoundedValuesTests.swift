import CShims
import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `values(bufferingPolicy:)`: a bound in which senders wait, and
/// `AsyncThrowingStream`'s dropping policies.
final class AsyncBoundedValuesTests: XCTestCase {
    /// A thread (not a task: a sender inside a task does not wait) sends
    /// `count` values into `subject` as fast as it can, counting each send
    /// that returned.
    private func sendFromAThread(_ subject: RACSubject<Int>, count: Int, returned: AtomicWord,
                                 completing: Bool = true) -> DispatchSemaphore {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            for value in 0..<count {
                subject.sendNext(value)
                returned.value.add(1, ordering: .releasing)
            }
            if completing { subject.sendCompleted() }
            finished.signal()
        }.start()
        return finished
    }

    func testABoundedSequenceKeepsEveryValueAndMakesTheSenderWait() async throws {
        let subject = RACSubject<Int>()
        let limit = 8
        let values = subject.values(bufferingPolicy: .bounded(limit))
        let returned = AtomicWord()
        let finished = sendFromAThread(subject, count: 5_000, returned: returned)
        var seen: [Int] = []
        var mostWaiting = 0
        for try await value in values {
            // Acquire: the count the sender published after each send.
            mostWaiting = max(mostWaiting, returned.value.load(ordering: .acquiring) - seen.count)
            seen.append(value)
            if value % 500 == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        }
        XCTAssertEqual(seen, Array(0..<5_000), "every value, in order")
        XCTAssertLessThanOrEqual(mostWaiting, limit + 1, "at most the limit waits, plus the sender's own")
        XCTAssertEqual(finished.wait(timeout: HangGuard.deadline), .success, "hang: finished never signalled")
    }

    func testTheUnboundedPolicyLetsTheSenderRunAhead() async throws {
        let subject = RACSubject<Int>()
        let values = subject.values(bufferingPolicy: .unbounded)
        let returned = AtomicWord()
        let finished = sendFromAThread(subject, count: 1_000, returned: returned)
        XCTAssertEqual(finished.wait(timeout: HangGuard.deadline), .success, "hang: nothing holds the sender")
        var seen: [Int] = []
        for try await value in values { seen.append(value) }
        XCTAssertEqual(seen, Array(0..<1_000))
    }

    func testBufferingNewestKeepsTheNewest() async throws {
        let subject = RACSubject<Int>()
        let values = subject.values(bufferingPolicy: .bufferingNewest(2))
        for value in 0..<10 { subject.sendNext(value) }
        subject.sendCompleted()
        var seen: [Int] = []
        for try await value in values { seen.append(value) }
        XCTAssertEqual(seen, [8, 9])
    }

    func testBufferingOldestKeepsTheOldest() async throws {
        let subject = RACSubject<Int>()
        let values = subject.values(bufferingPolicy: .bufferingOldest(2))
        for value in 0..<10 { subject.sendNext(value) }
        subject.sendCompleted()
        var seen: [Int] = []
        for try await value in values { seen.append(value) }
        XCTAssertEqual(seen, [0, 1])
    }

    /// Dropping the sequence ends the loop that never started: the sender
    /// waiting at the bound goes on at once (before the second after which
    /// a wait for a loop that takes nothing gives up), and later sends do
    /// not wait. Checked by the count of those give-ups (key 6 of
    /// `racs_warn_once`), not by a time.
    func testEndingTheLoopLetsAWaitingSenderGo() {
        let subject = RACSubject<Int>()
        let returned = AtomicWord()
        var values: RACSignalValues<Int>? = subject.values(bufferingPolicy: .bounded(1))
        XCTAssertNotNil(values)
        let giveUpsBefore = racs_warning_count(6)
        let finished = sendFromAThread(subject, count: 3, returned: returned, completing: false)
        // The sender waits once it has sent two: the limit, plus its own.
        XCTAssertTrue(HangGuard.waitUntil { returned.value.load(ordering: .acquiring) >= 1 },
                      "hang: the sender's first send never returned")
        values = nil
        XCTAssertEqual(finished.wait(timeout: HangGuard.deadline), .success, "hang: the sender was never let go")
        for value in 3..<10 { subject.sendNext(value) }
        // Let go at once, and later sends do not wait (it was "all within
        // 0.9 s"): a sender let go only by its own give-up, a second later,
        // or a later send that waited for the ended loop, gives up a wait,
        // counted whatever the load.
        XCTAssertEqual(racs_warning_count(6) - giveUpsBefore, 0,
                       "sends that waited for the ended loop until they gave up")
    }
}

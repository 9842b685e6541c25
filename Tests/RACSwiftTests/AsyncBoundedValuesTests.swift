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
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
    }

    func testTheUnboundedPolicyLetsTheSenderRunAhead() async throws {
        let subject = RACSubject<Int>()
        let values = subject.values(bufferingPolicy: .unbounded)
        let returned = AtomicWord()
        let finished = sendFromAThread(subject, count: 1_000, returned: returned)
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success, "nothing holds the sender")
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
    /// not wait.
    func testEndingTheLoopLetsAWaitingSenderGo() {
        let subject = RACSubject<Int>()
        let returned = AtomicWord()
        var values: RACSignalValues<Int>? = subject.values(bufferingPolicy: .bounded(1))
        XCTAssertNotNil(values)
        let finished = sendFromAThread(subject, count: 3, returned: returned, completing: false)
        // The sender waits once it has sent two: the limit, plus its own.
        let deadline = monotonicNanoseconds() + 5_000_000_000
        while returned.value.load(ordering: .acquiring) < 1 && monotonicNanoseconds() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        let start = monotonicNanoseconds()
        values = nil
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        for value in 3..<10 { subject.sendNext(value) }
        XCTAssertLessThan(Double(monotonicNanoseconds() - start) / 1e9, 0.9,
                          "let go at once, and later sends do not wait, not after a second")
    }
}

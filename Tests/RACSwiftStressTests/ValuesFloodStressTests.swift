import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// docs/Concurrency.md, "What each operator keeps": `values(bufferingPolicy:
/// .bounded(64))` keeps at most 64 values (plus the waiting sender's)
/// between a flooded subject and a slow async loop, losing and reordering
/// nothing.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class ValuesFloodStressTests: XCTestCase {
    func testTwoSendersIntoABoundedValuesLoopKeepTheBound() async throws {
        let senders = 2
        let subject = RACSubject<Int>()
        let values = subject.values(bufferingPolicy: .bounded(64))
        let observed = FloodObserved(senders: senders)
        let stop = Atomic<Bool>(false)
        let sent = (0..<senders).map { _ in AtomicWord() }
        let residentBefore = residentMegabytes()
        let flooded = DispatchSemaphore(value: 0)
        // Plain threads: a sender inside a task does not wait.
        Thread {
            runConcurrently(threads: senders + 1) { thread in
                guard thread < senders else {
                    Thread.sleep(forTimeInterval: 2)
                    stop.store(true, ordering: .relaxed)
                    return
                }
                var sequence = 0
                while !stop.load(ordering: .relaxed) {
                    subject.sendNext(thread * FloodObserved.stride + sequence)
                    observed.returned.value.add(1, ordering: .releasing)
                    sequence += 1
                }
                sent[thread].value.store(sequence, ordering: .relaxed)
            }
            subject.sendCompleted()
            flooded.signal()
        }.start()
        for try await value in values {
            observed.hear(value)
            if observed.received % 256 == 0 { await Task.yield() }
        }
        XCTAssertEqual(flooded.wait(timeout: HangGuard.deadline), .success, "hang: the senders never finished")
        XCTAssertEqual(observed.received, sent.reduce(0) { $0 + $1.value.load(ordering: .relaxed) }, "every value")
        XCTAssertEqual(observed.outOfOrder, 0, "each sender's values in its order")
        // The subject's backlog (64, one per sender, the one in delivery)
        // and the sequence's (64, plus the waiting sender's).
        XCTAssertLessThanOrEqual(observed.largestBacklog, 64 + senders + 1 + 64 + 1, "within both bounds")
        XCTAssertLessThan(residentMegabytes() - residentBefore, 64, "memory stays flat")
    }
}

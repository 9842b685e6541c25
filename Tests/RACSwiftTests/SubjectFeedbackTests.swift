import Foundation
@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// Sends made from inside a subject's own deliveries (docs/Concurrency.md
/// point 7): feedback that ends delivers exactly what it sends, in RAC's
/// order, however deep it goes below `RACHandOverDepth.limit`; and the
/// hand-over depth that stops a cycle that never ends (point 16, which
/// `misuse-stop --subject-cycle` checks in CI, as a stop cannot be tested
/// here) counts one per generation of feedback, on any thread, and is
/// back to 0 once the outer send returns.
final class SubjectFeedbackTests: XCTestCase {
    /// Subscribes to `subject` a block that counts the values it hears and
    /// the deepest hand-over depth it hears them at, and sends
    /// `resend(value)` back into `subject`, when not nil.
    private func feedback(into subject: RACSubject<Int>,
                          resend: @escaping (Int) -> Int?) -> (count: Shared<Int>, deepest: Shared<Int>) {
        let count = Shared(0)
        let deepest = Shared(0)
        subject.subscribeNext { value in
            count.value += 1
            deepest.value = max(deepest.value, RACHandOverDepth.current)
            if let next = resend(value) { subject.sendNext(next) }
        }
        return (count, deepest)
    }

    func testBoundedResendsDeliverEveryValueOnceInOrder() {
        let subject = RACSubject<Int>()
        let seen = Shared<[Int]>([])
        // Each value below 3 sends two more: a tree of 1 + 2 + 4 + 8 sends.
        subject.subscribeNext { value in
            seen.value.append(value)
            if value < 3 {
                subject.sendNext(value + 1)
                subject.sendNext(value + 1)
            }
        }
        subject.sendNext(0)
        XCTAssertEqual(seen.value, [0, 1, 1, 2, 2, 2, 2] + Array(repeating: 3, count: 8))
        XCTAssertEqual(RACHandOverDepth.current, 0)
    }

    func testFeedbackDeeperThanRACsStackStillEnds() {
        // RAC 2.5 overflowed its stack long before this depth; well below
        // the limit, it must end with every value delivered.
        let depth = RACHandOverDepth.limit / 2
        let subject = RACSubject<Int>()
        let (count, deepest) = feedback(into: subject) { $0 < depth ? $0 + 1 : nil }
        subject.sendNext(0)
        XCTAssertEqual(count.value, depth + 1)
        // One per generation: the outer send is applied at once (depth 0),
        // each resend is handed over one deeper.
        XCTAssertEqual(deepest.value, depth)
        XCTAssertEqual(RACHandOverDepth.current, 0)
    }

    func testTwoSubjectsFeedingEachOtherUntilAConditionEnd() {
        let downloads = RACSubject<Int>()
        let progress = RACSubject<Int>()
        let heard = Shared<[Int]>([])
        let depths = Shared<[Int]>([])
        downloads.map { $0 + 1 }.filter { $0 <= 1_000 }.subscribe(progress)
        progress.subscribe(downloads)
        downloads.subscribeNext { value in
            heard.value.append(value)
            depths.value.append(RACHandOverDepth.current)
        }
        downloads.sendNext(0)
        XCTAssertEqual(heard.value, Array(0...1_000))
        // One hand-over per lap: into `downloads`, which this thread is
        // delivering when `progress` sends back.
        XCTAssertEqual(depths.value, Array(0...1_000))
        XCTAssertEqual(RACHandOverDepth.current, 0)
    }

    func testAFloodForwardedOnceStaysShallow() {
        // Many values, each forwarded once from inside a delivery: the
        // depth follows the chain, not the number of values.
        let subject = RACSubject<Int>()
        let (count, deepest) = feedback(into: subject) { $0 >= 0 ? -1 : nil }
        for value in 0..<(2 * RACHandOverDepth.limit) { subject.sendNext(value) }
        XCTAssertEqual(count.value, 4 * RACHandOverDepth.limit)
        XCTAssertEqual(deepest.value, 1)
    }

    func testAHandOverFromAnotherThreadIsOneDeeperThanItsSender() {
        let subject = RACSubject<Int>()
        let depths = Shared<[Int: Int]>([:])
        let inside = DispatchSemaphore(value: 0)
        let handedOver = DispatchSemaphore(value: 0)
        let delivered = DispatchSemaphore(value: 0)
        subject.subscribeNext { value in
            depths.value[value] = RACHandOverDepth.current
            if value == 1 {
                inside.signal()
                handedOver.wait()
            } else {
                delivered.signal()
            }
        }
        let delivering = Thread { subject.sendNext(1) }
        delivering.start()
        inside.wait()
        // The other thread is inside: this send is handed over, stamped one
        // deeper than this thread's depth (0: it applies nothing).
        subject.sendNext(2)
        handedOver.signal()
        delivered.wait()
        XCTAssertEqual(depths.value, [1: 0, 2: 1])
        XCTAssertEqual(RACHandOverDepth.current, 0)
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A `RACTestScheduler` holding many blocks (its queue is a heap): they run
/// earliest first and, at one date, in the order they were scheduled;
/// cancelled blocks never run, never use up a step, and are released at
/// once.
final class TestSchedulerManyBlocksTests: XCTestCase {
    /// Blocks at scattered dates, several at each, run as a stable sort of
    /// them by date would order them.
    func testManyBlocksRunByDateThenInSchedulingOrder() {
        let scheduler = RACTestScheduler()
        let ran = Shared<[Int]>([])
        let count = 2_000
        // A scattered order of dates (a stride coprime with the count), 8
        // blocks at each date.
        let dates = (0..<count).map { ($0 * 761 % count) / 8 }
        for (index, date) in dates.enumerated() {
            scheduler.after(Date(timeIntervalSinceReferenceDate: Double(date))) { ran.value.append(index) }
        }
        scheduler.stepAll()
        let expected = dates.indices.sorted { (dates[$0], $0) < (dates[$1], $1) }
        XCTAssertEqual(ran.value, expected)
    }

    /// Most blocks cancelled (enough that the queue drops their keys and
    /// rebuilds itself): the rest run in order, one per step.
    func testCancellingMostBlocksKeepsTheOrderOfTheRest() {
        let scheduler = RACTestScheduler()
        let ran = Shared<[Int]>([])
        let count = 1_000
        let disposables = (0..<count).map { index in
            scheduler.after(Date(timeIntervalSinceReferenceDate: Double((count - index) / 3))) {
                ran.value.append(index)
            }
        }
        for (index, disposable) in disposables.enumerated() where index % 10 != 0 { disposable?.dispose() }
        let kept = stride(from: 0, to: count, by: 10).sorted { ((count - $0) / 3, $0) < ((count - $1) / 3, $1) }
        scheduler.step(kept.count - 1)
        XCTAssertEqual(ran.value, Array(kept.dropLast()), "a cancelled block uses up no step")
        scheduler.step()
        XCTAssertEqual(ran.value, kept)
    }

    /// Disposing a queued block releases what it captured at once, not when
    /// its date comes.
    func testCancellingReleasesTheBlockAtOnce() {
        final class Captured: Sendable {}
        let scheduler = RACTestScheduler()
        weak var weakCaptured: Captured?
        let disposable: RACDisposable? = {
            let captured = Captured()
            weakCaptured = captured
            return scheduler.afterDelay(10) { _ = captured }
        }()
        XCTAssertNotNil(weakCaptured)
        disposable?.dispose()
        XCTAssertNil(weakCaptured)
    }
}

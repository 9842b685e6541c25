import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// RAC 2.5's `-try:`, `-firstOrDefault:success:error:`,
/// `-asynchronousFirstOrDefault:success:error:` and
/// `-asynchronouslyWaitUntilCompleted:`.
final class BlockingVariantsTests: XCTestCase {
    private struct Rejected: Error, Equatable { let value: Int }

    func testTryPassesAcceptedValuesAndFailsWithTheThrownError() {
        let values = Shared<[Int]>([])
        let failure = Shared<(any Error)?>(nil)
        RACSignal<Int>.createSignal { subscriber in
            for value in 1...4 { subscriber.sendNext(value) }
            return nil
        }.try { if $0 == 3 { throw Rejected(value: $0) } }
            .subscribeNext({ values.value.append($0) }, error: { failure.value = $0 })
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertEqual(failure.value as? Rejected, Rejected(value: 3))
    }

    func testStaticTryRunsTheBlockPerSubscriber() {
        let calls = Shared(0)
        let signal = RACSignal<Int>.try {
            calls.value += 1
            if calls.value == 2 { throw Rejected(value: calls.value) }
            return calls.value * 10
        }
        XCTAssertEqual(calls.value, 0, "nothing runs before a subscription")
        let events = Shared<[RACEvent<Int>]>([])
        for _ in 1...3 { signal.materialize().subscribeNext { events.value.append($0) } }
        XCTAssertEqual(events.value, [.next(10), .completed, .error(Rejected(value: 2)), .next(30), .completed])
    }

    func testFirstOrDefaultTellsHowItWent() {
        var success = false
        var error: (any Error)?
        XCTAssertEqual(RACSignal.return(7).firstOrDefault(0, success: &success, error: &error), 7)
        XCTAssertTrue(success)
        XCTAssertNil(error)
        XCTAssertEqual(RACSignal<Int>.empty().firstOrDefault(5, success: &success, error: &error), 5)
        XCTAssertTrue(success, "completing empty is a success")
        XCTAssertEqual(RACSignal<Int>.error(Rejected(value: 1)).firstOrDefault(5, success: &success, error: &error), 5)
        XCTAssertFalse(success)
        XCTAssertEqual(error as? Rejected, Rejected(value: 1))
    }

    /// On the main thread, a value that only the main thread scheduler
    /// delivers: `first()` would never return; the asynchronous form runs
    /// the main run loop and gets it.
    func testAsynchronousFormsRunTheMainRunLoop() throws {
        let delivered = RACSignal.return(9).deliverOn(RACScheduler.mainThreadScheduler)
        var success = false
        var error: (any Error)?
        XCTAssertEqual(delivered.asynchronousFirstOrDefault(0, success: &success, error: &error), 9)
        XCTAssertTrue(success)
        try delivered.asynchronouslyWaitUntilCompleted()
        XCTAssertThrowsError(try RACSignal<Int>.error(Rejected(value: 2)).deliverOn(RACScheduler.mainThreadScheduler)
            .asynchronouslyWaitUntilCompleted()) { XCTAssertEqual($0 as? Rejected, Rejected(value: 2)) }
    }
}

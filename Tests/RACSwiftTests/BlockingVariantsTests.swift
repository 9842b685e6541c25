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

    /// ReactiveObjC 3.1's `timeout:` forms: the round 3 call sites, a
    /// timeout that ends the wait with `RACSignalError.timedOut`, and an
    /// error thrown as is.
    func testTimeoutForms() throws {
        let ints = RACSignal.return(4).deliverOn(RACScheduler.mainThreadScheduler)
        var ok = false
        var failure: (any Error)?
        // Timeouts that must not pass are the hang guard: the value waits
        // only for the main run loop, which a loaded machine can starve for
        // longer than half a second (the old figure).
        let first: Int = ints.asynchronousFirstOrDefault(0, success: &ok, error: &failure, timeout: HangGuard.seconds)
        XCTAssertEqual(first, 4)
        XCTAssertTrue(ok)
        XCTAssertNil(failure)
        try ints.asynchronouslyWaitUntilCompleted(timeout: HangGuard.seconds)

        XCTAssertEqual(RACSignal<Int>.never().asynchronousFirstOrDefault(7, success: &ok, error: &failure,
                                                                          timeout: 0.05), 7)
        XCTAssertFalse(ok)
        XCTAssertEqual(failure as? RACSignalError, .timedOut)
        XCTAssertThrowsError(try RACSignal<Int>.never().asynchronouslyWaitUntilCompleted(timeout: 0.05)) {
            XCTAssertEqual($0 as? RACSignalError, .timedOut)
        }
        // The timeout given, not the 10 s default, by what the wait sees
        // rather than how long it took (it was "both under 5 s", which a
        // starved main thread can break): a timeout of 0 has passed before
        // the main run loop runs, so an event that waits on the main
        // queue (as `ints`' does) never reaches the wait, which the
        // default would have run the run loop for.
        XCTAssertEqual(ints.asynchronousFirstOrDefault(0, success: &ok, error: &failure, timeout: 0), 0,
                       "the value came through: the wait ran the run loop, not for the timeout given")
        XCTAssertFalse(ok)
        XCTAssertEqual(failure as? RACSignalError, .timedOut)
        XCTAssertThrowsError(try ints.asynchronouslyWaitUntilCompleted(timeout: 0), "the timeout given") {
            XCTAssertEqual($0 as? RACSignalError, .timedOut)
        }
        XCTAssertThrowsError(try RACSignal<Int>.error(Rejected(value: 3)).asynchronouslyWaitUntilCompleted(timeout: HangGuard.seconds)) {
            XCTAssertEqual($0 as? Rejected, Rejected(value: 3))
        }
    }

    /// As RAC's, the event reaches the wait through the main thread
    /// scheduler: work queued on the main queue before it has run when the
    /// wait returns.
    func testTheWaitReturnsAfterMainQueueWorkQueuedBeforeTheEvent() throws {
        let ran = Shared(false)
        let subject = RACSubject<Int>()
        RACScheduler.mainThreadScheduler.schedule {
            RACScheduler.mainThreadScheduler.schedule { ran.value = true }   // queued before the completion
            subject.sendCompleted()
        }
        try subject.asynchronouslyWaitUntilCompleted(timeout: HangGuard.seconds)
        XCTAssertTrue(ran.value)
    }
}

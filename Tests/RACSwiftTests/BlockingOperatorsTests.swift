import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

final class BlockingOperatorsTests: XCTestCase {
    /// A signal that, once subscribed, sends `values` and then `end` from
    /// another thread after a short pause, so that the reader really waits.
    private func later(_ values: [Int], error: (any Error)? = nil) -> RACSignal<Int> {
        RACSignal.createSignal { subscriber in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                XCTAssertFalse(Thread.isMainThread)
                for value in values { subscriber.sendNext(value) }
                if let error { subscriber.sendError(error) } else { subscriber.sendCompleted() }
            }
            return nil
        }
    }

    // MARK: first / firstOrDefault

    func testFirstReturnsASynchronousFirstValueAndEndsTheSubscription() {
        let disposals = Shared(0)
        let signal = RACSignal<Int>.createSignal { subscriber in
            for value in 1...3 { subscriber.sendNext(value) }
            return RACDisposable { disposals.value += 1 }
        }
        XCTAssertEqual(signal.first(), 1)
        XCTAssertEqual(disposals.value, 1)
    }

    func testFirstWaitsForAValueSentOnAnotherThread() {
        XCTAssertEqual(later([4, 5]).first(), 4)
    }

    func testFirstIsNilWhenTheSignalEndsWithoutAValue() {
        XCTAssertNil(RACSignal<Int>.empty().first())
        XCTAssertNil(RACSignal<Int>.error(TestError()).first())
        XCTAssertNil(later([]).first())
    }

    func testFirstOfANilValueIsSomeNil() {
        XCTAssertEqual(RACSignal<Int?>.return(nil).first(), .some(nil))
    }

    func testFirstOrDefault() {
        XCTAssertEqual(RACSignal.return(3).firstOrDefault(9), 3)
        XCTAssertEqual(RACSignal<Int>.empty().firstOrDefault(9), 9)
        XCTAssertEqual(RACSignal<Int>.error(TestError()).firstOrDefault(9), 9)
        XCTAssertEqual(later([6]).firstOrDefault(9), 6)
    }

    /// The engine's reentrancy contract: a blocking read of a behavior
    /// subject from inside its own delivery gets the current value at once.
    func testFirstOfABehaviorSubjectFromInsideItsDelivery() {
        let subject = RACBehaviorSubject(defaultValue: 1)
        let inner = Shared<Int?>(nil)
        subject.skip(1).take(1).subscribeNext { _ in inner.value = subject.first() }
        let done = expectation(description: "the inner first() returned")
        // On another thread, so that a deadlock fails the test instead of
        // hanging the run.
        DispatchQueue.global().async {
            subject.sendNext(2)
            done.fulfill()
        }
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(inner.value, 2)
    }

    // MARK: toArray

    func testToArrayReturnsEveryValue() throws {
        XCTAssertEqual(try coldValues(1, 2, 3).toArray(), [1, 2, 3])
        XCTAssertEqual(try RACSignal<Int>.empty().toArray(), [])
    }

    func testToArrayWaitsForCompletionOnAnotherThread() throws {
        XCTAssertEqual(try later([1, 2]).toArray(), [1, 2])
    }

    func testToArrayRethrowsTheSignalsError() {
        XCTAssertThrowsError(try coldFailing(1, error: TestError(code: 4)).toArray()) { error in
            XCTAssertEqual(error as? TestError, TestError(code: 4))
        }
        XCTAssertThrowsError(try later([1], error: TestError(code: 8)).toArray()) { error in
            XCTAssertEqual(error as? TestError, TestError(code: 8))
        }
    }

    // MARK: waitUntilCompleted

    func testWaitUntilCompletedReturnsOnCompletion() throws {
        try coldValues(1, 2).waitUntilCompleted()
        let completed = Shared(false)
        try later([1]).doCompleted { completed.value = true }.waitUntilCompleted()
        XCTAssertTrue(completed.value)
    }

    func testWaitUntilCompletedRethrowsTheSignalsError() {
        XCTAssertThrowsError(try later([1], error: TestError(code: 6)).waitUntilCompleted()) { error in
            XCTAssertEqual(error as? TestError, TestError(code: 6))
        }
    }
}

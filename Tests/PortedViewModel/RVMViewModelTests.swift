import RACSwift
import XCTest

/// RVMViewModelSpec's "active property" and "signal manipulation", ported:
/// the same steps and the same expected values, with virtual time where
/// the original waited (`expect(…).will`).
final class RVMViewModelTests: XCTestCase {
    private let scheduler = RACTestScheduler()

    func testActiveDefaultsToFalse() {
        XCTAssertFalse(RVMViewModel(scheduler: scheduler).active)
    }

    func testDidBecomeActiveSignalSendsWhenActiveBecomesTrue() {
        let viewModel = RVMViewModel(scheduler: scheduler)
        let becameActive = RACTestSubscriber<RVMViewModel>()
        viewModel.didBecomeActiveSignal.subscribeNext { sent in
            XCTAssertTrue(sent.active, "set before it is observed")
        }
        viewModel.didBecomeActiveSignal.subscribe(becameActive)
        XCTAssertEqual(becameActive.values.count, 0)

        viewModel.active = true
        XCTAssertEqual(becameActive.values.count, 1)
        // A set to the same value is not a change.
        viewModel.active = true
        XCTAssertEqual(becameActive.values.count, 1)

        viewModel.active = false
        viewModel.active = true
        XCTAssertEqual(becameActive.values.count, 2)
        XCTAssertTrue(becameActive.values.allSatisfy { $0 === viewModel })
    }

    func testDidBecomeInactiveSignalSendsAtOnceAndWhenActiveBecomesFalse() {
        let viewModel = RVMViewModel(scheduler: scheduler)
        let becameInactive = RACTestSubscriber<RVMViewModel>()
        viewModel.didBecomeInactiveSignal.subscribe(becameInactive)
        XCTAssertEqual(becameInactive.values.count, 1, "inactive already")

        viewModel.active = true
        viewModel.active = false
        XCTAssertEqual(becameInactive.values.count, 2)
        viewModel.active = false
        XCTAssertEqual(becameInactive.values.count, 2)
        XCTAssertTrue(becameInactive.values.allSatisfy { $0 === viewModel })
    }

    func testTheActivitySignalsCompleteWhenTheViewModelGoes() {
        // Records `active`, not the view model, which a recorder would keep.
        let becameActive = RACTestSubscriber<Bool>()
        weak var gone: RVMViewModel?
        do {
            let viewModel = RVMViewModel(scheduler: scheduler)
            gone = viewModel
            viewModel.didBecomeActiveSignal.map { $0.active }.subscribe(becameActive)
            viewModel.active = true
        }
        XCTAssertNil(gone, "its own signals do not keep it")
        XCTAssertEqual(becameActive.events, [.next(true), .completed])
    }

    func testForwardSignalWhileActiveResubscribesOnEachActivation() {
        let forwarded = RACTestSubscriber<Int>()
        weak var gone: RVMViewModel?
        do {
            let viewModel = RVMViewModel(scheduler: scheduler)
            gone = viewModel
            viewModel.active = true
            let input = RACSignal<Int>.createSignal { subscriber in
                subscriber.sendNext(1)
                subscriber.sendNext(2)
                return nil
            }
            viewModel.forwardSignalWhileActive(input).subscribe(forwarded)
            XCTAssertEqual(forwarded.events, [.next(1), .next(2)])

            viewModel.active = false
            XCTAssertEqual(forwarded.events, [.next(1), .next(2)])

            viewModel.active = true
            XCTAssertEqual(forwarded.events, [.next(1), .next(2), .next(1), .next(2)])
        }
        // RVMViewModelSpec's afterEach: deallocated, and the signal completed.
        XCTAssertNil(gone)
        XCTAssertEqual(forwarded.events, [.next(1), .next(2), .next(1), .next(2), .completed])
    }

    func testForwardSignalWhileActiveDisposesTheInputWhileInactive() {
        let viewModel = RVMViewModel(scheduler: scheduler)
        let input = RACSubject<Int>()
        let forwarded = RACTestSubscriber<Int>()
        viewModel.forwardSignalWhileActive(input).subscribe(forwarded)
        input.sendNext(1)
        viewModel.active = true
        input.sendNext(2)
        viewModel.active = false
        input.sendNext(3)
        viewModel.active = true
        input.sendNext(4)
        input.sendError(APIError.server(status: 500))
        XCTAssertEqual(forwarded.events, [.next(2), .next(4), .error(APIError.server(status: 500))])
    }

    func testThrottleSignalWhileInactiveHoldsValuesBackOnlyWhileInactive() {
        let throttled = RACTestSubscriber<Int>(scheduler: scheduler)
        weak var gone: RVMViewModel?
        do {
            let viewModel = RVMViewModel(scheduler: scheduler)
            gone = viewModel
            viewModel.active = true
            let subject = RACSubject<Int>()
            viewModel.throttleSignalWhileInactive(subject.startWith(0)).subscribe(throttled)
            XCTAssertEqual(throttled.values, [0])

            subject.sendNext(1)
            XCTAssertEqual(throttled.values, [0, 1])

            viewModel.active = false
            // Inactive: these wait, and only the latest is sent.
            subject.sendNext(2)
            subject.sendNext(3)
            XCTAssertEqual(throttled.values, [0, 1])
            scheduler.advance(by: 0.5)
            XCTAssertEqual(throttled.values, [0, 1])
            scheduler.advance(by: 0.5)
            XCTAssertEqual(throttled.values, [0, 1, 3])

            // A value waiting when the view model becomes active is sent then.
            subject.sendNext(4)
            viewModel.active = true
            XCTAssertEqual(throttled.values, [0, 1, 3, 4])
            scheduler.advance(by: 1)
            XCTAssertEqual(throttled.values, [0, 1, 3, 4], "sent once")

            // Active again: at once.
            subject.sendNext(5)
            XCTAssertEqual(throttled.values, [0, 1, 3, 4, 5])

            subject.sendCompleted()
            XCTAssertEqual(throttled.events, [.next(0), .next(1), .next(3), .next(4), .next(5), .completed])
            XCTAssertEqual(throttled.recorded.map(\.time), [0, 0, 1, 1, 2, 2])
        }
        XCTAssertNil(gone)
    }
}

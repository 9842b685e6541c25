import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// The testing toolkit's pinned call sites (API.md, "Testing").
final class TestingToolkitTests: XCTestCase {
    private struct Failure: Error {}

    func testThePinnedCallSites() {
        let scheduler = RACTestScheduler()
        let hot: RACSignal<Int> = scheduler.createHotSignal([(1, .next(1)), (2, .next(2)), (3, .completed)])
        let cold: RACSignal<Int> = scheduler.createColdSignal([(1, .next(1)), (2, .completed)])
        let recorder = RACTestSubscriber<Int>(scheduler: scheduler)
        hot.subscribe(recorder)
        scheduler.advance(by: 1.5)
        let coldRecorder = RACTestSubscriber<Int>(scheduler: scheduler)
        cold.subscribe(coldRecorder)   // times from this subscription, at 1.5
        scheduler.advance(to: Date(timeIntervalSinceReferenceDate: 10))
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.recorded.map(\.time), [1, 2, 3])
        XCTAssertEqual(coldRecorder.recorded.map(\.time), [2.5, 3.5])
        XCTAssertEqual(coldRecorder.events, [.next(1), .completed])
        XCTAssertEqual(scheduler.now, Date(timeIntervalSinceReferenceDate: 10))
    }

    func testAHotSignalMissesWhatCameBeforeTheSubscription() {
        let scheduler = RACTestScheduler()
        let hot: RACSignal<Int> = scheduler.createHotSignal([(1, .next(1)), (2, .next(2))])
        scheduler.advance(by: 1.5)
        let recorder = RACTestSubscriber<Int>()
        hot.subscribe(recorder)
        scheduler.stepAll()
        XCTAssertEqual(recorder.values, [2])
        XCTAssertEqual(recorder.recorded.map(\.time), [0], "no scheduler: times are 0")
    }

    func testDisposingAColdSubscriptionDropsItsPendingEvents() {
        let scheduler = RACTestScheduler()
        let cold: RACSignal<Int> = scheduler.createColdSignal([(1, .next(1)), (2, .next(2))])
        let values = Shared<[Int]>([])
        let disposable = cold.subscribeNext { values.value.append($0) }
        scheduler.advance(by: 1)
        disposable.dispose()
        scheduler.stepAll()
        XCTAssertEqual(values.value, [1])
    }

    func testEventEquality() {
        XCTAssertEqual(RACEvent.next(1), .next(1))
        XCTAssertNotEqual(RACEvent.next(1), .next(2))
        XCTAssertNotEqual(RACEvent<Int>.next(1), .completed)
        let a = NSError(domain: "d", code: 1), b = NSError(domain: "d", code: 1, userInfo: ["x": 1])
        XCTAssertEqual(RACEvent<Int>.error(a), .error(b), "same domain and code")
        XCTAssertNotEqual(RACEvent<Int>.error(a), .error(NSError(domain: "d", code: 2)))
        XCTAssertNotEqual(RACEvent<Int>.error(Failure()), .completed)
    }
}

import RACSwift
import RACSwiftTestSupport
import XCTest

/// Sources of a chain (`concat`, `catch`, `then`, `retry`, `repeat`) that
/// end inline (`return`, `empty`, `error`, a `map` of them, where the
/// subscription runs inline) are not subscribed: their values reach the
/// subscriber and the next source is chosen as a subscription would have
/// them; a chain that ends this way makes no subscription of its own.
final class ChainInlineSourceTests: XCTestCase {
    private static let plusOne: @Sendable (Int) -> Int = { $0 + 1 }

    func testInlineSourcesAreNotSubscribed() {
        let before = RACLiveSubscriptions.count
        let liveInside = Shared<[Int]>([])
        let recorded = RACSignal<Int>.error(TestError()).catch { _ in .return(1) }
        recorded.subscribeNext { _ in liveInside.value.append(RACLiveSubscriptions.count) }
        XCTAssertEqual(liveInside.value, [before + 1], "the subscriber's subscription alone")
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }

    func testInlineSourcesSendWhatSubscriptionsWould() {
        let caught = Shared<[TestError]>([])
        var recorder = RACSignal<Int>.error(TestError(code: 1)).catch { error in
            caught.value.append(error as! TestError)
            return .return(1)
        }.record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(caught.value, [TestError(code: 1)], "caught once")

        recorder = RACSignal<Int>.error(TestError(code: 1)).catch { _ in .error(TestError(code: 2)) }.record()
        XCTAssertEqual(recorder.errors.map { $0 as? TestError }, [TestError(code: 2)], "the recovery's error is sent")

        recorder = RACSignal<Int>.error(TestError()).catchTo(RACSignal.return(3).map(Self.plusOne)).record()
        XCTAssertEqual(recorder.values, [4])
        XCTAssertEqual(recorder.completions, 1)

        recorder = RACSignal.concat([.return(1), .empty(), RACSignal.return(2).map(Self.plusOne)]).record()
        XCTAssertEqual(recorder.values, [1, 3])
        XCTAssertEqual(recorder.completions, 1)

        recorder = RACSignal.concat([.return(1), .error(TestError()), .return(2)]).record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(recorder.completions, 0)

        let continued = Shared(0)
        recorder = RACSignal<Int>.return(1).then {
            continued.value += 1
            return .return(2)
        }.record()
        XCTAssertEqual(recorder.values, [2])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(continued.value, 1)
    }

    /// A source that must be subscribed after sources that ended inline:
    /// the subscription starts there, and the chain goes on after it.
    func testASubscribedSourceAfterInlineOnesContinuesTheChain() {
        let source = DrivenSource<Int>()
        let recorder = RACSignal.concat([.return(1), source.signal, .return(4)]).record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(source.subscriptions, 1)
        source.send(2, 3)
        source.sendCompleted()
        XCTAssertEqual(recorder.values, [1, 2, 3, 4])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testDisposingAfterInlineSourcesDisposesTheSubscribedOne() {
        let source = DrivenSource<Int>()
        let caught = Shared(0)
        let recorder = RACSignal<Int>.error(TestError()).catch { _ in
            caught.value += 1
            return source.signal
        }.record()
        XCTAssertEqual(caught.value, 1)
        recorder.disposable?.dispose()
        XCTAssertEqual(source.disposals, 1)
        source.send(1)
        XCTAssertEqual(recorder.values, [])
    }

    /// A subscriber that ended on one of the values (a `take`) stops the
    /// chain: the next source is neither chosen nor subscribed.
    func testASubscriberEndedByAValueStopsTheChain() {
        let chosen = Shared(0)
        let recorder = RACSignal.concat([.return(1), RACSignal.defer {
            chosen.value += 1
            return .return(2)
        }]).take(1).record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(chosen.value, 0)

        let caught = Shared(0)
        let taken = RACSignal<Int>.error(TestError()).catch { _ in
            caught.value += 1
            return .return(1)
        }.concat(.return(2)).take(1).record()
        XCTAssertEqual(taken.values, [1])
        XCTAssertEqual(caught.value, 1)
    }

    /// A rescheduled chain's next source waits for the scheduler even when
    /// the first one ended inline.
    func testRetryOfAnInlineFailureRetriesOnTheScheduler() {
        let done = expectation(description: "failed")
        let errors = Shared(0)
        RACSignal<Int>.error(TestError()).retry(2).subscribeError { _ in
            errors.value += 1
            done.fulfill()
        }
        XCTAssertEqual(errors.value, 0, "later attempts wait for the main queue")
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(errors.value, 1)

        let repeated = expectation(description: "repeated")
        let values = Shared<[Int]>([])
        RACSignal.return(1).repeat().take(3).subscribeNext({ values.value.append($0) },
                                                         completed: { repeated.fulfill() })
        XCTAssertEqual(values.value, [1], "later repetitions wait for the main queue")
        wait(for: [repeated], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, [1, 1, 1])
    }
}

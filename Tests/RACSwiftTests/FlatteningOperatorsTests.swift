import RACSwift
import RACSwiftTestSupport
import XCTest

/// A signal written outside RACSwift: it keeps its subscriber for the test
/// to drive, and watches the disposable it returns.
// @unchecked Sendable: test scaffolding, used one thread at a time.
final class ManualSignal: RACSignal<Int>, @unchecked Sendable {
    var subscriber: (any RACSubscriber<Int>)?
    weak var returnedDisposable: RACDisposable?

    override func subscribe(_ subscriber: any RACSubscriber<Int>) -> RACDisposable {
        self.subscriber = subscriber
        let disposable = RACDisposable()
        returnedDisposable = disposable
        return disposable
    }
}

final class FlatteningOperatorsTests: XCTestCase {
    // MARK: flatten, flattenMap

    func testFlattenMergesInnerSignalsAndCompletesAfterAllOfThem() {
        for limit in [0, 1, 2] {
            let outer = RACSubject<RACSignal<Int>>()
            let first = RACSubject<Int>(), second = RACSubject<Int>(), third = RACSubject<Int>()
            let recorder = (limit == 0 ? outer.flatten() : outer.flatten(limit)).record()
            outer.sendNext(first)
            first.sendNext(1)
            first.sendCompleted()
            outer.sendNext(second)
            outer.sendNext(third)
            outer.sendCompleted()
            XCTAssertEqual(recorder.completions, 0, "limit \(limit)")
            second.sendNext(2)
            second.sendCompleted()
            XCTAssertEqual(recorder.completions, 0, "limit \(limit)")
            third.sendNext(3)
            third.sendCompleted()
            XCTAssertEqual(recorder.values, [1, 2, 3], "limit \(limit)")
            XCTAssertEqual(recorder.completions, 1, "limit \(limit)")
        }
    }

    func testFlattenInnerErrorDisposesTheReceiverAndOtherInners() {
        let outer = DrivenSource<RACSignal<Int>>()
        let first = DrivenSource<Int>(), second = DrivenSource<Int>()
        let recorder = outer.signal.flatten().record()
        outer.send(first.signal, second.signal)
        first.send(1)
        second.sendError(TestError(code: 3))
        first.send(2)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.first as? TestError, TestError(code: 3))
        XCTAssertEqual([outer.disposals, first.disposals, second.disposals], [1, 1, 1])
    }

    func testFlattenReceiverErrorDisposesInners() {
        let outer = DrivenSource<RACSignal<Int>>()
        let inner = DrivenSource<Int>()
        let recorder = outer.signal.flatten().record()
        outer.send(inner.signal)
        outer.sendError()
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual([outer.disposals, inner.disposals], [1, 1])
    }

    func testDisposingFlattenDisposesReceiverAndInners() {
        for limit in [0, 2] {
            let outer = DrivenSource<RACSignal<Int>>()
            let first = DrivenSource<Int>(), second = DrivenSource<Int>()
            let recorder = outer.signal.flatten(limit).record()
            outer.send(first.signal, second.signal)
            recorder.disposable?.dispose()
            first.send(1)
            XCTAssertEqual(recorder.values, [])
            XCTAssertEqual([outer.disposals, first.disposals, second.disposals], [1, 1, 1], "limit \(limit)")
        }
    }

    func testFlattenWithALimitQueuesInnerSignalsInOrder() {
        let subscribed = Shared<[String]>([])
        func inner(_ name: String, _ subject: RACSubject<String>) -> RACSignal<String> {
            RACSignal.defer {
                subscribed.value.append(name)
                return subject
            }
        }
        let outer = RACSubject<RACSignal<String>>()
        let a = RACSubject<String>(), b = RACSubject<String>(), c = RACSubject<String>()
        let recorder = outer.flatten(2).record()
        outer.sendNext(inner("a", a))
        outer.sendNext(inner("b", b))
        outer.sendNext(inner("c", c))
        XCTAssertEqual(subscribed.value, ["a", "b"])
        b.sendNext("b1")
        b.sendCompleted()
        XCTAssertEqual(subscribed.value, ["a", "b", "c"])
        outer.sendCompleted()
        c.sendNext("c1")
        c.sendCompleted()
        XCTAssertEqual(recorder.completions, 0, "a is still running")
        a.sendNext("a1")
        a.sendCompleted()
        XCTAssertEqual(recorder.values, ["b1", "c1", "a1"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testFlattenWithALimitNeverSubscribesQueuedSignalsAfterAnError() {
        let outer = RACSubject<RACSignal<Int>>()
        let running = RACSubject<Int>()
        let queuedSubscriptions = Shared(0)
        let recorder = outer.flatten(1).record()
        outer.sendNext(running)
        outer.sendNext(countingSubscriptions({ queuedSubscriptions.value += 1 }, 1))
        running.sendError(TestError())
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(queuedSubscriptions.value, 0)
    }

    func testFlattenWithALimitStartsNoQueuedSignalOnceTheSubscriberDisposed() {
        let laterSubscriptions = Shared(0)
        let outer = RACSignal<RACSignal<Int>>.createSignal { subscriber in
            subscriber.sendNext(coldValues(1, 2))
            subscriber.sendNext(countingSubscriptions({ laterSubscriptions.value += 1 }, 3))
            subscriber.sendCompleted()
            return nil
        }
        let subscriber = DisposingAtFirstValueSubscriber<Int>()
        outer.flatten(1).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(subscriber.terminals, 0)
        XCTAssertEqual(laterSubscriptions.value, 0)
    }

    func testFlattenWithALimitRunsManySynchronousInnersWithoutRecursing() {
        let signals = (0..<20_000).map { RACSignal<Int>.return($0) }
        let outer = RACSignal<RACSignal<Int>>.createSignal { subscriber in
            for signal in signals { subscriber.sendNext(signal) }
            subscriber.sendCompleted()
            return nil
        }
        let recorder = outer.flatten(1).record()
        XCTAssertEqual(recorder.values, Array(0..<20_000))
        XCTAssertEqual(recorder.completions, 1)
    }

    func testFlattenMapMapsEachValueToASignal() {
        let source = RACSubject<Int>()
        let calls = Shared(0)
        let recorder = source.flattenMap { value -> RACSignal<String> in
            calls.value += 1
            return coldValues("\(value)a", "\(value)b")
        }.record()
        source.sendNext(1)
        source.sendNext(2)
        XCTAssertEqual(calls.value, 2)
        XCTAssertEqual(recorder.values, ["1a", "1b", "2a", "2b"])
        XCTAssertEqual(recorder.completions, 0)
        source.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testFlattenMapStopsMappingAfterAnError() {
        let mapped = Shared<[Int]>([])
        let source = RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(0)
            subscriber.sendNext(1)
            return nil
        }
        let recorder = source.flattenMap { value -> RACSignal<Int> in
            mapped.value.append(value)
            return value == 0 ? .error(TestError()) : .empty()
        }.record()
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(mapped.value, [0], "nothing is mapped or subscribed after the error")
    }

    func testFlattenLetsGoOfACompletedInnerSubscriptionWhileTheReceiverRuns() {
        for limit in [0, 2] {
            let outer = RACSubject<RACSignal<Int>>()
            let recorder = outer.flatten(limit).record()
            let inner = ManualSignal()
            outer.sendNext(inner)
            XCTAssertNotNil(inner.returnedDisposable)
            inner.subscriber?.sendNext(1)
            inner.subscriber?.sendCompleted()
            inner.subscriber = nil
            XCTAssertNil(inner.returnedDisposable, "limit \(limit): kept after the inner signal completed")
            XCTAssertEqual(recorder.values, [1])
            XCTAssertEqual(recorder.terminals, 0)
        }
    }

    func testFlattenOfACompletedReceiverWithoutInnersCompletes() {
        let recorder = RACSignal<RACSignal<Int>>.empty().flatten().record()
        XCTAssertEqual(recorder.completions, 1)
    }

    // MARK: concat of a signal of signals

    func testConcatOfSignalsRunsThemOneAfterAnother() {
        let outer = RACReplaySubject<RACSignal<Int>>()
        let later = RACReplaySubject<Int>()
        outer.sendNext(coldValues(1, 2))
        outer.sendNext(later)
        outer.sendNext(coldValues(3))
        outer.sendCompleted()
        let recorder = outer.concat().record()
        XCTAssertEqual(recorder.values, [1, 2])
        later.sendNext(9)
        XCTAssertEqual(recorder.values, [1, 2, 9])
        XCTAssertEqual(recorder.completions, 0)
        later.sendCompleted()
        XCTAssertEqual(recorder.values, [1, 2, 9, 3])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testConcatOfSignalsDisposesTheCurrentSignal() {
        let outer = RACSubject<RACSignal<Int>>()
        let first = DrivenSource<Int>(), later = DrivenSource<Int>()
        let recorder = outer.concat().record()
        outer.sendNext(first.signal)
        outer.sendNext(later.signal)
        XCTAssertEqual(later.subscriptions, 0)
        recorder.disposable?.dispose()
        XCTAssertEqual(first.disposals, 1)
        first.sendCompleted()
        XCTAssertEqual(later.subscriptions, 0)
    }

    func testConcatOfSignalsPassesErrorsThrough() {
        let outer = RACReplaySubject<RACSignal<Int>>()
        outer.sendNext(.error(TestError(code: 5)))
        let recorder = outer.concat().record()
        XCTAssertEqual(recorder.errors.first as? TestError, TestError(code: 5))
    }

    // MARK: switchToLatest

    func testSwitchToLatestSendsOnlyTheLatestInnerSignalsValues() {
        let outer = RACSubject<RACSignal<Int>>()
        let first = DrivenSource<Int>(), second = DrivenSource<Int>()
        let recorder = outer.switchToLatest().record()
        outer.sendNext(first.signal)
        first.send(1, 2)
        outer.sendNext(second.signal)
        XCTAssertEqual(first.disposals, 1, "a new inner signal disposes the previous one")
        first.send(3)
        second.send(4)
        XCTAssertEqual(recorder.values, [1, 2, 4])
    }

    func testSwitchToLatestIgnoresEventsOfReplacedInnerSignals() {
        // Subjects do not stop sending when a subscription is disposed from
        // outside, but a replaced subject's events must not get through.
        let outer = RACSubject<RACSignal<Int>>()
        let first = RACSubject<Int>(), second = RACSubject<Int>()
        let recorder = outer.switchToLatest().record()
        outer.sendNext(first)
        outer.sendNext(second)
        outer.sendCompleted()
        first.sendError(TestError())
        first.sendCompleted()
        XCTAssertEqual(recorder.terminals, 0)
        second.sendNext(1)
        second.sendCompleted()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSwitchToLatestSendsErrorsOfTheLatest() {
        let outer = RACSubject<RACSignal<Int>>()
        let recorder = outer.switchToLatest().record()
        outer.sendNext(.error(TestError(code: 2)))
        XCTAssertEqual(recorder.errors.first as? TestError, TestError(code: 2))
    }

    func testSwitchToLatestCompletesOnlyWhenReceiverAndLatestCompleted() {
        let outer = RACSubject<RACSignal<Int>>()
        let inner = RACSubject<Int>()
        let recorder = outer.switchToLatest().record()
        outer.sendNext(.empty())
        outer.sendNext(inner)
        outer.sendCompleted()
        XCTAssertEqual(recorder.completions, 0, "the latest is still running")
        inner.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)

        let immediate = RACSubject<RACSignal<Int>>()
        let completed = immediate.switchToLatest().record()
        immediate.sendNext(.empty())
        XCTAssertEqual(completed.completions, 0, "the receiver is still running")
        immediate.sendCompleted()
        XCTAssertEqual(completed.completions, 1)
    }

    func testSwitchToLatestOfAReceiverWithoutInnersCompletes() {
        let recorder = RACSignal<RACSignal<Int>>.empty().switchToLatest().record()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testDisposingSwitchToLatestDisposesReceiverAndLatest() {
        let outer = DrivenSource<RACSignal<Int>>()
        let inner = DrivenSource<Int>()
        let recorder = outer.signal.switchToLatest().record()
        outer.send(inner.signal)
        recorder.disposable?.dispose()
        inner.send(1)
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual([outer.disposals, inner.disposals], [1, 1])
    }

    func testSwitchToLatestSubscribesNoInnerSignalOnceTheSubscriberDisposed() {
        let laterSubscriptions = Shared(0)
        let outer = RACSignal<RACSignal<Int>>.createSignal { subscriber in
            subscriber.sendNext(coldValues(1, 2))
            subscriber.sendNext(countingSubscriptions({ laterSubscriptions.value += 1 }, 3))
            return nil
        }
        let subscriber = DisposingAtFirstValueSubscriber<Int>()
        outer.switchToLatest().subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(laterSubscriptions.value, 0)
    }

    func testSwitchToLatestIsColdPerSubscription() {
        let subscriptions = Shared(0)
        let outer = RACSignal<RACSignal<Int>>.createSignal { subscriber in
            subscriptions.value += 1
            subscriber.sendNext(.empty())
            return nil
        }
        let switched = outer.switchToLatest()
        _ = switched.record()
        _ = switched.record()
        XCTAssertEqual(subscriptions.value, 2)
    }
}

import RACSwift
import RACSwiftTestSupport
import XCTest

struct TestError: Error, Equatable {
    var code = 1
}

final class SignalTests: XCTestCase {
    func testCreateSignalDeliversValuesThenCompletion() {
        let signal = RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        let values = Shared<[Int]>([])
        let completed = Shared(0)
        signal.subscribeNext({ values.value.append($0) }, completed: { completed.value += 1 })
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertEqual(completed.value, 1)
    }

    func testDidSubscribeRunsOncePerSubscription() {
        let runs = Shared(0)
        let signal = RACSignal<Int>.createSignal { _ in
            runs.value += 1
            return nil
        }
        XCTAssertEqual(runs.value, 0, "cold signals do nothing until subscribed")
        signal.subscribeNext { _ in }
        signal.subscribeCompleted {}
        XCTAssertEqual(runs.value, 2)
    }

    func testNoEventsAfterCompletion() {
        let values = Shared<[Int]>([])
        let completed = Shared(0)
        let errors = Shared(0)
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendCompleted()
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            subscriber.sendError(TestError())
            return nil
        }.subscribeNext({ values.value.append($0) }, error: { _ in errors.value += 1 }, completed: { completed.value += 1 })
        XCTAssertEqual(values.value, [])
        XCTAssertEqual(completed.value, 1)
        XCTAssertEqual(errors.value, 0)
    }

    func testNoEventsAfterError() {
        let values = Shared<[Int]>([])
        let errors = Shared<[TestError]>([])
        let completed = Shared(0)
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendError(TestError(code: 7))
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }.subscribeNext({ values.value.append($0) },
                        error: { errors.value.append($0 as! TestError) },
                        completed: { completed.value += 1 })
        XCTAssertEqual(values.value, [])
        XCTAssertEqual(errors.value, [TestError(code: 7)])
        XCTAssertEqual(completed.value, 0)
    }

    func testTerminalEventDisposesSubscription() {
        let cleanups = Shared(0)
        let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
        let disposable = RACSignal<Int>.createSignal { subscriber in
            escaped.value = subscriber
            return RACDisposable { cleanups.value += 1 }
        }.subscribeNext { _ in }
        XCTAssertEqual(cleanups.value, 0)
        escaped.value?.sendCompleted()
        XCTAssertEqual(cleanups.value, 1)
        XCTAssertTrue(disposable.isDisposed)
        disposable.dispose()
        XCTAssertEqual(cleanups.value, 1, "the cleanup runs once")
    }

    func testDisposeStopsEventsAndRunsCleanup() {
        let values = Shared<[Int]>([])
        let cleanups = Shared(0)
        let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
        let disposable = RACSignal<Int>.createSignal { subscriber in
            escaped.value = subscriber
            return RACDisposable { cleanups.value += 1 }
        }.subscribeNext { values.value.append($0) }
        escaped.value?.sendNext(1)
        disposable.dispose()
        escaped.value?.sendNext(2)
        escaped.value?.sendCompleted()
        XCTAssertEqual(values.value, [1])
        XCTAssertEqual(cleanups.value, 1)
    }

    func testDisposableReturnedAfterTerminationRunsAtOnce() {
        let cleanups = Shared(0)
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendCompleted()
            return RACDisposable { cleanups.value += 1 }
        }.subscribeCompleted {}
        XCTAssertEqual(cleanups.value, 1)
    }

    func testTerminalEventReleasesBlocks() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
        let signal = RACSignal<Int>.createSignal { subscriber in
            escaped.value = subscriber
            return nil
        }
        do {
            let token = Token()
            weakToken = token
            signal.subscribeNext { _ in _ = token }
        }
        XCTAssertNotNil(weakToken)
        escaped.value?.sendCompleted()
        XCTAssertNil(weakToken, "a terminal event releases the subscriber's blocks")
        escaped.value = nil
    }

    /// A subscriber that disposes its own subscription from inside its block
    /// keeps the block until the block returns (the release waits for the
    /// delivery), and receives nothing more.
    func testDisposalFromInsideTheBlockReleasesAfterTheBlockReturns() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable { var alive = true }
        weak var weakToken: Token?
        let kept = Shared<(any RACSubscriber<Int>)?>(nil)
        let disposable = Shared<RACDisposable?>(nil)
        let sawTokenAfterDispose = Shared(false)
        do {
            let token = Token()
            weakToken = token
            disposable.value = RACSignal<Int>.createSignal { subscriber in
                kept.value = subscriber
                return nil
            }.subscribeNext { _ in
                disposable.value?.dispose()
                sawTokenAfterDispose.value = token.alive
            }
        }
        kept.value?.sendNext(1)
        XCTAssertTrue(sawTokenAfterDispose.value)
        XCTAssertNil(weakToken, "released once the block returned")
        kept.value = nil
    }

    func testDisposalReleasesSubscriberWhenSourceLetsGo() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
        let disposable: RACDisposable = {
            let token = Token()
            weakToken = token
            return RACSignal<Int>.createSignal { subscriber in
                escaped.value = subscriber
                return RACDisposable { escaped.value = nil }
            }.subscribeNext { _ in _ = token }
        }()
        XCTAssertNotNil(weakToken)
        XCTAssertNotNil(escaped.value)
        disposable.dispose()
        XCTAssertNil(escaped.value, "disposal runs the source's disposable, which lets go of the subscriber")
        XCTAssertNil(weakToken, "no retain cycle keeps the blocks after disposal")
    }

    func testCustomSubscriberIsToldOfItsSubscription() {
        // @unchecked Sendable: the signal sends synchronously, on this thread.
        final class Recorder: RACSubscriber, @unchecked Sendable {
            var events: [String] = []
            var subscription: RACCompoundDisposable?
            func sendNext(_ value: Int) { events.append("next \(value)") }
            func sendError(_ error: any Error) { events.append("error") }
            func sendCompleted() { events.append("completed") }
            func didSubscribe(with disposable: RACCompoundDisposable) { subscription = disposable }
        }
        let recorder = Recorder()
        let disposable = RACSignal<Int>.return(4).subscribe(recorder)
        XCTAssertEqual(recorder.events, ["next 4", "completed"])
        XCTAssertTrue(recorder.subscription === disposable)
    }

    func testCustomSubscriberStopsReceivingAfterDispose() {
        // @unchecked Sendable: the test sends on this thread.
        final class Recorder: RACSubscriber, @unchecked Sendable {
            var values: [Int] = []
            func sendNext(_ value: Int) { values.append(value) }
            func sendError(_ error: any Error) {}
            func sendCompleted() {}
            func didSubscribe(with disposable: RACCompoundDisposable) {}
        }
        let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
        let recorder = Recorder()
        let disposable = RACSignal<Int>.createSignal { subscriber in
            escaped.value = subscriber
            return nil
        }.subscribe(recorder)
        escaped.value?.sendNext(1)
        disposable.dispose()
        escaped.value?.sendNext(2)
        XCTAssertEqual(recorder.values, [1])
    }

    func testEmptyReturnErrorNever() {
        let events = Shared<[String]>([])
        RACSignal<Int>.empty().subscribeNext({ events.value.append("next \($0)") }, completed: { events.value.append("empty done") })
        RACSignal<Int>.return(3).subscribeNext({ events.value.append("next \($0)") }, completed: { events.value.append("return done") })
        RACSignal<Int>.error(TestError()).subscribeError { _ in events.value.append("error") }
        RACSignal<Int>.never().subscribeNext({ _ in events.value.append("never next") },
                                            error: { _ in events.value.append("never error") },
                                            completed: { events.value.append("never done") })
        XCTAssertEqual(events.value, ["empty done", "next 3", "return done", "error"])
    }

    func testDeferCallsBlockPerSubscription() {
        let calls = Shared(0)
        let signal = RACSignal<Int>.defer {
            calls.value += 1
            return .return(calls.value)
        }
        XCTAssertEqual(calls.value, 0)
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        signal.subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, [1, 2])
    }

    func testSubscriptionOffMainThreadRunsOnBackgroundScheduler() {
        let done = expectation(description: "value")
        let sawScheduler = Shared(false)
        let signal = RACSignal<Int>.createSignal { subscriber in
            sawScheduler.value = RACScheduler.currentScheduler != nil && !Thread.isMainThread
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        Thread {
            signal.subscribeCompleted { done.fulfill() }
        }.start()
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertTrue(sawScheduler.value, "didSubscribe runs on a background scheduler when subscribed off-scheduler")
    }

    func testDisposeFromAnotherThreadWhileDidSubscribeRuns() {
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let subscribed = DispatchSemaphore(value: 0)
        let cleaned = expectation(description: "cleanup ran")
        let delivered = SchedulerTestBox<[Int]>([])
        let signal = RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(1)
            entered.signal()
            proceed.wait()
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return RACDisposable { cleaned.fulfill() }
        }
        let disposable = SchedulerTestBox<RACDisposable?>(nil)
        // Off the main thread and outside any scheduler, didSubscribe runs on
        // a background scheduler and subscribe returns at once.
        Thread {
            let subscription = signal.subscribeNext { value in delivered.mutate { $0.append(value) } }
            disposable.mutate { $0 = subscription }
            subscribed.signal()
        }.start()
        subscribed.wait()
        entered.wait()
        disposable.value?.dispose()
        proceed.signal()
        // The disposable returned after disposal is disposed at once;
        // fulfilling twice would fail the test.
        wait(for: [cleaned], timeout: HangGuard.seconds)
        XCTAssertEqual(delivered.value, [1], "nothing is delivered after dispose() returned")
    }
}

/// A RACSignal subclass written the way a user would: it overrides only
/// `subscribe(_:)` and forwards to another signal.
// @unchecked Sendable: test scaffolding, used one thread at a time.
private final class ForwardingSignal: RACSignal<Int>, @unchecked Sendable {
    let target: RACSignal<Int>
    init(_ target: RACSignal<Int>) { self.target = target }
    override func subscribe(_ subscriber: any RACSubscriber<Int>) -> RACDisposable {
        target.subscribe(subscriber)
    }
}

final class SignalSubclassTests: XCTestCase {
    func testUserSubclassForwardingToSubjectDeliversTerminalEvents() {
        let subject = RACSubject<Int>()
        let events = Shared<[String]>([])
        ForwardingSignal(subject).subscribeNext({ events.value.append("next \($0)") },
                                                completed: { events.value.append("completed") })
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(events.value, ["next 1", "completed"])
    }

    func testDisposingUserSubclassSubscriptionStopsIt() {
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let disposable = ForwardingSignal(subject).subscribeNext { values.value.append($0) }
        subject.sendNext(1)
        disposable.dispose()
        subject.sendNext(2)
        XCTAssertEqual(values.value, [1])
    }
}

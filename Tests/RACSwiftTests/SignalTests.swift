import RACSwift
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
        var values: [Int] = []
        var completed = 0
        signal.subscribeNext({ values.append($0) }, completed: { completed += 1 })
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(completed, 1)
    }

    func testDidSubscribeRunsOncePerSubscription() {
        var runs = 0
        let signal = RACSignal<Int>.createSignal { _ in
            runs += 1
            return nil
        }
        XCTAssertEqual(runs, 0, "cold signals do nothing until subscribed")
        signal.subscribeNext { _ in }
        signal.subscribeCompleted {}
        XCTAssertEqual(runs, 2)
    }

    func testNoEventsAfterCompletion() {
        var values: [Int] = []
        var completed = 0
        var errors = 0
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendCompleted()
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            subscriber.sendError(TestError())
            return nil
        }.subscribeNext({ values.append($0) }, error: { _ in errors += 1 }, completed: { completed += 1 })
        XCTAssertEqual(values, [])
        XCTAssertEqual(completed, 1)
        XCTAssertEqual(errors, 0)
    }

    func testNoEventsAfterError() {
        var values: [Int] = []
        var errors: [TestError] = []
        var completed = 0
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendError(TestError(code: 7))
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }.subscribeNext({ values.append($0) },
                        error: { errors.append($0 as! TestError) },
                        completed: { completed += 1 })
        XCTAssertEqual(values, [])
        XCTAssertEqual(errors, [TestError(code: 7)])
        XCTAssertEqual(completed, 0)
    }

    func testTerminalEventDisposesSubscription() {
        var cleanups = 0
        var escaped: (any RACSubscriber<Int>)?
        let disposable = RACSignal<Int>.createSignal { subscriber in
            escaped = subscriber
            return RACDisposable { cleanups += 1 }
        }.subscribeNext { _ in }
        XCTAssertEqual(cleanups, 0)
        escaped?.sendCompleted()
        XCTAssertEqual(cleanups, 1)
        XCTAssertTrue(disposable.isDisposed)
        disposable.dispose()
        XCTAssertEqual(cleanups, 1, "the cleanup runs once")
    }

    func testDisposeStopsEventsAndRunsCleanup() {
        var values: [Int] = []
        var cleanups = 0
        var escaped: (any RACSubscriber<Int>)?
        let disposable = RACSignal<Int>.createSignal { subscriber in
            escaped = subscriber
            return RACDisposable { cleanups += 1 }
        }.subscribeNext { values.append($0) }
        escaped?.sendNext(1)
        disposable.dispose()
        escaped?.sendNext(2)
        escaped?.sendCompleted()
        XCTAssertEqual(values, [1])
        XCTAssertEqual(cleanups, 1)
    }

    func testDisposableReturnedAfterTerminationRunsAtOnce() {
        var cleanups = 0
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendCompleted()
            return RACDisposable { cleanups += 1 }
        }.subscribeCompleted {}
        XCTAssertEqual(cleanups, 1)
    }

    func testTerminalEventReleasesBlocks() {
        final class Token {}
        weak var weakToken: Token?
        var escaped: (any RACSubscriber<Int>)?
        let signal = RACSignal<Int>.createSignal { subscriber in
            escaped = subscriber
            return nil
        }
        do {
            let token = Token()
            weakToken = token
            signal.subscribeNext { _ in _ = token }
        }
        XCTAssertNotNil(weakToken)
        escaped?.sendCompleted()
        XCTAssertNil(weakToken, "a terminal event releases the subscriber's blocks")
        escaped = nil
    }

    /// A subscriber that disposes its own subscription from inside its block
    /// keeps the block until the block returns (the release waits for the
    /// delivery), and receives nothing more.
    func testDisposalFromInsideTheBlockReleasesAfterTheBlockReturns() {
        final class Token { var alive = true }
        weak var weakToken: Token?
        var kept: (any RACSubscriber<Int>)?
        var disposable: RACDisposable?
        var sawTokenAfterDispose = false
        do {
            let token = Token()
            weakToken = token
            disposable = RACSignal<Int>.createSignal { subscriber in
                kept = subscriber
                return nil
            }.subscribeNext { _ in
                disposable?.dispose()
                sawTokenAfterDispose = token.alive
            }
        }
        kept?.sendNext(1)
        XCTAssertTrue(sawTokenAfterDispose)
        XCTAssertNil(weakToken, "released once the block returned")
        kept = nil
    }

    func testDisposalReleasesSubscriberWhenSourceLetsGo() {
        final class Token {}
        weak var weakToken: Token?
        var escaped: (any RACSubscriber<Int>)?
        let disposable: RACDisposable = {
            let token = Token()
            weakToken = token
            return RACSignal<Int>.createSignal { subscriber in
                escaped = subscriber
                return RACDisposable { escaped = nil }
            }.subscribeNext { _ in _ = token }
        }()
        XCTAssertNotNil(weakToken)
        XCTAssertNotNil(escaped)
        disposable.dispose()
        XCTAssertNil(escaped, "disposal runs the source's disposable, which lets go of the subscriber")
        XCTAssertNil(weakToken, "no retain cycle keeps the blocks after disposal")
    }

    func testCustomSubscriberIsToldOfItsSubscription() {
        final class Recorder: RACSubscriber {
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
        final class Recorder: RACSubscriber {
            var values: [Int] = []
            func sendNext(_ value: Int) { values.append(value) }
            func sendError(_ error: any Error) {}
            func sendCompleted() {}
            func didSubscribe(with disposable: RACCompoundDisposable) {}
        }
        var escaped: (any RACSubscriber<Int>)?
        let recorder = Recorder()
        let disposable = RACSignal<Int>.createSignal { subscriber in
            escaped = subscriber
            return nil
        }.subscribe(recorder)
        escaped?.sendNext(1)
        disposable.dispose()
        escaped?.sendNext(2)
        XCTAssertEqual(recorder.values, [1])
    }

    func testEmptyReturnErrorNever() {
        var events: [String] = []
        RACSignal<Int>.empty().subscribeNext({ events.append("next \($0)") }, completed: { events.append("empty done") })
        RACSignal<Int>.return(3).subscribeNext({ events.append("next \($0)") }, completed: { events.append("return done") })
        RACSignal<Int>.error(TestError()).subscribeError { _ in events.append("error") }
        RACSignal<Int>.never().subscribeNext({ _ in events.append("never next") },
                                            error: { _ in events.append("never error") },
                                            completed: { events.append("never done") })
        XCTAssertEqual(events, ["empty done", "next 3", "return done", "error"])
    }

    func testDeferCallsBlockPerSubscription() {
        var calls = 0
        let signal = RACSignal<Int>.defer {
            calls += 1
            return .return(calls)
        }
        XCTAssertEqual(calls, 0)
        var values: [Int] = []
        signal.subscribeNext { values.append($0) }
        signal.subscribeNext { values.append($0) }
        XCTAssertEqual(values, [1, 2])
    }

    func testSubscriptionOffMainThreadRunsOnBackgroundScheduler() {
        let done = expectation(description: "value")
        var sawScheduler = false
        let signal = RACSignal<Int>.createSignal { subscriber in
            sawScheduler = RACScheduler.currentScheduler != nil && !Thread.isMainThread
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        Thread {
            signal.subscribeCompleted { done.fulfill() }
        }.start()
        wait(for: [done], timeout: 10)
        XCTAssertTrue(sawScheduler, "didSubscribe runs on a background scheduler when subscribed off-scheduler")
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
        wait(for: [cleaned], timeout: 10)
        XCTAssertEqual(delivered.value, [1], "nothing is delivered after dispose() returned")
    }
}

/// A RACSignal subclass written the way a user would: it overrides only
/// `subscribe(_:)` and forwards to another signal.
private final class ForwardingSignal: RACSignal<Int> {
    let target: RACSignal<Int>
    init(_ target: RACSignal<Int>) { self.target = target }
    override func subscribe(_ subscriber: any RACSubscriber<Int>) -> RACDisposable {
        target.subscribe(subscriber)
    }
}

final class SignalSubclassTests: XCTestCase {
    func testUserSubclassForwardingToSubjectDeliversTerminalEvents() {
        let subject = RACSubject<Int>()
        var events: [String] = []
        ForwardingSignal(subject).subscribeNext({ events.append("next \($0)") },
                                                completed: { events.append("completed") })
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(events, ["next 1", "completed"])
    }

    func testDisposingUserSubclassSubscriptionStopsIt() {
        let subject = RACSubject<Int>()
        var values: [Int] = []
        let disposable = ForwardingSignal(subject).subscribeNext { values.append($0) }
        subject.sendNext(1)
        disposable.dispose()
        subject.sendNext(2)
        XCTAssertEqual(values, [1])
    }
}

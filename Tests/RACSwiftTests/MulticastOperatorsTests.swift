import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

final class MulticastOperatorsTests: XCTestCase {
    /// A cold signal that sends 1, 2, 3 and completes, counting the times
    /// its side effects run.
    // @unchecked Sendable: test scaffolding, used one thread at a time.
    private final class Counter: @unchecked Sendable {
        var runs = 0
        var disposals = 0

        lazy var signal = RACSignal<Int>.createSignal { [unowned self] subscriber in
            runs += 1
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendNext(3)
            subscriber.sendCompleted()
            return nil
        }

        /// Sends nothing until `feed` does; counts disposals.
        let feed = RACSubject<Int>()
        lazy var hot = RACSignal<Int>.createSignal { [unowned self] subscriber in
            runs += 1
            let inner = feed.subscribe(subscriber)
            // Weak: a replay subject freed after the counter (once `feed`,
            // which keeps it, is gone) disposes this subscription then.
            return RACDisposable { [weak self] in
                self?.disposals += 1
                inner.dispose()
            }
        }
    }

    /// What one subscription received.
    // @unchecked Sendable: test scaffolding, used one thread at a time.
    private final class Recording: @unchecked Sendable {
        var values: [Int] = []
        var completions = 0
        var errors = 0

        init(_ signal: RACSignal<Int>) {
            signal.subscribeNext({ self.values.append($0) },
                                 error: { _ in self.errors += 1 },
                                 completed: { self.completions += 1 })
        }
    }

    // MARK: publish

    func testPublishRunsSideEffectsOnceForAllSubscribers() {
        let counter = Counter()
        let connection = counter.hot.publish()
        let first = Shared<[Int]>([])
        let second = Shared<[Int]>([])
        connection.signal.subscribeNext { first.value.append($0) }
        connection.signal.subscribeNext { second.value.append($0) }
        XCTAssertEqual(counter.runs, 0)
        connection.connect()
        counter.feed.sendNext(1)
        XCTAssertEqual(counter.runs, 1)
        XCTAssertEqual(first.value, [1])
        XCTAssertEqual(second.value, [1])
    }

    func testPublishSubscribersAfterConnectMissEarlierValues() {
        let counter = Counter()
        let connection = counter.signal.publish()
        connection.connect()
        let values = Shared<[Int]>([])
        let completions = Shared(0)
        connection.signal.subscribeNext({ values.value.append($0) }, completed: { completions.value += 1 })
        XCTAssertEqual(values.value, [], "a plain subject does not replay")
        XCTAssertEqual(completions.value, 1, "the subject ended, and replays only its ending")
    }

    // MARK: replay

    func testReplaySubscribesAtOnce() {
        let counter = Counter()
        _ = counter.signal.replay()
        XCTAssertEqual(counter.runs, 1)
    }

    func testReplayGivesEverySubscriberEveryEventAndRunsSideEffectsOnce() {
        let counter = Counter()
        let signal = counter.signal.replay()
        let first = Recording(signal)
        let second = Recording(signal)
        XCTAssertEqual(first.values, [1, 2, 3])
        XCTAssertEqual(first.completions, 1)
        XCTAssertEqual(second.values, [1, 2, 3])
        XCTAssertEqual(second.completions, 1)
        XCTAssertEqual(counter.runs, 1)
    }

    func testReplayForwardsLaterValuesAfterReplaying() {
        let counter = Counter()
        let signal = counter.hot.replay()
        counter.feed.sendNext(1)
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        counter.feed.sendNext(2)
        XCTAssertEqual(values.value, [1, 2])
    }

    func testReplayReplaysAnError() {
        let signal = RACSignal<Int>.error(MulticastTestError()).replay()
        let errors = Shared(0)
        signal.subscribeError { _ in errors.value += 1 }
        signal.subscribeError { _ in errors.value += 1 }
        XCTAssertEqual(errors.value, 2)
    }

    func testDisposingAReplaySubscriberLeavesTheSourceSubscribed() {
        let counter = Counter()
        let signal = counter.hot.replay()
        signal.subscribeNext { _ in }.dispose()
        XCTAssertEqual(counter.disposals, 0)
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        counter.feed.sendNext(7)
        XCTAssertEqual(values.value, [7])
    }

    // MARK: replayLast

    func testReplayLastGivesOnlyTheLatestValue() {
        let counter = Counter()
        let signal = counter.signal.replayLast()
        XCTAssertEqual(counter.runs, 1, "replayLast subscribes at once")
        let recording = Recording(signal)
        XCTAssertEqual(recording.values, [3])
        XCTAssertEqual(recording.completions, 1)
    }

    func testReplayLastForwardsLaterValues() {
        let counter = Counter()
        let signal = counter.hot.replayLast()
        counter.feed.sendNext(1)
        counter.feed.sendNext(2)
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        counter.feed.sendNext(3)
        XCTAssertEqual(values.value, [2, 3])
    }

    // MARK: replayLazily

    func testReplayLazilySubscribesOnTheFirstSubscription() {
        let counter = Counter()
        let signal = counter.signal.replayLazily()
        XCTAssertEqual(counter.runs, 0)
        let first = Recording(signal)
        XCTAssertEqual(counter.runs, 1)
        let second = Recording(signal)
        XCTAssertEqual(counter.runs, 1)
        XCTAssertEqual(first.values, [1, 2, 3])
        XCTAssertEqual(first.completions, 1)
        XCTAssertEqual(second.values, [1, 2, 3], "late subscribers get every value replayed")
        XCTAssertEqual(second.completions, 1)
    }

    func testReplayLazilyForwardsLaterValuesAfterReplaying() {
        let counter = Counter()
        let signal = counter.hot.replayLazily()
        let first = Shared<[Int]>([])
        signal.subscribeNext { first.value.append($0) }
        counter.feed.sendNext(1)
        let second = Shared<[Int]>([])
        signal.subscribeNext { second.value.append($0) }
        counter.feed.sendNext(2)
        XCTAssertEqual(first.value, [1, 2])
        XCTAssertEqual(second.value, [1, 2])
    }

    func testReplayLazilyNeverDisposesTheSourceSubscription() {
        let counter = Counter()
        let signal = counter.hot.replayLazily()
        signal.subscribeNext { _ in }.dispose()
        XCTAssertEqual(counter.disposals, 0, "unlike autoconnect, the last subscriber leaving changes nothing")
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        counter.feed.sendNext(1)
        XCTAssertEqual(values.value, [1])
        XCTAssertEqual(counter.runs, 1)
    }

    func testReplayLazilyDisposalStopsThatSubscriber() {
        let counter = Counter()
        let signal = counter.hot.replayLazily()
        let values = Shared<[Int]>([])
        let disposable = signal.subscribeNext { values.value.append($0) }
        counter.feed.sendNext(1)
        disposable.dispose()
        counter.feed.sendNext(2)
        XCTAssertEqual(values.value, [1])
    }

    func testReplayLazilyFromABackgroundThreadConnectsOnTheSubscriptionScheduler() {
        let source = MulticastTestSource()
        let connected = DispatchSemaphore(value: 0)
        let onBackgroundScheduler = Shared(false)
        source.onSubscribe = {
            onBackgroundScheduler.value = RACScheduler.currentScheduler != nil && !Thread.isMainThread
            connected.signal()
        }
        let signal = source.replayLazily()
        let received = expectation(description: "value")
        Thread {
            signal.subscribeNext { _ in received.fulfill() }
        }.start()
        XCTAssertEqual(connected.wait(timeout: HangGuard.deadline), .success, "hang: connected never signalled")
        XCTAssertTrue(onBackgroundScheduler.value, "off the main thread and any scheduler, it connects as defer does")
        source.feed.sendNext(1)
        wait(for: [received], timeout: HangGuard.seconds)
    }

    // MARK: names

    func testOperatorsNameTheirSignalsAsRACDoes() {
        let source = RACSignal<Int>.never()
        source.name = "source"
        XCTAssertEqual(source.publish().signal.name, "[source] -multicast: [source] -publish")
        XCTAssertEqual(source.replay().name, "[source] -multicast: [source] -replay")
        XCTAssertEqual(source.replayLast().name, "[source] -multicast: [source] -replayLast")
        XCTAssertEqual(source.replayLazily().name, "[source] -replayLazily")
        XCTAssertEqual(source.publish().autoconnect().name,
                       "[[source] -multicast: [source] -publish] -autoconnect")
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A cold source that counts its subscriptions and the disposals of them,
/// and forwards whatever `feed` sends, like RAC's spec sources built with
/// `createSignal` (here without the subscription scheduler, so that the
/// counts are exact on any thread).
// @unchecked Sendable: test scaffolding, used one thread at a time.
final class MulticastTestSource: RACSignal<Int>, @unchecked Sendable {
    let feed = RACSubject<Int>()
    private(set) var subscriptions = 0
    private(set) var disposals = 0
    /// Runs on each subscription, once `feed` reaches the subscriber.
    var onSubscribe: (() -> Void)?

    @discardableResult
    override func subscribe(_ subscriber: any RACSubscriber<Int>) -> RACDisposable {
        subscriptions += 1
        let inner = feed.subscribe(subscriber)
        onSubscribe?()
        return RACDisposable { [self] in
            disposals += 1
            inner.dispose()
        }
    }
}

final class MulticastConnectionTests: XCTestCase {
    func testConnectSubscribesToTheSource() {
        let source = MulticastTestSource()
        let connection = source.publish()
        XCTAssertEqual(source.subscriptions, 0, "nothing is subscribed before connect()")
        connection.connect()
        XCTAssertEqual(source.subscriptions, 1)
    }

    func testConnectReturnsTheSameDisposableEachTime() {
        let source = MulticastTestSource()
        let connection = source.publish()
        let first = connection.connect()
        let second = connection.connect()
        XCTAssertTrue(first === second)
        XCTAssertEqual(source.subscriptions, 1)
    }

    func testDisposingTheConnectionUnsubscribesTheSubject() {
        let source = MulticastTestSource()
        let connection = source.publish()
        let values = Shared<[Int]>([])
        connection.signal.subscribeNext { values.value.append($0) }
        let disposable = connection.connect()
        source.feed.sendNext(1)
        disposable.dispose()
        source.feed.sendNext(2)
        XCTAssertEqual(values.value, [1])
        XCTAssertEqual(source.disposals, 1)
    }

    func testNoReconnectAfterDisposal() {
        let source = MulticastTestSource()
        let connection = source.publish()
        let first = connection.connect()
        first.dispose()
        let second = connection.connect()
        XCTAssertEqual(source.subscriptions, 1)
        XCTAssertTrue(first === second)
        XCTAssertTrue(second.isDisposed)
    }

    /// RAC's "shouldn't race when connecting": a second connect() while the
    /// first is still subscribing returns at once, with the same disposable,
    /// and does not subscribe again.
    func testConnectDuringASlowConnectReturnsAtOnce() {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let source = SlowSource(entered: entered, release: release)
        let connection = source.publish()
        let done = DispatchSemaphore(value: 0)
        let firstResult = Shared<RACDisposable?>(nil)
        Thread {
            firstResult.value = connection.connect()
            done.signal()
        }.start()
        XCTAssertEqual(entered.wait(timeout: HangGuard.deadline), .success, "hang: entered never signalled")
        let second = connection.connect()
        release.signal()
        XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: done never signalled")
        XCTAssertTrue(firstResult.value === second)
        XCTAssertEqual(source.subscriptions, 1)
    }

    func testSourceEventsReachEverySubscriberOfTheSubject() {
        let source = MulticastTestSource()
        let connection = source.publish()
        let first = Shared<[Int]>([])
        let second = Shared<[Int]>([])
        let completions = Shared(0)
        connection.signal.subscribeNext({ first.value.append($0) }, completed: { completions.value += 1 })
        connection.signal.subscribeNext({ second.value.append($0) }, completed: { completions.value += 1 })
        connection.connect()
        source.feed.sendNext(1)
        source.feed.sendNext(2)
        source.feed.sendCompleted()
        XCTAssertEqual(first.value, [1, 2])
        XCTAssertEqual(second.value, [1, 2])
        XCTAssertEqual(completions.value, 2)
        XCTAssertEqual(source.subscriptions, 1)
    }

    func testSourceErrorReachesSubscribers() {
        let source = MulticastTestSource()
        let connection = source.publish()
        let errors = Shared(0)
        connection.signal.subscribeError { _ in errors.value += 1 }
        connection.connect()
        source.feed.sendError(MulticastTestError())
        XCTAssertEqual(errors.value, 1)
    }

    func testMulticastUsesTheGivenSubject() {
        let source = MulticastTestSource()
        let subject = RACReplaySubject<Int>()
        let connection = source.multicast(subject)
        XCTAssertTrue(connection.signal === subject)
        connection.connect()
        source.feed.sendNext(1)
        let values = Shared<[Int]>([])
        subject.subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, [1], "a replay subject replays to subscribers that come after connect()")
    }

    func testEndOfTheSubjectDisposesTheSourceSubscription() {
        let source = MulticastTestSource()
        let subject = RACSubject<Int>()
        let connection = source.multicast(subject)
        connection.connect()
        subject.sendCompleted()
        XCTAssertEqual(source.disposals, 1, "as in RAC, the subject holds its subscription to the source")
    }

    func testSourceEventsArriveOnTheSendersThread() {
        let source = MulticastTestSource()
        let connection = source.publish()
        let received = DispatchSemaphore(value: 0)
        let onMain = Shared(true)
        connection.signal.subscribeNext { _ in
            onMain.value = Thread.isMainThread
            received.signal()
        }
        connection.connect()
        Thread { source.feed.sendNext(1) }.start()
        XCTAssertEqual(received.wait(timeout: HangGuard.deadline), .success, "hang: received never signalled")
        XCTAssertFalse(onMain.value)
    }

    // MARK: autoconnect

    func testAutoconnectConnectsOnTheFirstSubscription() {
        let source = MulticastTestSource()
        let signal = source.publish().autoconnect()
        XCTAssertEqual(source.subscriptions, 0)
        signal.subscribeNext { _ in }
        XCTAssertEqual(source.subscriptions, 1)
        signal.subscribeNext { _ in }
        XCTAssertEqual(source.subscriptions, 1)
    }

    func testAutoconnectForwardsTheSourceToEverySubscriber() {
        let source = MulticastTestSource()
        let signal = source.publish().autoconnect()
        let first = Shared<[Int]>([])
        let second = Shared<[Int]>([])
        let completions = Shared(0)
        signal.subscribeNext({ first.value.append($0) }, completed: { completions.value += 1 })
        source.feed.sendNext(1)
        signal.subscribeNext({ second.value.append($0) }, completed: { completions.value += 1 })
        source.feed.sendNext(2)
        source.feed.sendCompleted()
        XCTAssertEqual(first.value, [1, 2])
        XCTAssertEqual(second.value, [2], "a published connection's late subscriber misses earlier values")
        XCTAssertEqual(completions.value, 2)
    }

    func testAutoconnectSubscribesToTheSubjectBeforeConnecting() {
        let signal = RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            return nil
        }.publish().autoconnect()
        let values = Shared<[Int]>([])
        signal.subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, [1, 2], "the first subscriber hears what the source sends as it is connected")
    }

    func testAutoconnectDisposesWhenTheLastSubscriberLeaves() {
        let source = MulticastTestSource()
        let signal = source.publish().autoconnect()
        let first = signal.subscribeNext { _ in }
        let second = signal.subscribeNext { _ in }
        first.dispose()
        XCTAssertEqual(source.disposals, 0, "one subscriber is left")
        second.dispose()
        XCTAssertEqual(source.disposals, 1)
    }

    func testAutoconnectCountsASubscriptionEndedByATerminalEventAsGone() {
        let source = MulticastTestSource()
        let signal = source.publish().autoconnect()
        signal.take(1).subscribeNext { _ in }
        source.feed.sendNext(1)
        XCTAssertEqual(source.disposals, 1, "take(1) ended the only subscription")
    }

    func testAutoconnectDoesNotReconnectAfterDisposal() {
        let source = MulticastTestSource()
        let signal = source.publish().autoconnect()
        signal.subscribeNext { _ in }.dispose()
        XCTAssertEqual(source.subscriptions, 1)
        let values = Shared<[Int]>([])
        let ended = Shared(0)
        let late = signal.subscribeNext({ values.value.append($0) }, error: { _ in ended.value += 1 }, completed: { ended.value += 1 })
        source.feed.sendNext(1)
        XCTAssertEqual(source.subscriptions, 1)
        XCTAssertEqual(values.value, [], "the source is disconnected for good")
        XCTAssertEqual(ended.value, 0, "the signal does not end on its own")
        late.dispose()
        XCTAssertEqual(source.disposals, 1)
    }

    func testAutoconnectReplaysAfterDisposalWhenMulticastToAReplaySubject() {
        let subject = RACSubject<Int>()
        let signal = subject.multicast(RACReplaySubject()).autoconnect()
        let first = Shared<[Int]>([])
        let disposable = signal.subscribeNext { first.value.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(first.value, [1, 2])
        disposable.dispose()
        let second = Shared<[Int]>([])
        signal.subscribeNext { second.value.append($0) }
        XCTAssertEqual(second.value, [1, 2])
    }

    func testEachAutoconnectedSignalCountsItsOwnSubscribers() {
        let source = MulticastTestSource()
        let connection = source.publish()
        let first = connection.autoconnect().subscribeNext { _ in }
        let second = connection.autoconnect().subscribeNext { _ in }
        second.dispose()
        XCTAssertEqual(source.disposals, 1, "the second signal's only subscriber left: it disposes the connection")
        first.dispose()
        XCTAssertEqual(source.disposals, 1)
    }

    func testAutoconnectFromABackgroundThreadSubscribesOnTheSubscriptionScheduler() {
        let source = MulticastTestSource()
        let connected = DispatchSemaphore(value: 0)
        var onBackgroundScheduler = false
        source.onSubscribe = {
            onBackgroundScheduler = RACScheduler.currentScheduler != nil && !Thread.isMainThread
            connected.signal()
        }
        let signal = source.publish().autoconnect()
        let received = DispatchSemaphore(value: 0)
        Thread {
            signal.subscribeNext { _ in received.signal() }
        }.start()
        XCTAssertEqual(connected.wait(timeout: HangGuard.deadline), .success, "hang: connected never signalled")
        XCTAssertTrue(onBackgroundScheduler, "off the main thread and any scheduler, it subscribes as createSignal does")
        // The subscriber joined the subject before the connection was made.
        source.feed.sendNext(1)
        XCTAssertEqual(received.wait(timeout: HangGuard.deadline), .success, "hang: received never signalled")
        XCTAssertEqual(source.subscriptions, 1)
    }
}

/// A source whose subscription blocks until released.
// @unchecked Sendable: test scaffolding, used one thread at a time.
private final class SlowSource: RACSignal<Int>, @unchecked Sendable {
    let entered: DispatchSemaphore
    let release: DispatchSemaphore
    private(set) var subscriptions = 0

    init(entered: DispatchSemaphore, release: DispatchSemaphore) {
        self.entered = entered
        self.release = release
        super.init()
    }

    @discardableResult
    override func subscribe(_ subscriber: any RACSubscriber<Int>) -> RACDisposable {
        subscriptions += 1
        entered.signal()
        release.wait()
        return RACDisposable()
    }
}

struct MulticastTestError: Error {}

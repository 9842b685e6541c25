import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// A source that counts, atomically, the subscriptions it receives, the
/// disposals of them, and the most subscriptions alive at once. Each
/// subscription forwards `feed`, then sends `script` and completes if
/// `script` is not nil.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class MulticastStressSource: RACSignal<Int>, @unchecked Sendable {
    let feed = RACSubject<Int>()
    private let script: [Int]?
    private let subscribed = Atomic<Int>(0)
    private let disposed = Atomic<Int>(0)
    private let live = Atomic<Int>(0)
    private let maxLive = Atomic<Int>(0)

    init(values: [Int]? = nil) {
        self.script = values
        super.init()
    }

    var subscriptions: Int { subscribed.load(ordering: .acquiring) }
    var disposals: Int { disposed.load(ordering: .acquiring) }
    var mostAliveAtOnce: Int { maxLive.load(ordering: .acquiring) }

    @discardableResult
    override func subscribe(_ subscriber: any RACSubscriber<Int>) -> RACDisposable {
        subscribed.add(1, ordering: .acquiringAndReleasing)
        let alive = live.add(1, ordering: .acquiringAndReleasing).newValue
        maxLive.max(alive, ordering: .acquiringAndReleasing)
        let inner = feed.subscribe(subscriber)
        if let values = script {
            for value in values { subscriber.sendNext(value) }
            subscriber.sendCompleted()
        }
        return RACDisposable { [self] in
            live.subtract(1, ordering: .acquiringAndReleasing)
            disposed.add(1, ordering: .acquiringAndReleasing)
            inner.dispose()
        }
    }
}

/// Runs `body` on the calling thread inside a scheduler's block, where
/// RACSwift subscribes synchronously (as on the main thread), so that
/// subscriptions made by racing threads really race instead of queueing on
/// the background subscription scheduler.
private func insideAScheduler(_ body: @escaping @Sendable () -> Void) {
    let scheduler = RACTestScheduler()
    scheduler.schedule(body)
    scheduler.stepAll()
}

final class MulticastStressTests: XCTestCase {
    /// 8 threads call `connect()` on the same connection at once, 10 000
    /// times over: the source is subscribed exactly once per connection,
    /// and every call returns the same disposable.
    func testRacingConnectsSubscribeOnce() {
        let threads = 8, rounds = 10_000
        let sources = (0..<rounds).map { _ in MulticastStressSource() }
        let connections = sources.map { $0.publish() }
        // Each thread writes its own slots; read after the threads are joined.
        nonisolated(unsafe) let returned = UnsafeMutablePointer<ObjectIdentifier?>.allocate(capacity: rounds * threads)
        returned.initialize(repeating: nil, count: rounds * threads)
        defer { returned.deallocate() }
        let barrier = SpinBarrier(parties: threads)
        runConcurrently(threads: threads) { thread in
            for round in 0..<rounds {
                barrier.arriveAndWait()
                returned[round * threads + thread] = ObjectIdentifier(connections[round].connect())
            }
        }
        var wrongCounts = 0
        var wrongDisposables = 0
        for round in 0..<rounds {
            if sources[round].subscriptions != 1 { wrongCounts += 1 }
            let expected = ObjectIdentifier(connections[round].connect())
            for thread in 0..<threads where returned[round * threads + thread] != expected {
                wrongDisposables += 1
            }
        }
        XCTAssertEqual(wrongCounts, 0, "rounds where the source was not subscribed exactly once")
        XCTAssertEqual(wrongDisposables, 0, "connect() calls that returned another disposable")
    }

    /// Subscribers come and go on 4 threads while one subscriber stays and
    /// a fifth thread sends: the count never reaches 0, so the source is
    /// subscribed once and never disposed, and the staying subscriber gets
    /// every value. When it leaves, the count drops to 0 and the source is
    /// disposed, once; later churn never reconnects.
    func testAutoconnectChurnDisposesOnlyWhenTheCountDropsToZero() {
        let source = MulticastStressSource()
        let signal = source.publish().autoconnect()
        let received = Tally()
        let anchor = signal.subscribeNext { received.add($0) }
        let churners = 4, perChurner = 2_000, sent = 20_000
        let churnValues = Tally()
        runConcurrently(threads: churners + 1) { thread in
            if thread == churners {
                for value in 0..<sent { source.feed.sendNext(value % 4) }
                return
            }
            insideAScheduler {
                for _ in 0..<perChurner {
                    signal.subscribeNext { _ in churnValues.add() }.dispose()
                }
            }
        }
        XCTAssertEqual(source.subscriptions, 1)
        XCTAssertEqual(source.disposals, 0, "the staying subscriber kept the count above 0")
        XCTAssertEqual(received.total, sent, "the staying subscriber got every value")
        for key in 0..<4 { XCTAssertEqual(received.count(key), sent / 4) }

        anchor.dispose()
        XCTAssertEqual(source.disposals, 1)

        runConcurrently(threads: churners) { _ in
            insideAScheduler {
                for _ in 0..<perChurner / 4 { signal.subscribeNext { _ in }.dispose() }
            }
        }
        XCTAssertEqual(source.subscriptions, 1, "a disposed connection never reconnects")
        XCTAssertEqual(source.disposals, 1)
        XCTAssertEqual(source.mostAliveAtOnce, 1)
    }

    /// Pure churn on fresh connections, with the count dropping to 0 and
    /// rising again at random: each source is subscribed exactly once (by
    /// the first subscriber, synchronously) and disposed exactly once.
    func testAutoconnectChurnSubscribesOnceAndDisposesOnce() {
        let threads = 4, rounds = 200, perRound = 20
        let barrier = SpinBarrier(parties: threads)
        let sources = (0..<rounds).map { _ in MulticastStressSource() }
        let signals = sources.map { $0.publish().autoconnect() }
        runConcurrently(threads: threads) { _ in
            insideAScheduler {
                for round in 0..<rounds {
                    barrier.arriveAndWait()
                    for _ in 0..<perRound { signals[round].subscribeNext { _ in }.dispose() }
                }
            }
        }
        var wrong = 0
        for source in sources where source.subscriptions != 1 || source.disposals != 1 || source.mostAliveAtOnce != 1 {
            wrong += 1
        }
        XCTAssertEqual(wrong, 0, "connections not subscribed and disposed exactly once")
    }

    /// The same churn off any scheduler: each subscription is attached on
    /// the background subscription scheduler, racing its own disposal. Any
    /// attach that happens connects, so the source is subscribed at most
    /// once, and disposed exactly as often as it was subscribed.
    func testAutoconnectChurnThroughTheSubscriptionScheduler() {
        let threads = 4, perThread = 500
        let source = MulticastStressSource()
        let signal = source.publish().autoconnect()
        runConcurrently(threads: threads) { _ in
            // Each subscription lives while the next few are made, so that
            // some attaches run before their disposal and some after.
            var held: [RACDisposable] = []
            for _ in 0..<perThread {
                held.append(signal.subscribeNext { _ in })
                if held.count == 4 { held.removeFirst().dispose() }
            }
            for disposable in held { disposable.dispose() }
        }
        // The subscription scheduler is serial: a block scheduled on it now
        // runs after every attach scheduled before.
        let drained = DispatchSemaphore(value: 0)
        Thread { RACScheduler.subscriptionScheduler.schedule { drained.signal() } }.start()
        XCTAssertEqual(drained.wait(timeout: HangGuard.deadline), .success, "hang: the subscription scheduler never drained")
        XCTAssertLessThanOrEqual(source.subscriptions, 1)
        XCTAssertEqual(source.disposals, source.subscriptions)
    }

    /// Threads subscribe to a fresh `replayLazily()` at once, round after
    /// round: one source subscription per round, and every subscriber gets
    /// every value once, in order, then the completion. (A subscriber may
    /// get them after `subscribeNext` returns, delivered by the thread that
    /// was inside the replay subject at that moment.)
    func testReplayLazilyFirstSubscriptionRace() {
        let threads = 4, rounds = 2_000
        let sources = (0..<rounds).map { _ in MulticastStressSource(values: [0, 1, 2]) }
        let signals = sources.map { $0.replayLazily() }
        let barrier = SpinBarrier(parties: threads)
        let wrongDeliveries = Tally()
        let finished = DispatchGroup()
        runConcurrently(threads: threads) { _ in
            insideAScheduler {
                for round in 0..<rounds {
                    barrier.arriveAndWait()
                    finished.enter()
                    let values = Shared<[Int]>([])
                    signals[round].subscribeNext({ values.value.append($0) }, completed: {
                        if values.value != [0, 1, 2] { wrongDeliveries.add() }
                        finished.leave()
                    })
                }
            }
        }
        XCTAssertEqual(finished.wait(timeout: HangGuard.deadline), .success, "hang: a subscriber never completed")
        XCTAssertEqual(wrongDeliveries.total, 0)
        var wrongCounts = 0
        for source in sources where source.subscriptions != 1 { wrongCounts += 1 }
        XCTAssertEqual(wrongCounts, 0, "rounds where the source was not subscribed exactly once")
    }

    /// Subscribers join a `replay()` while the source sends from another
    /// thread: each gets every value exactly once, in order.
    func testReplayJoinWhileTheSourceSends() {
        let source = MulticastStressSource()
        let signal = source.replay()
        let sent = 5_000, joiners = 3
        let gaps = Tally()
        let finished = DispatchGroup()
        runConcurrently(threads: joiners + 1) { thread in
            if thread == joiners {
                for value in 0..<sent { source.feed.sendNext(value) }
                source.feed.sendCompleted()
                return
            }
            insideAScheduler {
                for _ in 0..<20 {
                    finished.enter()
                    let next = Shared(0)
                    signal.subscribeNext({ value in
                        if value != next.value { gaps.add() }
                        next.value = value + 1
                    }, completed: {
                        if next.value != sent { gaps.add() }
                        finished.leave()
                    })
                }
            }
        }
        XCTAssertEqual(finished.wait(timeout: HangGuard.deadline), .success, "hang: a subscriber never completed")
        XCTAssertEqual(gaps.total, 0)
        XCTAssertEqual(source.subscriptions, 1)
    }

    /// Racing subscribers of `publish().autoconnect()` all dispose at once:
    /// when the last `dispose()` returns, the source subscription has been
    /// disposed already (the compound's `dispose()` returns only after the
    /// detaching child ran, on whatever thread).
    func testLastDisposeReturnsAfterTheSourceIsDisposed() {
        let threads = 4, rounds = 500
        let barrier = SpinBarrier(parties: threads)
        let sources = (0..<rounds).map { _ in MulticastStressSource() }
        let signals = sources.map { $0.publish().autoconnect() }
        let finished = (0..<rounds).map { _ in Tally() }
        let notYetDisposed = Tally()
        runConcurrently(threads: threads) { _ in
            insideAScheduler {
                for round in 0..<rounds {
                    barrier.arriveAndWait()
                    let disposable = signals[round].subscribeNext { _ in }
                    barrier.arriveAndWait()
                    disposable.dispose()
                    finished[round].add()
                    // The last to return checks.
                    if finished[round].total == threads && sources[round].disposals != 1 {
                        notYetDisposed.add()
                    }
                }
            }
        }
        XCTAssertEqual(notYetDisposed.total, 0, "rounds whose last dispose() returned before the source was disposed")
        for source in sources { XCTAssertEqual(source.subscriptions, 1) }
    }

    /// Threads off any scheduler subscribe to an ended unlimited replay
    /// subject: each subscription is scheduled, and each gets every value and
    /// the completion.
    func testLateSubscribersOfAnEndedReplaySubjectGetTheEnd() {
        let threads = 4, perThread = 200
        let missing = Tally()
        runConcurrently(threads: threads) { _ in
            for _ in 0..<perThread {
                let subject = RACReplaySubject<Int>()
                subject.sendNext(1)
                subject.sendNext(2)
                subject.sendCompleted()
                let ended = DispatchSemaphore(value: 0)
                let values = Shared<[Int]>([])
                subject.subscribeNext({ values.value.append($0) }, completed: { ended.signal() })
                // The hang guard: a missing end never comes.
                if ended.wait(timeout: HangGuard.deadline) == .timedOut || values.value != [1, 2] { missing.add() }
            }
        }
        XCTAssertEqual(missing.total, 0, "late subscribers without every value and the end (or hung)")
    }
}

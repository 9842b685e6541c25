import RACSwift
import RACSwiftTestSupport
import XCTest

final class SubjectTests: XCTestCase {
    func testSubscriberHearsOnlyLaterValues() {
        let subject = RACSubject<Int>()
        subject.sendNext(0)
        let values = Shared<[Int]>([])
        subject.subscribeNext { values.value.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(values.value, [1, 2])
    }

    func testEverySubscriberGetsEveryValueAndCompletion() {
        let subject = RACSubject<Int>()
        let first = Shared<[Int]>([])
        let second = Shared<[Int]>([])
        let completions = Shared(0)
        subject.subscribeNext({ first.value.append($0) }, completed: { completions.value += 1 })
        subject.subscribeNext({ second.value.append($0) }, completed: { completions.value += 1 })
        subject.sendNext(1)
        subject.sendCompleted()
        subject.sendNext(2)
        XCTAssertEqual(first.value, [1])
        XCTAssertEqual(second.value, [1])
        XCTAssertEqual(completions.value, 2)
    }

    func testErrorReachesEverySubscriberAndEndsSubject() {
        let subject = RACSubject<Int>()
        let errors = Shared(0)
        subject.subscribeError { _ in errors.value += 1 }
        subject.subscribeError { _ in errors.value += 1 }
        subject.sendError(TestError())
        subject.sendCompleted()
        subject.sendError(TestError())
        XCTAssertEqual(errors.value, 2)
    }

    func testLateSubscriberOfEndedSubjectGetsTerminalEvent() {
        let subject = RACSubject<Int>()
        subject.sendNext(1)
        subject.sendCompleted()
        let events = Shared<[String]>([])
        subject.subscribeNext({ events.value.append("next \($0)") }, completed: { events.value.append("completed") })
        XCTAssertEqual(events.value, ["completed"])
    }

    func testDisposedSubscriberStopsAndIsReleased() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let disposable: RACDisposable = {
            let token = Token()
            weakToken = token
            return subject.subscribeNext { _ = token; values.value.append($0) }
        }()
        subject.sendNext(1)
        disposable.dispose()
        subject.sendNext(2)
        XCTAssertEqual(values.value, [1])
        XCTAssertNil(weakToken, "no retained blocks after disposal")
    }

    /// The subject's terminal event releases each subscriber's blocks (and
    /// an operator's in between), though the subscriber's disposable is
    /// kept, as RAC releases a subscriber's blocks at its terminal event.
    func testTheEndReleasesTheBlocksThoughTheDisposableIsKept() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        for throughMap in [false, true] {
            weak var weakToken: Token?
            let subject = RACSubject<Int>()
            let disposable: RACDisposable = {
                let token = Token()
                weakToken = token
                let signal = throughMap ? subject.map { _ = token; return $0 } : subject
                return signal.subscribeNext({ _ in _ = token }, completed: { _ = token })
            }()
            XCTAssertNotNil(weakToken)
            subject.sendCompleted()
            XCTAssertNil(weakToken, "map: \(throughMap): the end released the blocks")
            XCTAssertTrue(disposable.isDisposed)
        }
    }

    /// Off the main thread, a replay subject subscribes through the
    /// subscription scheduler. A subscription disposed before that block
    /// ran, which then never runs, lets go of its subscriber all the same.
    func testASubscriptionDisposedBeforeItsScheduledJoinIsFreed() {
        // @unchecked Sendable: its lock guards `count`.
        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var count = 0
            func add() { lock.lock(); count += 1; lock.unlock() }
            var value: Int { lock.lock(); defer { lock.unlock() }; return count }
        }
        final class Token: Sendable {
            let freed: Counter
            init(_ freed: Counter) { self.freed = freed }
            deinit { freed.add() }
        }
        let freed = Counter()
        let subject = RACReplaySubject<Int>(capacity: 1)
        let rounds = 200
        let drained = expectation(description: "the subscription scheduler ran everything before its last block")
        // A plain thread: no current scheduler, so subscriptions are scheduled.
        Thread {
            for _ in 0..<rounds {
                let token = Token(freed)
                subject.subscribeNext { _ in _ = token }.dispose()
            }
            // The scheduler is serial: once this runs, every join scheduled
            // before it has run or been dropped.
            RACScheduler.subscriptionScheduler.schedule { drained.fulfill() }
        }.start()
        wait(for: [drained], timeout: HangGuard.seconds)
        XCTAssertEqual(freed.value, rounds, "every disposed subscription let go of its subscriber")
    }

    func testSubjectReleasesSubscribersWhenDeallocated() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        weak var weakSubject: RACSubject<Int>?
        do {
            let subject = RACSubject<Int>()
            weakSubject = subject
            let token = Token()
            weakToken = token
            subject.subscribeNext { _ in _ = token }
        }
        XCTAssertNil(weakSubject)
        XCTAssertNil(weakToken)
    }

    func testManySubscribersDisposedInAnyOrder() {
        let subject = RACSubject<Int>()
        let counts = Shared(Array(repeating: 0, count: 40))
        let disposables = (0..<40).map { index in subject.subscribeNext { _ in counts.value[index] += 1 } }
        for index in stride(from: 0, to: 40, by: 2) { disposables[index].dispose() }
        subject.sendNext(1)
        for index in stride(from: 1, to: 40, by: 4) { disposables[index].dispose() }
        subject.sendNext(2)
        let expected = (0..<40).map { $0 % 2 == 0 ? 0 : ($0 % 4 == 1 ? 1 : 2) }
        XCTAssertEqual(counts.value, expected)
    }

    func testSubjectAsSubscriberForwardsAndEnds() {
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let completed = Shared(0)
        subject.subscribeNext({ values.value.append($0) }, completed: { completed.value += 1 })
        RACSignal<Int>.return(7).subscribe(subject)
        XCTAssertEqual(values.value, [7])
        XCTAssertEqual(completed.value, 1)
    }

    func testSubjectDisposesItsSourceSubscriptionsWhenItEnds() {
        let subject = RACSubject<Int>()
        let cleanups = Shared(0)
        RACSignal<Int>.createSignal { _ in RACDisposable { cleanups.value += 1 } }.subscribe(subject)
        XCTAssertEqual(cleanups.value, 0)
        subject.sendCompleted()
        XCTAssertEqual(cleanups.value, 1)
    }

    // MARK: Reentrancy (docs/Concurrency.md point 7)

    func testReentrantSendIsDeliveredAfterCurrentEventToAll() {
        let subject = RACSubject<Int>()
        let first = Shared<[Int]>([])
        let second = Shared<[Int]>([])
        subject.subscribeNext { value in
            first.value.append(value)
            if value == 1 { subject.sendNext(2) }
        }
        subject.subscribeNext { second.value.append($0) }
        subject.sendNext(1)
        XCTAssertEqual(first.value, [1, 2])
        XCTAssertEqual(second.value, [1, 2], "every subscriber sees 1 before 2")
    }

    func testSelfDisposeFromBlockStopsNextDelivery() {
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let disposable = Shared<RACDisposable?>(nil)
        disposable.value = subject.subscribeNext { value in
            values.value.append(value)
            disposable.value?.dispose()
        }
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(values.value, [1])
    }

    func testDisposingAnotherSubscriberMidDeliveryStopsIt() {
        let subject = RACSubject<Int>()
        let later = Shared<[Int]>([])
        let laterDisposable = Shared<RACDisposable?>(nil)
        subject.subscribeNext { _ in laterDisposable.value?.dispose() }
        laterDisposable.value = subject.subscribeNext { later.value.append($0) }
        subject.sendNext(1)
        XCTAssertEqual(later.value, [], "disposed before its turn in the same delivery")
    }

    func testSubscribeFromBlockJoinsAfterCurrentEvent() {
        let subject = RACSubject<Int>()
        let joined = Shared<[Int]>([])
        let didJoin = Shared(false)
        subject.subscribeNext { _ in
            guard !didJoin.value else { return }
            didJoin.value = true
            subject.subscribeNext { joined.value.append($0) }
        }
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(joined.value, [2])
    }

    // MARK: Behavior subject

    func testBehaviorSubjectSendsDefaultThenLatest() {
        let subject = RACBehaviorSubject(defaultValue: 0)
        let first = Shared<[Int]>([])
        subject.subscribeNext { first.value.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        let second = Shared<[Int]>([])
        subject.subscribeNext { second.value.append($0) }
        subject.sendNext(3)
        XCTAssertEqual(first.value, [0, 1, 2, 3])
        XCTAssertEqual(second.value, [2, 3])
    }

    func testBehaviorSubjectWithOptionalValue() {
        let subject = RACBehaviorSubject<Int?>(defaultValue: nil)
        let values = Shared<[Int?]>([])
        subject.subscribeNext { values.value.append($0) }
        subject.sendNext(4)
        XCTAssertEqual(values.value, [nil, 4])
    }

    // MARK: Replay subject

    func testReplaySubjectReplaysAllThenLive() {
        let subject = RACReplaySubject<Int>()
        XCTAssertEqual(subject.capacity, RACReplaySubject<Int>.unlimitedCapacity)
        for value in 0..<100 { subject.sendNext(value) }
        let values = Shared<[Int]>([])
        subject.subscribeNext { values.value.append($0) }
        subject.sendNext(100)
        XCTAssertEqual(values.value, Array(0...100))
    }

    func testReplaySubjectGrowsWithNonTrivialValues() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {
            let id: Int
            init(_ id: Int) { self.id = id }
        }
        weak var weakFirst: Token?
        do {
            let subject = RACReplaySubject<Token>()
            for id in 0..<100 {
                let token = Token(id)
                if id == 0 { weakFirst = token }
                subject.sendNext(token)
            }
            let ids = Shared<[Int]>([])
            subject.subscribeNext { ids.value.append($0.id) }
            XCTAssertEqual(ids.value, Array(0..<100), "values survive the buffer's growth")
            XCTAssertNotNil(weakFirst)
        }
        XCTAssertNil(weakFirst, "values are released with the subject")
    }

    func testReplaySubjectKeepsLastCapacityValues() {
        let subject = RACReplaySubject<Int>(capacity: 3)
        for value in 0..<10 { subject.sendNext(value) }
        let values = Shared<[Int]>([])
        subject.subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, [7, 8, 9])
        subject.sendNext(10)
        let later = Shared<[Int]>([])
        subject.subscribeNext { later.value.append($0) }
        XCTAssertEqual(later.value, [8, 9, 10])
    }

    func testReplaySubjectReplaysTerminalEventAfterValues() {
        let subject = RACReplaySubject<Int>(capacity: 2)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        subject.sendError(TestError(code: 3))
        let events = Shared<[String]>([])
        subject.subscribeNext({ events.value.append("next \($0)") },
                             error: { events.value.append("error \(($0 as! TestError).code)") })
        XCTAssertEqual(events.value, ["next 2", "next 3", "error 3"])
    }

    func testReplaySubjectWithZeroCapacityReplaysOnlyTerminalEvent() {
        let subject = RACReplaySubject<Int>(capacity: 0)
        subject.sendNext(1)
        let events = Shared<[String]>([])
        subject.subscribeNext({ events.value.append("next \($0)") }, completed: { events.value.append("completed") })
        subject.sendNext(2)
        subject.sendCompleted()
        subject.subscribeNext({ events.value.append("late next \($0)") }, completed: { events.value.append("late completed") })
        XCTAssertEqual(events.value, ["next 2", "completed", "late completed"])
    }

    func testReplaySubjectReleasesValuesWithIt() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        do {
            let subject = RACReplaySubject<Token>(capacity: 2)
            do {
                let token = Token()
                weakToken = token
                subject.sendNext(token)
            }
            subject.sendNext(Token())
            subject.sendNext(Token())
            XCTAssertNil(weakToken, "a value pushed out of the ring is released")
            do {
                let kept = Token()
                weakToken = kept
                subject.sendNext(kept)
            }
            XCTAssertNotNil(weakToken, "the buffer keeps the latest values")
        }
        XCTAssertNil(weakToken, "the buffer's values go with the subject")
    }

    func testDisposeDuringReplayStopsReplay() {
        // @unchecked Sendable: test scaffolding, used on this thread.
        final class TakeTwo: RACSubscriber, @unchecked Sendable {
            var values: [Int] = []
            var subscription: RACCompoundDisposable?
            func sendNext(_ value: Int) {
                values.append(value)
                if values.count == 2 { subscription?.dispose() }
            }
            func sendError(_ error: any Error) {}
            func sendCompleted() {}
            func didSubscribe(with disposable: RACCompoundDisposable) { subscription = disposable }
        }
        let subject = RACReplaySubject<Int>()
        for value in 0..<5 { subject.sendNext(value) }
        let subscriber = TakeTwo()
        subject.subscribe(subscriber)
        subject.sendNext(5)
        XCTAssertEqual(subscriber.values, [0, 1])
    }

    func testReplaySubscribeOffSchedulerRunsOnBackgroundScheduler() {
        let subject = RACReplaySubject<Int>()
        subject.sendNext(1)
        let received = expectation(description: "replayed")
        let onMain = SchedulerTestBox(true)
        Thread {
            subject.subscribeNext { _ in
                onMain.mutate { $0 = Thread.isMainThread }
                received.fulfill()
            }
        }.start()
        wait(for: [received], timeout: HangGuard.seconds)
        XCTAssertFalse(onMain.value)
    }

    /// Subscribed from a plain thread (no current scheduler), a behavior
    /// subject's subscriber joins when the subscription scheduler runs the
    /// join, which replays the value latest then: of the values sent after
    /// `subscribe()` returned and before the join, it hears only that one.
    func testBehaviorSubscribeOffSchedulerHearsOnlyTheLatestValueSentBeforeItsJoin() {
        let subject = RACBehaviorSubject(defaultValue: 0)
        let heard = SchedulerTestBox<[Int]>([])
        let joined = DispatchSemaphore(value: 0)
        Thread {
            // Holds the subscription scheduler's serial background queue, so
            // that the join runs only after the sends below.
            let release = DispatchSemaphore(value: 0)
            RACScheduler.subscriptionScheduler.schedule { release.wait() }
            subject.subscribeNext { value in heard.mutate { $0.append(value) } }
            subject.sendNext(1)
            subject.sendNext(2)
            release.signal()
            // Runs after the join: the queue is serial.
            RACScheduler.subscriptionScheduler.schedule { joined.signal() }
        }.start()
        XCTAssertEqual(joined.wait(timeout: HangGuard.deadline), .success, "hang: joined never signalled")
        XCTAssertEqual(heard.value, [2], "sent before the join: 0 and 1 are not heard, 2 is replayed")
        subject.sendNext(3)
        XCTAssertEqual(heard.value, [2, 3], "joined: live from then on")
    }

    func testReplayFromInsideOwnDeliveryIsImmediate() {
        let subject = RACReplaySubject<Int>()
        let replayedInside = Shared<[Int]>([])
        let done = Shared(false)
        subject.subscribeNext { value in
            guard !done.value else { return }
            done.value = true
            // A subscribe from inside the subject's own delivery replays at
            // once, including the value being delivered.
            subject.subscribeNext { replayedInside.value.append($0) }
        }
        let sender = expectation(description: "sent from a plain thread")
        Thread {
            subject.sendNext(1)
            sender.fulfill()
        }.start()
        wait(for: [sender], timeout: HangGuard.seconds)
        XCTAssertEqual(replayedInside.value, [1])
    }
}

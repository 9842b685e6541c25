import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// Records what one subscription receives, from whatever thread delivers.
///
/// Its state is plain on purpose: the subject promises serialized delivery,
/// so Thread Sanitizer reports any two deliveries that are not ordered by
/// the subject's own synchronization. The overlap flag catches the same
/// failure without TSan.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class OrderRecorder: @unchecked Sendable {
    private let busy = Atomic<Bool>(false)
    private(set) var overlaps = 0
    private(set) var values: [Int] = []
    private(set) var terminals = 0
    private(set) var eventsAfterTerminal = 0
    /// Signalled by each terminal event: what a test waits on before reading
    /// a recorder that a background thread may still be delivering to.
    private let finished = DispatchSemaphore(value: 0)

    func next(_ value: Int) {
        enter()
        if terminals > 0 { eventsAfterTerminal += 1 }
        values.append(value)
        leave()
    }

    func terminal() {
        enter()
        if terminals > 0 { eventsAfterTerminal += 1 }
        terminals += 1
        leave()
        finished.signal()
    }

    /// Waits for the terminal event; false if it has not come by the hang
    /// guard (a terminal lost never comes).
    func waitForTerminal() -> Bool {
        finished.wait(timeout: HangGuard.deadline) == .success
    }

    private func enter() {
        if busy.exchange(true, ordering: .acquiring) { overlaps += 1 }
    }

    private func leave() {
        busy.store(false, ordering: .releasing)
    }

    /// Per sender, values arrive in the order sent. Values encode
    /// sender * stride + sequence number.
    func isFIFOPerSender(stride: Int) -> Bool {
        var last: [Int: Int] = [:]
        for value in values {
            let (sender, sequence) = value.quotientAndRemainder(dividingBy: stride)
            if let previous = last[sender], previous >= sequence { return false }
            last[sender] = sequence
        }
        return true
    }
}


// @unchecked Sendable: test scaffolding, used one thread at a time.

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SubjectStressTests: XCTestCase, @unchecked Sendable {
    private let stride = 1_000_000

    /// Racing senders: no overlap, per-sender FIFO, every subscriber sees
    /// every value, and all in one order.
    func testRacingSendersOneOrderForAll() {
        for senders in [2, 4, 8] {
            let subject = RACSubject<Int>()
            let recorders = (0..<4).map { _ in OrderRecorder() }
            for recorder in recorders {
                subject.subscribeNext({ recorder.next($0) }, completed: { recorder.terminal() })
            }
            let perSender = 20_000 / senders
            runConcurrently(threads: senders) { sender in
                for sequence in 0..<perSender { subject.sendNext(sender * self.stride + sequence) }
            }
            subject.sendCompleted()
            for recorder in recorders {
                XCTAssertEqual(recorder.overlaps, 0)
                XCTAssertEqual(recorder.values.count, senders * perSender)
                XCTAssertTrue(recorder.isFIFOPerSender(stride: stride))
                XCTAssertEqual(recorder.values, recorders[0].values, "one order for all subscribers")
                XCTAssertEqual(recorder.terminals, 1)
            }
        }
    }

    /// Senders race subscribers that subscribe and dispose in a loop. A
    /// steady subscriber gets everything, in order; churning ones never see
    /// two deliveries overlap. (What reaches a subscriber after its disposal
    /// is `testDisposeHappensBeforeLaterSend`'s business: here a delivery
    /// that began before `dispose()` may still be running when it returns.)
    func testSendersRaceSubscribeDisposeChurn() {
        let subject = RACSubject<Int>()
        let steady = OrderRecorder()
        subject.subscribeNext({ steady.next($0) })
        let senders = 2, churners = 2, perSender = 20_000, cycles = 3_000
        let overlaps = Tally()
        runConcurrently(threads: senders + churners) { index in
            if index < senders {
                for sequence in 0..<perSender { subject.sendNext(index * self.stride + sequence) }
                return
            }
            for _ in 0..<cycles {
                let recorder = OrderRecorder()
                let disposable = subject.subscribeNext({ recorder.next($0) })
                disposable.dispose()
                if recorder.overlaps > 0 { overlaps.add() }
            }
        }
        XCTAssertEqual(steady.values.count, senders * perSender)
        XCTAssertTrue(steady.isFIFOPerSender(stride: stride))
        XCTAssertEqual(steady.overlaps, 0)
        XCTAssertEqual(overlaps.total, 0)
    }

    /// Subscribe-dispose churn while senders flood the subject: every
    /// churned subscriber's block, which a disposal may leave to the
    /// delivering thread to free, is freed by the end (counted exactly).
    func testChurnedSubscribersAreAllFreedWhileSendersFlood() {
        final class Counter: Sendable { let freed = Atomic<Int>(0) }
        final class Token: Sendable {
            let counter: Counter
            init(_ counter: Counter) { self.counter = counter }
            deinit { counter.freed.add(1, ordering: .relaxed) }
        }
        let counter = Counter()
        let subject = RACSubject<Int>()
        let senders = 2, perSender = 50_000, cycles = 10_000
        runConcurrently(threads: senders + 1) { index in
            if index < senders {
                for value in 0..<perSender { subject.sendNext(value) }
                return
            }
            for _ in 0..<cycles {
                let token = Token(counter)
                subject.subscribeNext { _ in _ = token }.dispose()
            }
        }
        XCTAssertEqual(counter.freed.load(ordering: .relaxed), cycles, "every churned block was freed")
    }

    /// Dispose on one thread, then (ordered after it by a semaphore) a send
    /// on another: the send never reaches the disposed subscriber.
    func testDisposeHappensBeforeLaterSend() {
        let subject = RACSubject<Int>()
        let background = OrderRecorder()
        subject.subscribeNext({ background.next($0) })
        let leaks = Tally()
        let rounds = 5_000
        let disposedSignal = DispatchSemaphore(value: 0)
        let subscribedSignal = DispatchSemaphore(value: 0)
        let current = Shared<RACDisposable?>(nil)
        runConcurrently(threads: 3) { index in
            switch index {
            case 0: // subscribes, then disposes
                for round in 0..<rounds {
                    current.value = subject.subscribeNext { value in
                        if value == -round - 1 { leaks.add() }
                    }
                    subscribedSignal.signal()
                    current.value?.dispose()
                    disposedSignal.signal()
                }
            case 1: // sends a marker only after the disposal returned
                for round in 0..<rounds {
                    subscribedSignal.wait()
                    disposedSignal.wait()
                    subject.sendNext(-round - 1)
                }
            default: // background noise
                for value in 0..<20_000 { subject.sendNext(value) }
            }
        }
        XCTAssertEqual(leaks.total, 0)
        XCTAssertEqual(background.overlaps, 0)
    }

    /// dispose() returns having stopped the subscriber, even while another
    /// thread is adding to and removing from the same compound disposable
    /// (which makes the compound's own serializer busy at that moment).
    func testDisposeStopsSubscriberWhileCompoundIsBusy() {
        let leaks = Tally()
        for _ in 0..<3_000 {
            let subject = RACSubject<Int>()
            let disposable = subject.subscribeNext { value in if value == 1 { leaks.add() } }
            let compound = disposable as! RACCompoundDisposable
            runConcurrently(threads: 2) { index in
                if index == 0 {
                    for _ in 0..<20 {
                        let child = RACDisposable()
                        compound.add(child)
                        compound.remove(child)
                    }
                } else {
                    disposable.dispose()
                    subject.sendNext(1)
                }
            }
        }
        XCTAssertEqual(leaks.total, 0, "a send after dispose() returned reached the subscriber")
    }

    /// sendCompleted races sendNext: every subscriber gets exactly one
    /// terminal event and nothing after it.
    func testCompletionRacingSends() {
        for _ in 0..<300 {
            let subject = RACSubject<Int>()
            let recorders = (0..<3).map { _ in OrderRecorder() }
            for recorder in recorders { subject.subscribeNext({ recorder.next($0) }, completed: { recorder.terminal() }) }
            runConcurrently(threads: 3) { index in
                if index == 2 {
                    subject.sendCompleted()
                } else {
                    for value in 0..<200 { subject.sendNext(value) }
                    subject.sendCompleted()
                }
            }
            for recorder in recorders {
                XCTAssertEqual(recorder.terminals, 1)
                XCTAssertEqual(recorder.eventsAfterTerminal, 0)
                XCTAssertEqual(recorder.overlaps, 0)
            }
        }
    }

    /// Late subscribers join a replay subject while a sender sends: each gets
    /// 0..<n exactly once, in order, with no gap.
    func testReplayJoinWhileSending() {
        for _ in 0..<200 {
            for recorder in joinWhileSending(RACReplaySubject<Int>(), count: 2_000) {
                XCTAssertEqual(recorder.values, Array(0..<2_000))
                XCTAssertEqual(recorder.overlaps, 0)
            }
        }
    }

    /// Subscribers join a behavior subject while a sender sends: each sees a
    /// contiguous run ending with the last value, starting at the latest
    /// value at the time it joined (or the default, -1).
    func testBehaviorJoinWhileSending() {
        for _ in 0..<200 {
            for recorder in joinWhileSending(RACBehaviorSubject(defaultValue: -1), count: 2_000) {
                guard let first = recorder.values.first else { return XCTFail("no value") }
                XCTAssertEqual(recorder.values, Array(first..<2_000))
                XCTAssertEqual(recorder.overlaps, 0)
            }
        }
    }

    /// Three threads subscribe to `subject` while a fourth sends 0..<count
    /// and completes; returns the three recorders once each has completed.
    private func joinWhileSending(_ subject: RACSubject<Int>, count: Int) -> [OrderRecorder] {
        let recorders = (0..<3).map { _ in OrderRecorder() }
        runConcurrently(threads: 4) { index in
            if index == 3 {
                for value in 0..<count { subject.sendNext(value) }
                subject.sendCompleted()
            } else {
                subject.subscribeNext({ recorders[index].next($0) }, completed: { recorders[index].terminal() })
            }
        }
        // Subscriptions from plain threads may be scheduled; wait for them.
        for recorder in recorders { XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event") }
        return recorders
    }

    /// Subscribers send into their own subject from their blocks while other
    /// threads send too: nothing is lost, nothing overlaps.
    func testReentrantSendsUnderContention() {
        let subject = RACSubject<Int>()
        let recorder = OrderRecorder()
        subject.subscribeNext { value in
            // Echo each original value once, as a negative value.
            if value >= 0 { subject.sendNext(-value - 1) }
        }
        subject.subscribeNext({ recorder.next($0) })
        let perSender = 10_000
        runConcurrently(threads: 3) { sender in
            for sequence in 0..<perSender { subject.sendNext(sender * self.stride + sequence) }
        }
        XCTAssertEqual(recorder.values.count, 2 * 3 * perSender)
        XCTAssertEqual(recorder.overlaps, 0)
        XCTAssertEqual(Set(recorder.values).count, recorder.values.count)
    }

    /// Two senders race while a subscriber keeps subscribing new ones from
    /// inside its block: a new subscriber never hears a value whose
    /// `sendNext` had returned before it subscribed (docs/Concurrency.md point 10).
    func testSubscribeFromInsideADeliveryHearsNothingSentBefore() {
        let subject = RACSubject<Int>()
        let senders = 2, perSender = 20_000
        let returned = (0..<senders).map { _ in AtomicWord(-1) }
        let stale = Atomic<Int>(0)
        let joined = Atomic<Int>(0)
        let deliveries = Shared(0)
        subject.subscribeNext { _ in
            // Inside a delivery: only this thread runs here.
            deliveries.value += 1
            guard deliveries.value % 64 == 0 else { return }
            // Acquire: pairs with the senders' release after sendNext returned.
            let thresholds = returned.map { $0.value.load(ordering: .acquiring) }
            let box = DisposableBox()
            let heard = Shared(0)
            box.disposable = subject.subscribeNext { value in
                let (sender, sequence) = value.quotientAndRemainder(dividingBy: self.stride)
                if sequence <= thresholds[sender] { stale.add(1, ordering: .relaxed) }
                heard.value += 1
                if heard.value == 8 { box.disposable?.dispose() }
            }
            joined.add(1, ordering: .relaxed)
        }
        runConcurrently(threads: senders) { sender in
            for sequence in 0..<perSender {
                subject.sendNext(sender * self.stride + sequence)
                returned[sender].value.store(sequence, ordering: .releasing)
            }
        }
        XCTAssertGreaterThan(joined.load(ordering: .relaxed), 0)
        XCTAssertEqual(stale.load(ordering: .relaxed), 0, "values heard that were sent before the subscribe")
    }
}

/// Holds a subscription's disposable for its own block. Test scaffolding:
/// set before the subscription's first delivery, read only inside them.
private final class DisposableBox: @unchecked Sendable {
    var disposable: RACDisposable?
}


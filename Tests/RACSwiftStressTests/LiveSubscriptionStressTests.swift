import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// The live-subscription count and the site records under racing
/// subscribes, disposals and terminal events: every subscription ends
/// exactly once, however it ends.
final class LiveSubscriptionStressTests: XCTestCase {
    override func tearDown() {
        RACLiveSubscriptions.recordsSites = false
        super.tearDown()
    }

    /// Threads subscribe to one subject (directly and through operators)
    /// and dispose while another thread sends: the count returns to where
    /// it started.
    func testSubscribeAndDisposeOnManyThreadsBalanceTheCount() {
        let subject = RACSubject<Int>()
        let before = RACLiveSubscriptions.count
        let threads = 6
        let iterations = 3_000
        runConcurrently(threads: threads + 1) { index in
            if index == threads {
                for value in 0..<iterations { subject.sendNext(value) }
                return
            }
            for iteration in 0..<iterations {
                let subscription = iteration % 2 == 0
                    ? subject.subscribeNext { _ in }
                    : subject.map { $0 + 1 }.filter { $0 > 0 }.subscribeNext { _ in }
                subscription.dispose()
            }
        }
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }

    /// Subscriptions begin on threads that then exit and end on other
    /// threads that exit, in waves, while another thread reads the count:
    /// each thread's tally is given back at its exit and claimed by a later
    /// thread, which continues from its balance. After each wave (joined)
    /// the count is exact: every subscription made, then none.
    func testTalliesGivenBackByExitedThreadsKeepTheCountExact() {
        final class Made: @unchecked Sendable {
            // Written by one thread of a wave, read by another after the join.
            var subscriptions: [RACDisposable] = []
        }
        let subject = RACSubject<Int>()
        let threads = 4, perThread = 250
        let reading = Atomic<Bool>(true)
        let reader = Thread {
            while reading.load(ordering: .acquiring) { _ = RACLiveSubscriptions.count }
        }
        reader.start()
        let before = RACLiveSubscriptions.count
        for wave in 0..<20 {
            let made = (0..<threads).map { _ in Made() }
            runConcurrently(threads: threads) { index in
                for _ in 0..<perThread { made[index].subscriptions.append(subject.subscribeNext { _ in }) }
            }
            XCTAssertEqual(RACLiveSubscriptions.count, before + threads * perThread, "wave \(wave), subscribed")
            // Each thread ends another thread's subscriptions.
            runConcurrently(threads: threads) { index in
                for subscription in made[(index + 1) % threads].subscriptions { subscription.dispose() }
            }
            XCTAssertEqual(RACLiveSubscriptions.count, before, "wave \(wave), disposed")
        }
        reading.store(false, ordering: .releasing)
    }

    /// A disposal races the source's terminal event (and a second disposal):
    /// the subscription leaves the count once.
    func testDisposalRacingATerminalEventEndsTheSubscriptionOnce() {
        let before = RACLiveSubscriptions.count
        for iteration in 0..<3_000 {
            let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
            let subscription = RACSignal<Int>.createSignal { subscriber in
                escaped.value = subscriber
                return nil
            }.map { $0 }.subscribeNext { _ in }
            let subscriber = escaped.value!
            escaped.value = nil
            runConcurrently(threads: 3) { index in
                switch index {
                case 0: iteration % 2 == 0 ? subscriber.sendCompleted() : subscriber.sendError(NSError(domain: "s", code: 1))
                default: subscription.dispose()
                }
            }
        }
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }

    /// Site mode on while threads subscribe and dispose: the records of
    /// ended subscriptions go, and a leak check sees exactly the ones left.
    func testSiteRecordsUnderRacingSubscriptionsListExactlyTheLiveOnes() {
        RACLiveSubscriptions.recordsSites = true
        let subject = RACSubject<Int>().setName("shared")
        let check = RACLeakCheck()
        let kept = 5
        let keptSubscriptions = Shared<[RACDisposable]>([])
        let lock = NSLock()
        runConcurrently(threads: 6) { index in
            for iteration in 0..<2_000 {
                let subscription = subject.map { $0 }.subscribeNext { _ in }
                if index == 0 && iteration < kept {
                    lock.withLock { keptSubscriptions.value.append(subscription) }
                } else {
                    subscription.dispose()
                }
                if iteration % 500 == 0 { _ = RACLiveSubscriptions.bySite() }
            }
        }
        let leaks = check.leaks
        XCTAssertEqual(leaks.map(\.count), [kept])
        XCTAssertEqual(leaks.map(\.operatorCount), [kept])
        XCTAssertEqual(leaks.first?.signalName, "[shared] -map:")
        keptSubscriptions.value.forEach { $0.dispose() }
        XCTAssertEqual(check.finish().count, 0)
    }

    /// Three threads list the site records over and over while three others
    /// subscribe and dispose in site mode (and the adders' compactions
    /// unlink ended records under the listings' feet): every listing finds
    /// the subscriptions pinned before the race, exactly, and once the
    /// threads are joined the leak check finds exactly the ones the workers
    /// kept.
    func testListingsRacingSubscribersAndCompactionsSeeEveryLiveRecord() {
        RACLiveSubscriptions.recordsSites = true
        let subject = RACSubject<Int>()
        subject.setName("raced")
        let pinnedSignal = subject.map { $0 }
        pinnedSignal.setName("pinned")
        let check = RACLeakCheck()
        // Enough records that a listing's walk takes a while.
        let pinnedCount = 300
        let pinned = (0..<pinnedCount).map { _ in pinnedSignal.subscribeNext { _ in } }
        let workers = 3
        let listers = 3
        let iterations = 2_000
        let keptEvery = 250
        let kept = Shared<[RACDisposable]>([])
        let lock = NSLock()
        let working = Shared(workers)
        let wrongListings = Shared(0)
        let listings = Shared(0)
        runConcurrently(threads: workers + listers) { index in
            guard index < workers else {
                var wrong = 0
                var count = 0
                // At least a few listings each, however the threads run.
                while lock.withLock({ working.value }) > 0 || count < 3 {
                    let pinnedGroups = RACLiveSubscriptions.bySite().filter { $0.signalName == "pinned" }
                    if pinnedGroups.map(\.count) != [pinnedCount] || pinnedGroups.map(\.operatorCount) != [pinnedCount] {
                        wrong += 1
                    }
                    count += 1
                }
                lock.withLock {
                    wrongListings.value += wrong
                    listings.value += count
                }
                return
            }
            for iteration in 0..<iterations {
                let subscription = subject.map { $0 + 1 }.subscribeNext { _ in }
                if iteration % keptEvery == 0 {
                    lock.withLock { kept.value.append(subscription) }
                } else {
                    subscription.dispose()
                }
            }
            lock.withLock { working.value -= 1 }
        }
        XCTAssertEqual(wrongListings.value, 0, "of \(listings.value) listings")
        let leaks = check.leaks
        let workersKept = workers * (iterations / keptEvery)
        XCTAssertEqual(leaks.filter { $0.signalName == "[raced] -map:" }.map(\.count), [workersKept])
        XCTAssertEqual(leaks.filter { $0.signalName == "[raced] -map:" }.map(\.operatorCount), [workersKept])
        XCTAssertEqual(leaks.filter { $0.signalName == "pinned" }.map(\.count), [pinnedCount])
        XCTAssertEqual(leaks.count, 2, "\(leaks)")
        kept.value.forEach { $0.dispose() }
        pinned.forEach { $0.dispose() }
        XCTAssertEqual(check.finish().count, 0)
    }

    /// Threads schedule blocks on shared queue schedulers, cancelling half
    /// of them: once the queues are empty the count of scheduled blocks is
    /// back where it started, and every block that was not cancelled ran.
    func testScheduledBlocksBalanceUnderRacingSchedulersAndCancellations() {
        let queues = (0..<2).map { DispatchQueue(label: "LiveSubscriptionStressTests.\($0)") }
        let schedulers = queues.map { RACQueueScheduler(name: nil, queue: $0) }
        let before = RACLiveSubscriptions.scheduledBlocks
        let threads = 4
        let iterations = 2_000
        let ran = AtomicWord()
        let kept = AtomicWord()
        runConcurrently(threads: threads) { index in
            for iteration in 0..<iterations {
                let scheduler = schedulers[(index + iteration) % schedulers.count]
                let block = scheduler.schedule { ran.value.add(1, ordering: .relaxed) }
                if iteration % 2 == 0 { block?.dispose() } else { kept.value.add(1, ordering: .relaxed) }
            }
        }
        // A block scheduled after all the others runs after them all (RAC's
        // order on one scheduler). A plain `queue.sync {}` would not wait for
        // them: a drain that used up its term resubmits behind it.
        for scheduler in schedulers {
            let flushed = DispatchSemaphore(value: 0)
            scheduler.schedule { flushed.signal() }
            flushed.wait()
        }
        // A block may run before its cancellation comes.
        XCTAssertGreaterThanOrEqual(ran.value.load(ordering: .relaxed), kept.value.load(ordering: .relaxed))
        XCTAssertEqual(RACLiveSubscriptions.scheduledBlocks, before)
    }
}

@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// A `createSignal`'s count of subscriptions (`RACColdTally`) under racing
/// subscribes, disposals, terminal events and the signal's own release:
/// every subscription is counted made once and ended once, and the tally,
/// which the live subscriptions use without a reference, is freed once,
/// after the last of them and the signal (Address and Thread Sanitizer
/// check that nothing touches it after).
final class ColdTallyStressTests: XCTestCase {
    /// Threads subscribe to one `createSignal` and end their subscriptions
    /// by disposing them, or leave them to a completion sent from another
    /// thread; two of them subscribe the way a plain thread does, through
    /// the background scheduler (counted when made, disposed perhaps before
    /// the block runs). The counts read every subscription made and none
    /// live.
    func testRacingSubscriptionsAndEndsBalanceTheCount() {
        let kept = Shared<[any RACSubscriber<Int>]>([])
        let keeping = NSLock()
        let signal = RACSignal<Int>.createSignal { subscriber in
            keeping.lock()
            kept.value.append(subscriber)
            keeping.unlock()
            return nil
        }
        /// Completes the subscriptions whose blocks ran so far.
        @Sendable func completeKept() {
            keeping.lock()
            let waiting = kept.value
            kept.value = []
            keeping.unlock()
            waiting.forEach { $0.sendCompleted() }
        }
        let inline = 2, scheduled = 2, perThread = 1_000
        let current = RACScheduler.scheduler()
        runConcurrently(threads: inline + scheduled + 1) { index in
            if index == inline + scheduled {
                for _ in 0..<200 { completeKept() }
            } else if index < inline {
                // Subscribed on this thread, as on a scheduler's: the block
                // runs inside `subscribe`.
                current.performAsCurrentScheduler {
                    for iteration in 0..<perThread {
                        let subscription = iteration % 2 == 0
                            ? signal.subscribeNext { _ in }
                            : signal.map { $0 + 1 }.subscribeNext { _ in }
                        if iteration % 3 != 0 { subscription.dispose() }   // else the completion ends it
                    }
                }
            } else {
                for iteration in 0..<perThread {
                    let subscription = iteration % 2 == 0
                        ? signal.subscribeNext { _ in }
                        : signal.map { $0 + 1 }.subscribeNext { _ in }
                    subscription.dispose()
                }
            }
        }
        completeKept()
        let counts = signal.graphColdTally?.counts
        XCTAssertEqual(counts?.made, (inline + scheduled) * perThread)
        XCTAssertEqual(counts?.live, 0)
    }

    /// Rounds in which the signal is released on one thread while others
    /// end its live subscriptions: whichever is last frees the tally, once.
    func testTheTallyIsFreedOnceWhenTheSignalGoesWhileSubscriptionsEnd() {
        let threads = 3, perThread = 40
        for round in 0..<300 {
            let holder = Shared<RACSignal<Int>?>(RACSignal<Int>.createSignal { _ in RACDisposable {} })
            weak var tally: RACColdTally?
            tally = holder.value?.graphColdTally
            let subscriptions = (0..<threads).map { _ in
                (0..<perThread).map { _ in holder.value!.subscribeNext { _ in } }
            }
            XCTAssertEqual(tally?.counts.live, threads * perThread, "round \(round)")
            runConcurrently(threads: threads + 1) { index in
                if index == threads {
                    holder.value = nil
                } else {
                    subscriptions[index].forEach { $0.dispose() }
                }
            }
            XCTAssertNil(tally, "round \(round): freed after the signal and the last subscription")
        }
    }
}

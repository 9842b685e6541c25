import CShims
@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// An inner signal of `flattenMap` that completes on another thread just as
/// its subscription returns: the subscribing thread's registration and the
/// completion race on the inner sink's registration word, and exactly one
/// of them takes the entry out of the group (RACInnerSink). Every inner
/// signal completes, so none may be left in the group for the whole's end to
/// dispose.
final class FlattenInnerRegistrationStressTests: XCTestCase {
    /// Hands its sink to the completing thread, meets it at a barrier and
    /// returns its subscription, which counts its disposals.
    private final class RacingSignal: RACSignal<Int>, @unchecked Sendable {
        private let barrier: SpinBarrier
        private let handOff: Shared<RACSubscriptionSink<Int>?>
        private let disposals: Tally
        /// Subscriptions so far, and what the delay counts: touched by the
        /// subscribing thread only.
        private var rounds = 0
        private var delay = 0

        init(barrier: SpinBarrier, handOff: Shared<RACSubscriptionSink<Int>?>, disposals: Tally) {
            self.barrier = barrier
            self.handOff = handOff
            self.disposals = disposals
            super.init()
        }

        override class var subscribesSinks: Bool { true }

        override func subscribe(sink: RACSubscriptionSink<Int>) -> RACDisposable {
            handOff.value = sink
            let round = rounds
            rounds += 1
            barrier.arriveAndWait()
            // From none to a few hundred nanoseconds before returning: the
            // completion lands before, inside and after the registration.
            for _ in 0..<(round % 256) { delay &+= 1 }
            return RACDisposable { [disposals] in disposals.add() }
        }
    }

    func testAnInnerSignalCompletingWhileItsSubscriptionReturnsLeavesTheGroup() {
        let rounds = 50_000
        let barrier = SpinBarrier(parties: 2)
        let handOff = Shared<RACSubscriptionSink<Int>?>(nil)
        let disposals = Tally()
        let signal = RacingSignal(barrier: barrier, handOff: handOff, disposals: disposals)
        let outer = RACSubject<Int>()
        let completions = Tally()
        let whole = outer.flattenMap { _ in signal }.subscribeCompleted { completions.add() }
        // Every give-up of a wait so far (a serializer's, key 0) and every
        // disposal that waited a second (key 1).
        let waitsBefore = racs_warning_count(0) + racs_warning_count(1)
        runConcurrently(threads: 2) { role in
            for round in 0..<rounds {
                if role == 0 {
                    outer.sendNext(round)
                } else {
                    barrier.arriveAndWait()
                    handOff.value?.sendCompleted()
                }
                // Both done with this round's sink before the next one.
                barrier.arriveAndWait()
            }
        }
        // Not a time (it was "under a minute": 96 s under Thread Sanitizer
        // at a load of 8): the only way a round is slow for a reason of the
        // code's own is a wait between the two threads (the group's add and
        // removal meet in its serializer) that lasts until the waiter gives
        // up, a second without progress, or a disposal that waits that long
        // and warns. Both are counted by racs_warn_once whatever the load,
        // and none may happen: the two threads never wait for each other
        // for more than a turn of the group's serializer.
        XCTAssertEqual(racs_warning_count(0) + racs_warning_count(1) - waitsBefore, 0,
                       "waits between the two threads that lasted until a give-up or a warning")
        XCTAssertEqual(completions.total, 0, "the receiver has not completed")
        outer.sendCompleted()
        XCTAssertEqual(completions.total, 1)
        XCTAssertTrue(whole.isDisposed)
        XCTAssertEqual(disposals.total, 0, "completed inner subscriptions left in the group, disposed by its end")
    }
}

import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class DisposableStressTests: XCTestCase {
    /// Dispose races the signal's own termination: the cleanup runs exactly
    /// once per subscription.
    func testDisposeRacingTerminationRunsCleanupOnce() {
        let iterations = 10_000
        let cleanups = Tally()
        for iteration in 0..<iterations {
            let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
            let disposable = RACSignal<Int>.createSignal { subscriber in
                escaped.value = subscriber
                return RACDisposable { cleanups.add(iteration) }
            }.subscribeNext { _ in }
            let subscriber = escaped.value!
            escaped.value = nil
            runConcurrently(threads: 2) { index in
                if index == 0 { subscriber.sendCompleted() } else { disposable.dispose() }
            }
        }
        XCTAssertEqual(cleanups.total, iterations)
        for iteration in stride(from: 0, to: iterations, by: 997) {
            XCTAssertEqual(cleanups.count(iteration), 1)
        }
    }

    /// Several threads add while another disposes: every child is disposed
    /// exactly once, whether added before or after the disposal.
    func testCompoundDisposeRacingAdds() {
        let rounds = 2_000
        let threads = 4
        let perThread = 8
        for _ in 0..<rounds {
            let disposals = Tally()
            let compound = RACCompoundDisposable()
            runConcurrently(threads: threads + 1) { index in
                if index == threads {
                    compound.dispose()
                    return
                }
                for child in 0..<perThread {
                    let key = index * perThread + child
                    compound.add(RACDisposable { disposals.add(key) })
                }
            }
            XCTAssertEqual(disposals.total, threads * perThread)
            for key in 0..<(threads * perThread) where disposals.count(key) != 1 {
                XCTFail("child \(key) disposed \(disposals.count(key)) times")
            }
        }
    }

    /// One thread adds a child to an empty compound while another disposes
    /// it. The disposal may find nothing to dispose and skip the serializer;
    /// an add that enters the serializer after that must find the compound
    /// disposed and dispose its child itself. Exactly once either way.
    func testAnAddRacingTheDisposalOfAnEmptyCompoundDisposesTheChildOnce() {
        let rounds = 20_000
        let compounds = (0..<rounds).map { _ in RACCompoundDisposable() }
        let disposals = (0..<rounds).map { _ in Tally() }
        // Both threads start each round together, so that the disposal and
        // the add meet as closely as the scheduler lets them.
        let barrier = SpinBarrier(parties: 2)
        runConcurrently(threads: 2) { index in
            for round in 0..<rounds {
                barrier.arriveAndWait()
                if index == 0 {
                    compounds[round].dispose()
                } else {
                    compounds[round].add(RACDisposable { disposals[round].add(0) })
                }
            }
        }
        for round in 0..<rounds where disposals[round].total != 1 {
            XCTFail("round \(round): the child was disposed \(disposals[round].total) times")
        }
    }

    /// A child added and removed before `dispose()` is called is never
    /// disposed, even when another thread is inside the compound's
    /// serializer at that moment, so that the add, the remove and the
    /// disposal are all handed over and applied later, in that order.
    func testAChildRemovedBeforeTheDisposalIsNotDisposedWhileAnotherThreadIsInside() {
        let rounds = 3_000
        let perRound = 16
        let wronglyDisposed = Tally()
        for _ in 0..<rounds {
            let compound = RACCompoundDisposable()
            runConcurrently(threads: 2) { index in
                if index == 0 {
                    for _ in 0..<perRound {
                        let child = RACDisposable { wronglyDisposed.add(0) }
                        compound.add(child)
                        compound.remove(child)
                    }
                    compound.dispose()
                } else {
                    // Keeps the serializer busy; a child of this thread that
                    // arrives after the disposal is disposed at once, rightly.
                    for _ in 0..<perRound {
                        let child = RACDisposable {}
                        compound.add(child)
                        compound.remove(child)
                    }
                }
            }
        }
        XCTAssertEqual(wronglyDisposed.total, 0, "removed before dispose() was called, yet disposed")
    }

    /// Adds and removes from many threads, then dispose: exactly the children
    /// not removed are disposed, once each.
    func testCompoundAddRemoveThenDispose() {
        let threads = 4
        let perThread = 2_000
        let compound = RACCompoundDisposable()
        let disposals = Tally()
        runConcurrently(threads: threads) { index in
            for child in 0..<perThread {
                let key = index * perThread + child
                let disposable = RACDisposable { disposals.add(key) }
                compound.add(disposable)
                if child % 2 == 0 { compound.remove(disposable) }
            }
        }
        compound.dispose()
        XCTAssertEqual(disposals.total, threads * perThread / 2)
    }

    /// Readers of a serial disposable race writers swapping it: no reader
    /// ever sees a freed disposable (ASan/TSan would report it), and every
    /// swapped-out disposable comes back exactly once.
    func testSerialReadersRaceSwaps() {
        let serial = RACSerialDisposable(disposable: RACDisposable())
        let swaps = 20_000
        let returned = Tally()
        runConcurrently(threads: 4) { index in
            for _ in 0..<swaps {
                if index < 2 {
                    _ = serial.disposable?.isDisposed
                } else if serial.swapIn(RACDisposable()) != nil {
                    returned.add()
                }
            }
        }
        XCTAssertEqual(returned.total, 2 * swaps)
        let last = serial.disposable
        serial.dispose()
        XCTAssertTrue(last?.isDisposed ?? false)
    }

    /// Swaps race the serial's disposal: every disposable swapped in is
    /// either returned by a later swap or disposed, never both, never neither.
    func testSerialSwapsRacingDispose() {
        for _ in 0..<2_000 {
            let serial = RACSerialDisposable()
            let fates = Tally()
            runConcurrently(threads: 3) { index in
                if index == 2 {
                    serial.dispose()
                    return
                }
                for _ in 0..<4 {
                    if let old = serial.swapIn(RACDisposable { fates.add(1) }) {
                        XCTAssertFalse(old.isDisposed)
                        fates.add(2)
                    }
                }
            }
            XCTAssertEqual(fates.count(1) + fates.count(2), 8)
        }
    }

    /// dispose() returns only after every child added before it was called
    /// has been disposed, even while another thread is adding to and
    /// removing from the same compound at that moment (docs/Concurrency.md point 12).
    func testDisposeReturnsAfterEveryChildWhileAnotherThreadAddsAndRemoves() {
        let rounds = 3_000
        let children = 4
        var early = 0
        for _ in 0..<rounds {
            let compound = RACCompoundDisposable()
            let disposed = Atomic<Int>(0)
            for _ in 0..<children {
                compound.add(RACDisposable { disposed.add(1, ordering: .relaxed) })
            }
            let seen = Shared(children)
            runConcurrently(threads: 2) { index in
                if index == 0 {
                    for _ in 0..<64 {
                        let extra = RACDisposable()
                        compound.add(extra)
                        compound.remove(extra)
                    }
                } else {
                    for _ in 0..<32 { compound.remove(nil) }
                    compound.dispose()
                    seen.value = disposed.load(ordering: .relaxed)
                }
            }
            if seen.value != children { early += 1 }
        }
        XCTAssertEqual(early, 0, "rounds in which dispose() returned before its children were disposed")
    }

    /// A child removed on another thread's behalf can be freed by that
    /// removal, and its `deinit` may dispose the very compound (a scoped
    /// disposable of it): that disposal must not wait for the thread it
    /// runs on. The owner lets go of applied operations only after it has
    /// left, so the `deinit` runs outside. (It used to hang every time.)
    func testAChildsDeinitDisposingItsCompoundDoesNotHang() {
        for _ in 0..<3 {
            let compound = RACCompoundDisposable()
            // Many children make each erase slow, so that removes are
            // handed over to the other thread.
            for _ in 0..<5_000 { compound.add(RACDisposable()) }
            let churn = RACDisposable()
            compound.add(churn)
            let done = DispatchSemaphore(value: 0)
            Thread {
                while !compound.isDisposed {
                    compound.remove(churn)
                    compound.add(churn)
                }
                done.signal()
            }.start()
            Thread {
                while !compound.isDisposed {
                    let scoped = RACScopedDisposable(disposable: compound)
                    compound.add(scoped)
                    compound.remove(scoped)
                }
                done.signal()
            }.start()
            XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: the churn thread")
            XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang: the scoped thread")
        }
    }
}

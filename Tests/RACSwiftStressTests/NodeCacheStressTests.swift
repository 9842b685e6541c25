import CShims
@testable import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// The pending nodes' cache under contention (CShims/include/RACNodeCache.h):
/// senders whose hand-overs are applied and given back by whichever thread
/// owns the subject, and senders that exit while their nodes are still
/// queued there. Every value arrives once, in its sender's order, and every
/// element is destroyed once; Thread Sanitizer checks that no node is
/// touched across a reuse or after it was freed.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class NodeCacheStressTests: XCTestCase {
    /// Counts its live instances.
    private final class Payload: Sendable {
        static let live = Atomic<Int>(0)
        let value: Int
        init(_ value: Int) {
            self.value = value
            Payload.live.add(1, ordering: .relaxed)
        }
        deinit { Payload.live.subtract(1, ordering: .relaxed) }
    }

    /// Rounds of four short-lived sender threads into one subject with a
    /// slow subscriber: each thread exits right after its last send, often
    /// with nodes still in the owner's queue, which the owner then frees.
    func testSendersThatExitWithNodesInFlight() {
        let (rounds, threads, perThread) = (40, 4, 300)
        for round in 0..<rounds {
            let subject = RACSubject<Payload>()
            let recorder = OrderRecorder()
            subject.subscribeNext { payload in
                _ = simulatedWork(payload.value)
                recorder.next(payload.value)
            }
            // A second subscriber, so that a delivery lasts while others send.
            subject.subscribeNext { payload in _ = simulatedWork(payload.value) }
            runConcurrently(threads: threads) { thread in
                for sequence in 0..<perThread {
                    subject.sendNext(Payload(thread * FloodObserved.stride + sequence))
                }
            }
            XCTAssertEqual(recorder.values.count, threads * perThread, "round \(round)")
            XCTAssertTrue(recorder.isFIFOPerSender(stride: FloodObserved.stride), "round \(round)")
            XCTAssertEqual(recorder.overlaps, 0, "round \(round)")
            XCTAssertEqual(Payload.live.load(ordering: .relaxed), 0, "round \(round)")
        }
    }

    /// Senders whose caches are used up (more nodes in flight than the
    /// cache makes), so that their hand-overs are plain allocations, into a
    /// subject with a slow subscriber: they wait at the backlog bound on
    /// nodes that the owner is done with as soon as it applies them. The
    /// node must outlive the wait (RACNodeCache.h, point 5). The window is
    /// narrow (a waiter descheduled between the owner's `applied` and its
    /// own load, while the owner ends its drain), so this run exercises the
    /// path rather than catching its race reliably; Thread Sanitizer found
    /// it once in LiveSubscriptionStressTests before the fix.
    func testWaitersOnPlainNodes() {
        let (threads, perThread) = (2, 20_000)
        let subject = RACSubject<Payload>()
        let recorder = OrderRecorder()
        subject.subscribeNext { payload in
            for round in 0..<4 { _ = simulatedWork(payload.value &+ round) }
            recorder.next(payload.value)
        }
        runConcurrently(threads: threads) { thread in
            // Holds more of this thread's nodes than its cache makes.
            let words = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            words.initialize(to: 0)
            let held = RACPendingStack<Payload>(top: RACAtomicWord(words))
            for _ in 0..<Int(RACS_NODE_CACHE_LIMIT) { held.push(Payload(-1)) }
            for sequence in 0..<perThread {
                subject.sendNext(Payload(thread * FloodObserved.stride + sequence))
            }
            held.takeAll { _ in }
            words.deallocate()
        }
        XCTAssertEqual(recorder.values.count, threads * perThread)
        XCTAssertTrue(recorder.isFIFOPerSender(stride: FloodObserved.stride))
        XCTAssertEqual(recorder.overlaps, 0)
        XCTAssertEqual(Payload.live.load(ordering: .relaxed), 0)
    }

    /// Long-lived senders into several subjects at once, each sender's
    /// values crossing to every other thread that owns a subject meanwhile:
    /// nodes go back to their homes from many threads at a time.
    func testNodesGoHomeFromManyOwners() {
        let (subjects, threads, perThread) = (3, 4, 4_000)
        let targets = (0..<subjects).map { _ in RACSubject<Payload>() }
        let recorders = targets.map { subject in
            let recorder = OrderRecorder()
            subject.subscribeNext { payload in recorder.next(payload.value) }
            return recorder
        }
        runConcurrently(threads: threads) { thread in
            for sequence in 0..<perThread {
                targets[(thread + sequence) % subjects].sendNext(Payload(thread * FloodObserved.stride + sequence))
            }
        }
        XCTAssertEqual(recorders.map(\.values.count).reduce(0, +), threads * perThread)
        for recorder in recorders {
            XCTAssertTrue(recorder.isFIFOPerSender(stride: FloodObserved.stride))
            XCTAssertEqual(recorder.overlaps, 0)
        }
        XCTAssertEqual(Payload.live.load(ordering: .relaxed), 0)
    }
}

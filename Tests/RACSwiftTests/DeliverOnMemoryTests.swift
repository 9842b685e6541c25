import Dispatch
@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// `deliverOn`'s queue holds a bounded number of chunks while its
/// scheduler trails the sender, however long the flood lasts
/// (`RACDeliveryQueue`, "Memory").
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class DeliverOnMemoryTests: XCTestCase {
    /// A flood the drain never catches up with: the subscriber keeps at
    /// least `lag` events behind the sender until the last is sent, so the
    /// queue is never empty. Before, a run was joined across chunks and
    /// the drain handed chunks back only when it retired a run, which it
    /// did only once caught up: the queue made a chunk per
    /// `Chunk.capacity` events, 400 here, and kept them all.
    func testAFloodTheDrainNeverCatchesUpReusesItsChunks() {
        let capacity = RACDeliveryChunk<Int>.capacity
        let total = capacity * 400
        let lag = capacity * 3
        let bound = RACDeliveryQueue<Int>.backlogLimit / capacity + 4
        let subject = RACSubject<Int>()
        let sent = AtomicWord()
        let heard = Shared(0)
        let done = DispatchSemaphore(value: 0)
        let before = RACDeliveryChunk<Int>.liveCount
        let scheduler = RACQueueScheduler(name: "DeliverOnMemoryTests", queue: DispatchQueue(label: "DeliverOnMemoryTests"))
        let subscription = subject.deliverOn(scheduler).subscribeNext { value in
            // Polled, not spun: a wait comes once per `lag` events.
            let sentSoFar = { sent.value.load(ordering: .acquiring) }
            if sentSoFar() < min(value + lag, total) {
                XCTAssertTrue(HangGuard.waitUntil { sentSoFar() >= min(value + 2 * lag, total) }, "hang")
            }
            heard.value += 1
            if value == total - 1 { done.signal() }
        }
        for value in 0..<total {
            subject.sendNext(value)
            sent.value.store(value + 1, ordering: .releasing)
        }
        XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success, "hang")
        let made = RACDeliveryChunk<Int>.liveCount - before
        XCTAssertEqual(heard.value, total)
        XCTAssertLessThanOrEqual(made, bound, "chunks made by one queue in a flood of \(total) events")
        subscription.dispose()
    }
}

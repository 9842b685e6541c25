import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// A subject calls its block subscribers' `next` blocks from a dense array
/// of borrowed copies, testing a word of its own before each call instead
/// of the sink's flag, and goes through the sinks once an unsubscribe is in
/// flight or a slot is empty (`RACSubjectCore`, "A value reaches a block
/// subscriber without touching its sink"). These tests race disposals
/// against senders so that the unsubscribes are handed over, and check
/// exactly what each subscriber heard.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class BorrowedBlockStressTests: XCTestCase, @unchecked Sendable {
    /// While three threads send, the first subscriber disposes later ones
    /// from inside its block (the serializer is busy: the unsubscribe is
    /// handed over): a disposed subscriber hears nothing from the delivery
    /// in which it was disposed on, and every other subscriber hears every
    /// value.
    func testDisposalFromInsideADeliveryStopsALaterSubscriberWhileOthersSend() {
        let subject = RACSubject<Int>()
        let victims = 64, keepers = 16, every = 97
        // Written and read only inside deliveries, which the subject
        // serializes.
        let deliveries = Shared(0)
        let disposedAt = Shared([Int](repeating: Int.max, count: victims))
        let heardAfterDisposal = Shared(0)
        let boxes = (0..<victims).map { _ in BorrowedBlockBox() }
        let kept = (0..<keepers).map { _ in Shared(0) }
        subject.subscribeNext { _ in
            deliveries.value += 1
            let delivery = deliveries.value
            guard delivery % every == 0 else { return }
            let victim = delivery / every - 1
            guard victim < victims else { return }
            disposedAt.value[victim] = delivery
            boxes[victim].disposable?.dispose()
        }
        // Victims and keepers interleaved, so the array has live entries
        // after every emptied one.
        for victim in 0..<victims {
            boxes[victim].disposable = subject.subscribeNext { _ in
                if deliveries.value >= disposedAt.value[victim] { heardAfterDisposal.value += 1 }
            }
            if victim % (victims / keepers) == 0 {
                let count = kept[victim / (victims / keepers)]
                subject.subscribeNext { _ in count.value += 1 }
            }
        }
        let senders = 3, perSender = 4_000
        runConcurrently(threads: senders) { _ in
            for value in 0..<perSender { subject.sendNext(value) }
        }
        XCTAssertEqual(deliveries.value, senders * perSender)
        XCTAssertFalse(disposedAt.value.contains(Int.max), "every victim was disposed")
        XCTAssertEqual(heardAfterDisposal.value, 0, "a victim heard a value from its disposal on")
        XCTAssertEqual(kept.map(\.value), Array(repeating: senders * perSender, count: keepers))
    }

    /// One thread subscribes and disposes while two flood the subject:
    /// a disposal that finds the serializer busy hands its unsubscribe
    /// over and returns, and values queued before it are delivered after it
    /// returned. No delivery that begins after a delivery which saw the
    /// disposal returned reaches the disposed subscriber; the steady
    /// subscribers hear every value.
    func testNoDeliveryStartedAfterADisposalReturnedReachesItsSubscriber() {
        let subject = RACSubject<Int>()
        let steady = 32, rounds = 1_000, perSender = 50_000
        // The last round whose dispose() has returned (release by the
        // disposer, acquire in the first subscriber's block).
        let returnedRound = Atomic<Int>(-1)
        // Inside deliveries only: the round the previous delivery saw as
        // returned (so this delivery started after it returned).
        let seenBefore = Shared(-1)
        let seenNow = Shared(-1)
        let late = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let counts = (0..<steady).map { _ in Shared(0) }
        subject.subscribeNext { value in
            seenBefore.value = seenNow.value
            seenNow.value = returnedRound.load(ordering: .acquiring)
            // A slower delivery: values queue up behind it.
            blackHole(simulatedWork(value))
        }
        for index in 0..<steady {
            let count = counts[index]
            subject.subscribeNext { _ in count.value += 1 }
        }
        let sent = Atomic<Int>(0)
        // Four senders keep the serializer busy, so that most disposals
        // hand their unsubscribe over behind values still to deliver.
        runConcurrently(threads: 5) { thread in
            if thread == 0 {
                for round in 0..<rounds {
                    let heard = Atomic<Bool>(false)
                    let disposable = subject.subscribeNext { _ in
                        if seenBefore.value >= round { late.add(1, ordering: .relaxed) }
                        heard.store(true, ordering: .releasing)
                    }
                    // Disposed once it hears values (its slot is in, and
                    // values are queued behind the one it heard, ahead of
                    // the unsubscribe), or after a millisecond.
                    let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000
                    while !heard.load(ordering: .acquiring), DispatchTime.now().uptimeNanoseconds < deadline {}
                    disposable.dispose()
                    returnedRound.store(round, ordering: .releasing)
                }
                stop.store(true, ordering: .releasing)
            } else {
                var value = 0
                while value < perSender, !stop.load(ordering: .acquiring) {
                    subject.sendNext(value)
                    value += 1
                }
                sent.add(value, ordering: .relaxed)
            }
        }
        XCTAssertEqual(late.load(ordering: .relaxed), 0, "a disposed subscriber heard a delivery begun after its dispose() returned")
        let total = sent.load(ordering: .relaxed)
        XCTAssertEqual(counts.map(\.value), Array(repeating: total, count: steady))
    }
}

/// Holds a subscription's disposable for a block. Test scaffolding: set
/// before the first send, read only inside deliveries.
@inline(never)
private func blackHole(_ value: Int) {
    if value == .min { print(value) }
}

private final class BorrowedBlockBox: @unchecked Sendable {
    var disposable: RACDisposable?
}

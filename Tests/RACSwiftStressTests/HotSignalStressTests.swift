import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// A hot signal under threads that subscribe, dispose and send at once: its
/// operators' blocks run once per event, every connection made is
/// disposed, and no subscription is left live.
final class HotSignalStressTests: XCTestCase {
    /// A cold source over `feed` that counts its subscriptions and their
    /// disposals.
    private final class CountedSource: Sendable {
        let feed = RACSubject<Int>()
        let subscriptions = Atomic(0)
        let disposals = Atomic(0)

        var signal: RACSignal<Int> {
            RACSignal<Int>.createSignal { [self] subscriber in
                subscriptions.add(1, ordering: .relaxed)
                let inner = feed.subscribe(subscriber)
                return RACDisposable { [self] in
                    disposals.add(1, ordering: .relaxed)
                    inner.dispose()
                }
            }
        }
    }

    /// One subscriber stays while others come and go on four threads and a
    /// fifth sends: the map block runs exactly once per value sent, the
    /// staying subscriber hears every value in order, and the source is
    /// subscribed once.
    func testABlockRunsOncePerEventWhileSubscribersComeAndGo() {
        let source = CountedSource()
        let runs = Atomic(0)
        let mapped = source.signal.hot().map { value -> Int in
            runs.add(1, ordering: .relaxed)
            return value
        }
        let heard = Shared<[Int]>([])
        let staying = mapped.subscribeNext { heard.value.append($0) }
        let values = 20_000
        let before = RACLiveSubscriptions.count
        runConcurrently(threads: 5) { index in
            if index == 4 {
                for value in 0..<values { source.feed.sendNext(value) }
                return
            }
            for _ in 0..<2_000 { mapped.subscribeNext { _ in }.dispose() }
        }
        XCTAssertEqual(runs.load(ordering: .relaxed), values, "once per event, whatever the subscribers")
        XCTAssertEqual(heard.value, Array(0..<values))
        XCTAssertEqual(source.subscriptions.load(ordering: .relaxed), 1)
        XCTAssertEqual(RACLiveSubscriptions.count, before, "every coming and going subscription ended")
        staying.dispose()
        XCTAssertEqual(source.disposals.load(ordering: .relaxed), 1)
    }

    /// Subscribers come and go on four threads with none staying, so the
    /// connection is made and cancelled over and over, racing itself, while
    /// a fifth thread sends: every connection made is disposed, and nothing
    /// is left live. (That no delivery begun after a `dispose()` returned
    /// reaches its subscriber is the subject core's guarantee, which a hot
    /// signal's subscriptions are: BorrowedBlockStressTests checks it.)
    func testEveryConnectionMadeIsDisposed() {
        let source = CountedSource()
        let hot = source.signal.hot().filter { $0 >= 0 }
        let sending = Atomic(true)
        let before = RACLiveSubscriptions.count
        runConcurrently(threads: 5) { index in
            if index == 4 {
                var value = 0
                while sending.load(ordering: .relaxed) {
                    source.feed.sendNext(value)
                    value += 1
                }
                return
            }
            for iteration in 0..<3_000 {
                let subscription = hot.subscribeNext { _ in }
                if iteration % 3 == 0 { sched_yield() }
                subscription.dispose()
            }
            if index == 0 { sending.store(false, ordering: .relaxed) }
        }
        XCTAssertGreaterThan(source.subscriptions.load(ordering: .relaxed), 0)
        XCTAssertEqual(source.disposals.load(ordering: .relaxed), source.subscriptions.load(ordering: .relaxed),
                       "every connection made is disposed")
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }
}

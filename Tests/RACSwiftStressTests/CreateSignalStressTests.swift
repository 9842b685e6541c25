import RACSwift
import RACSwiftTestSupport
import XCTest

/// A `createSignal` block may send from several threads at once: its
/// subscriber must still receive one event at a time (RAC 2.5 took
/// `@synchronized` for this), and a terminal event must never release the
/// blocks while a racing `next` is still running them.
///
/// Each test runs twice: with the block subscriber as the `createSignal`
/// block's subscriber, and with an operator between them, where the block
/// receives a `RACSourceSubscriber` in front of the operator's sink.
final class CreateSignalStressTests: XCTestCase {
    /// What stands between the source and the blocks.
    private static let routes: [(String, @Sendable (RACSignal<Int>) -> RACSignal<Int>)] = [
        ("direct", { $0 }),
        ("through map", { $0.map { $0 } }),
    ]

    func testRacingSendersAreSerialized() {
        for (route, through) in Self.routes {
            let perThread = 20_000
            let recorder = OrderRecorder()
            let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
            through(RACSignal<Int>.createSignal { subscriber in
                escaped.value = subscriber
                return nil
            }).subscribeNext({ recorder.next($0) }, completed: { recorder.terminal() })
            let subscriber = escaped.value!
            escaped.value = nil
            runConcurrently(threads: 4) { sender in
                for sequence in 0..<perThread { subscriber.sendNext(sender * 1_000_000 + sequence) }
            }
            subscriber.sendCompleted()
            XCTAssertTrue(recorder.waitForTerminal(), "hang: \(route): no terminal event")
            XCTAssertEqual(recorder.overlaps, 0, "\(route): no two events at once")
            XCTAssertEqual(recorder.values.count, 4 * perThread, route)
            XCTAssertTrue(recorder.isFIFOPerSender(stride: 1_000_000), route)
        }
    }

    func testNextRacingCompletedNeverOutlivesTheBlocks() {
        for (_, through) in Self.routes {
            for _ in 0..<1_000 {
                // @unchecked Sendable: test scaffolding, used one thread at a time.
                final class Box: @unchecked Sendable { var count = 0 }
                let recorder = OrderRecorder()
                let box = Box()
                let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
                through(RACSignal<Int>.createSignal { subscriber in
                    escaped.value = subscriber
                    return nil
                }).subscribeNext({ value in
                    box.count += 1
                    recorder.next(value)
                }, completed: { recorder.terminal() })
                let subscriber = escaped.value!
                escaped.value = nil
                runConcurrently(threads: 2) { index in
                    if index == 0 {
                        for value in 0..<50 { subscriber.sendNext(value) }
                    } else {
                        subscriber.sendCompleted()
                    }
                }
                XCTAssertTrue(recorder.waitForTerminal(), "hang: no terminal event")
                XCTAssertEqual(recorder.terminals, 1)
                XCTAssertEqual(recorder.eventsAfterTerminal, 0)
                XCTAssertEqual(recorder.overlaps, 0)
            }
        }
    }

    /// Disposal racing a sender: the blocks, which disposal releases, are
    /// never released while the racing delivery is still running them, and
    /// are released once it ends, though the source keeps the subscriber.
    /// (A release during the delivery is a use after free, which the
    /// sanitizers report.)
    func testDisposalRacingASenderReleasesTheBlocksAfterTheDelivery() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Counter: @unchecked Sendable { var count = 0 }
        for (_, through) in Self.routes {
            for _ in 0..<1_000 {
                weak var weakCounter: Counter?
                let kept = Shared<(any RACSubscriber<Int>)?>(nil)
                let disposable: RACDisposable = {
                    let counter = Counter()
                    weakCounter = counter
                    return through(RACSignal<Int>.createSignal { subscriber in
                        kept.value = subscriber
                        return nil
                    }).subscribeNext { _ in counter.count += 1 }
                }()
                let subscriber = kept.value!
                kept.value = nil
                runConcurrently(threads: 2) { index in
                    if index == 0 {
                        for value in 0..<50 { subscriber.sendNext(value) }
                    } else {
                        disposable.dispose()
                    }
                }
                XCTAssertNil(weakCounter, "released after disposal, though the subscriber is kept")
                subscriber.sendNext(50)
            }
        }
    }
}

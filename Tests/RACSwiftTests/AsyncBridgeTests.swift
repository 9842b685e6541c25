import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `values`, the async reads, `fromTask` and `rac_signal`.
final class AsyncBridgeTests: XCTestCase {
    private struct Failure: Error, Equatable { let code: Int }

    /// A cold signal of 0..<count on a background thread, recording whether
    /// its subscription was disposed. Test scaffolding.
    private final class Source: @unchecked Sendable {
        let disposed = RACDisposable()
        let signal: RACSignal<Int>

        init(count: Int, failing: Bool = false) {
            let disposed = disposed
            signal = RACSignal<Int>.createSignal { subscriber in
                DispatchQueue.global().async {
                    for value in 0..<count where !disposed.isDisposed { subscriber.sendNext(value) }
                    if failing { subscriber.sendError(Failure(code: 1)) } else { subscriber.sendCompleted() }
                }
                return disposed
            }
        }
    }

    func testValuesIteratesEveryValueThenEnds() async throws {
        var seen: [Int] = []
        for try await value in Source(count: 5).signal.values { seen.append(value) }
        XCTAssertEqual(seen, [0, 1, 2, 3, 4])
    }

    func testValuesThrowsTheSignalsError() async {
        var seen: [Int] = []
        do {
            for try await value in Source(count: 2, failing: true).signal.values { seen.append(value) }
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error as? Failure, Failure(code: 1))
        }
        XCTAssertEqual(seen, [0, 1])
    }

    // The signals here are subscribed from a task's thread, so their blocks
    // run on a background scheduler, and the disposable a block returns
    // is disposed once the block has returned it: the tests wait for it.

    func testLeavingTheLoopDisposesTheSubscription() async throws {
        let subject = RACSubject<Int>()
        let disposed = expectation(description: "disposed")
        let signal = RACSignal<Int>.createSignal { subscriber in
            let inner = subject.subscribe(subscriber)
            return RACDisposable { disposed.fulfill(); inner.dispose() }
        }
        // The loop subscribes in the background: feed until it has left.
        let feeder = Task.detached {
            var value = 0
            while !Task.isCancelled {
                subject.sendNext(value)
                value += 1
                await Task.yield()
            }
        }
        for try await value in signal.values where value >= 2 { break }
        feeder.cancel()
        await fulfillment(of: [disposed], timeout: HangGuard.seconds)
    }

    func testCancellingTheIteratingTaskDisposesTheSubscription() async throws {
        // A replay subject: the task subscribes after the send.
        let subject = RACReplaySubject<Int>()
        let disposed = expectation(description: "disposed")
        let signal = RACSignal<Int>.createSignal { subscriber in
            let inner = subject.subscribe(subscriber)
            return RACDisposable { disposed.fulfill(); inner.dispose() }
        }
        let started = expectation(description: "iterating")
        let loop = Task {
            var count = 0
            for try await _ in signal.values {
                count += 1
                if count == 1 { started.fulfill() }
            }
            return count
        }
        subject.sendNext(1)
        await fulfillment(of: [started], timeout: HangGuard.seconds)
        loop.cancel()
        let count = try await loop.value
        XCTAssertEqual(count, 1)
        await fulfillment(of: [disposed], timeout: HangGuard.seconds)
    }

    func testAsyncReads() async throws {
        let first = try await Source(count: 3).signal.first()
        XCTAssertEqual(first, 0)
        let none = try await RACSignal<Int>.empty().first()
        XCTAssertNil(none)
        let all = try await Source(count: 4).signal.toArray()
        XCTAssertEqual(all, [0, 1, 2, 3])
        try await Source(count: 2).signal.waitUntilCompleted()
        do {
            _ = try await Source(count: 1, failing: true).signal.toArray()
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error as? Failure, Failure(code: 1))
        }
    }

    func testCancellingAnAsyncReadDisposesAndThrows() async {
        let subscribed = expectation(description: "subscribed")
        let disposed = expectation(description: "disposed")
        // Subscribed from a task's thread, the block runs on a background
        // scheduler (the subscription scheduler); its disposable is disposed
        // once the block has returned it.
        let signal = RACSignal<Int>.createSignal { _ in
            subscribed.fulfill()
            return RACDisposable { disposed.fulfill() }
        }
        let read = Task { try await signal.first() }
        await fulfillment(of: [subscribed], timeout: HangGuard.seconds)
        read.cancel()
        do {
            _ = try await read.value
            XCTFail("no error")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
        await fulfillment(of: [disposed], timeout: HangGuard.seconds)
    }

    func testAnAsyncReadCancelledBeforeItStartsNeverSubscribes() async {
        let subscribed = RACDisposable()
        let signal = RACSignal<Int>.createSignal { _ in
            subscribed.dispose()
            return nil
        }
        let read = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await signal.first()
        }
        do {
            _ = try await read.value
            XCTFail("no error")
        } catch {
            XCTAssertTrue(error is CancellationError)
        }
        XCTAssertFalse(subscribed.isDisposed)
    }

    func testFromTaskSendsCompletesAndFails() async throws {
        let values = RACSignal<Int>.fromTask { subscriber in
            for value in 1...3 { subscriber.sendNext(value) }
        }
        let all = try await values.toArray()
        XCTAssertEqual(all, [1, 2, 3])
        let failing = RACSignal<Int>.fromTask { subscriber in
            subscriber.sendNext(1)
            throw Failure(code: 7)
        }
        do {
            _ = try await failing.toArray()
            XCTFail("no error")
        } catch {
            XCTAssertEqual(error as? Failure, Failure(code: 7))
        }
    }

    func testDisposingAFromTaskSubscriptionCancelsTheTask() {
        let cancelled = expectation(description: "task cancelled")
        let signal = RACSignal<Int>.fromTask { subscriber in
            subscriber.sendNext(1)
            do {
                try await Task.sleep(nanoseconds: 60_000_000_000)
            } catch {
                cancelled.fulfill()
                throw error
            }
        }
        let first = expectation(description: "first value")
        let events = SchedulerTestBox<[RACEvent<Int>]>([])
        let subscription = signal.materialize().subscribeNext { event in
            events.mutate { $0.append(event) }
            if event == .next(1) { first.fulfill() }
        }
        wait(for: [first], timeout: HangGuard.seconds)
        subscription.dispose()
        wait(for: [cancelled], timeout: HangGuard.seconds)
        XCTAssertEqual(events.value, [.next(1)], "the cancellation's error reaches nobody")
    }

    func testAsyncSequenceAsASignal() async throws {
        let stream = AsyncStream<Int> { continuation in
            for value in 0..<4 { continuation.yield(value) }
            continuation.finish()
        }
        let all = try await stream.rac_signal.toArray()
        XCTAssertEqual(all, [0, 1, 2, 3])
    }
}

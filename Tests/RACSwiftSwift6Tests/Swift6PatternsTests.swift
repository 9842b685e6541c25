import Dispatch
import Foundation
import RACSwift
import Synchronization
import XCTest

// Built in Swift 6 language mode, without `@preconcurrency import`: what a
// Swift 6 user writes. Every closure below is checked by the compiler for
// data races; these tests are the patterns that must compile and work.

/// A count that threads add to: what a Swift 6 user would reach for.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class Count: Sendable {
    private let value = Atomic<Int>(0)
    func add() { value.add(1, ordering: .relaxed) }
    var total: Int { value.load(ordering: .relaxed) }
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class Swift6PatternsTests: XCTestCase {
    func testSendingFromDispatchTasksAndThreads() async {
        let subject = RACSubject<Int>()
        let count = Count()
        subject.subscribeNext { _ in count.add() }

        let group = DispatchGroup()
        for value in 0..<100 {
            DispatchQueue.global().async(group: group) { subject.sendNext(value) }
        }
        group.wait()
        DispatchQueue.concurrentPerform(iterations: 100) { subject.sendNext($0) }
        await withTaskGroup(of: Void.self) { tasks in
            for value in 0..<100 { tasks.addTask { subject.sendNext(value) } }
        }
        await Task.detached { subject.sendNext(-1) }.value
        XCTAssertEqual(count.total, 301)
    }

    func testADisposableDisposedFromATask() async {
        let subject = RACSubject<Int>()
        let count = Count()
        let subscription = subject.subscribeNext { _ in count.add() }
        subject.sendNext(1)
        await Task.detached { subscription.dispose() }.value
        subject.sendNext(2)
        XCTAssertTrue(subscription.isDisposed)
        XCTAssertEqual(count.total, 1, "nothing after dispose() returned")
    }

    func testValuesLeftEarlyDisposesTheSource() async throws {
        // Subscribed from a task's thread, the block runs on a background
        // scheduler; its disposable is disposed once the block returned it.
        let stopped = RACDisposable()
        let disposed = expectation(description: "disposed")
        let source = RACSignal<Int>.createSignal { subscriber in
            DispatchQueue.global().async {
                for value in 0..<1_000 where !stopped.isDisposed { subscriber.sendNext(value) }
            }
            return RACDisposable { stopped.dispose(); disposed.fulfill() }
        }
        var seen: [Int] = []
        for try await value in source.values {
            seen.append(value)
            if value == 2 { break }
        }
        XCTAssertEqual(seen, [0, 1, 2])
        await fulfillment(of: [disposed], timeout: hangGuardSeconds)
    }

    /// The bounded bridge, iterated from a main-actor task in Swift 6
    /// mode: a thread floods, the loop takes every value in order.
    @MainActor
    func testABoundedValuesLoopOnTheMainActor() async throws {
        let subject = RACSubject<Int>()
        let values = subject.values(bufferingPolicy: .bounded(4))
        Thread {
            for value in 0..<500 { subject.sendNext(value) }
            subject.sendCompleted()
        }.start()
        var seen: [Int] = []
        for try await value in values { seen.append(value) }
        XCTAssertEqual(seen, Array(0..<500))
        var newest: [Int] = []
        let dropping = subject.values(bufferingPolicy: .bufferingNewest(1))
        for try await value in dropping { newest.append(value) }
        XCTAssertEqual(newest, [], "a completed subject sends nothing more")
    }

    func testCancellingTheLoopDisposesTheSource() async throws {
        let disposed = expectation(description: "disposed")
        let subject = RACReplaySubject<Int>()
        let source = RACSignal<Int>.createSignal { subscriber in
            RACCompoundDisposable(disposables: [subject.subscribe(subscriber), RACDisposable { disposed.fulfill() }])
        }
        subject.sendNext(1)
        let iterating = expectation(description: "iterating")
        let loop = Task {
            var count = 0
            for try await _ in source.values {
                count += 1
                if count == 1 { iterating.fulfill() }
            }
            return count
        }
        await fulfillment(of: [iterating], timeout: hangGuardSeconds)
        loop.cancel()
        let count = try await loop.value
        XCTAssertEqual(count, 1)
        await fulfillment(of: [disposed], timeout: hangGuardSeconds)
    }

    func testAsyncReads() async throws {
        let signal = RACSignal<Int>.fromTask { subscriber in
            for value in 1...3 { subscriber.sendNext(value) }
        }
        let first = try await signal.first()
        let all = try await signal.toArray()
        try await signal.waitUntilCompleted()
        XCTAssertEqual(first, 1)
        XCTAssertEqual(all, [1, 2, 3])
    }

    func testFromTaskErrorsAndCancellation() async throws {
        struct Failed: Error {}
        let failing = RACSignal<Int>.fromTask { _ in throw Failed() }
        do {
            _ = try await failing.toArray()
            XCTFail("no error")
        } catch {
            XCTAssertTrue(error is Failed)
        }

        let cancelled = expectation(description: "cancelled")
        let sleeping = RACSignal<Int>.fromTask { subscriber in
            subscriber.sendNext(1)
            do { try await Task.sleep(nanoseconds: 60_000_000_000) } catch { cancelled.fulfill() }
        }
        let first = expectation(description: "first")
        let subscription = sleeping.subscribeNext { _ in first.fulfill() }
        await fulfillment(of: [first], timeout: hangGuardSeconds)
        subscription.dispose()
        await fulfillment(of: [cancelled], timeout: hangGuardSeconds)
    }

    func testAnAsyncSequenceAsASignal() async throws {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        for value in 0..<3 { continuation.yield(value) }
        continuation.finish()
        let all = try await stream.rac_signal.toArray()
        XCTAssertEqual(all, [0, 1, 2])
    }

    func testTheMainActorViewModelPattern() async {
        let model = await SearchViewModel()
        await model.type("swift")                   // sent on the main actor: delivered at once
        await Task.detached { model.query.sendNext("rac") }.value
        let results = await model.results
        XCTAssertEqual(results, ["SWIFT", "RAC"])
    }
}

/// The pattern of docs/Concurrency.md: a main-actor view model. Its
/// operator closures are `@Sendable`, so they cannot touch the model's
/// state; the last step is delivered on the main thread and says so with
/// `MainActor.assumeIsolated`, which checks it.
@MainActor
final class SearchViewModel {
    let query = RACSubject<String>()
    private(set) var results: [String] = []

    init() {
        query
            .map { $0.uppercased() }
            .deliverOnMainThread()
            .subscribeNext { [weak self] text in
                MainActor.assumeIsolated { self?.results.append(text) }
            }
    }

    func type(_ text: String) {
        query.sendNext(text)
    }
}

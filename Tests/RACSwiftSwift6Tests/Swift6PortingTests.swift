import Foundation
import RACSwift
import Synchronization
import XCTest

// Swift 6 language mode: the RAC 2.5 lines of issue 24 that did not compile
// (API.md, "Round 3 additions"; docs/Porting.md, "Swift 6"), as call sites,
// with RAC's outputs. The same lines in Swift 5 mode are in
// Tests/RACSwiftTests/PortingCallSitesTests.swift.

/// A plain class: not Sendable, not isolated, as most RAC-era code is.
final class Label {
    var text = ""
}

/// UI-style code: a main-actor controller whose blocks touch its own state,
/// a non-Sendable object, a captured `var` and a local helper function.
@MainActor
final class CounterController {
    private(set) var total = 0
    let label = Label()
    private(set) var finished = false

    func bind(_ numbers: RACSignal<Int>) {
        var count = 0
        func describe(_ value: Int) -> String { "\(count): \(value)" }
        numbers.subscribeNext(on: .main) { [weak self] value in
            count += 1
            guard let self else { return }
            self.total += value
            self.label.text = describe(value)
        } completed: { [weak self] in
            self?.finished = true
        }
    }
}

/// A plain (non-Sendable) class whose binding method is on the main actor:
/// `[weak self]` in a main-actor block compiles.
final class PlainController {
    var seen: [String] = []

    @MainActor
    func bind(_ texts: RACSignal<String>) {
        texts.subscribeNext(on: .main) { [weak self] text in self?.seen.append(text) }
    }
}

final class Swift6PortingTests: XCTestCase {
    func testMergeOfSeparateSignals() async throws {
        let a = RACSignal.return(1), b = RACSignal.return(2), c = RACSignal.return(3)
        let both: RACSignal<Int> = RACSignal.merge(a, b)
        let three: RACSignal<Int> = RACSignal.merge(a, b, c)
        let bothValues = try await both.toArray()
        let threeValues = try await three.toArray()
        XCTAssertEqual(bothValues, [1, 2])
        XCTAssertEqual(threeValues, [1, 2, 3])
    }

    func testCombineLatestThenReduceEach() async throws {
        let a = RACReplaySubject<Int>(), b = RACReplaySubject<Int>()
        a.sendNext(1)
        b.sendNext(10)
        a.sendCompleted()
        b.sendCompleted()
        let sums = try await RACSignal.combineLatest(a, b).reduceEach { x, y in x + y }.toArray()
        XCTAssertEqual(sums, [11])
    }

    func testASequenceSignalAsAProperty() async throws {
        let values = try await [1, 2, 3].rac_sequence.signal.toArray()
        XCTAssertEqual(values, [1, 2, 3])
        let again = try await [4, 5].rac_sequence.signal().toArray()
        XCTAssertEqual(again, [4, 5])
    }

    func testReduceApplyAndReduceEachOnLabeledTuples() async throws {
        let applied: RACSignal<Int> = RACSignal.return(({ @Sendable (x: Int, y: Int) in x + y }, 1, 2)).reduceApply()
        let sum = try await applied.first()
        XCTAssertEqual(sum, 3)
        let lines: RACSequence<String> = ["k": 1].rac_sequence.reduceEach { key, value in "\(key)=\(value)" }
        XCTAssertEqual(lines.array, ["k=1"])
    }

    func testTheSequenceOperators() {
        let s: RACSequence<Int> = [1, 2, 3, 4].rac_sequence
        let bound: RACSequence<Int> = s.bind { { value, stop in
            if value == 3 { stop = true }
            return RACSequence.return(value * 10)
        } }
        let pairs: RACSequence<(Int, String)> = s.zipWith(["a", "b", "c", "d"].rac_sequence)
        let joined: RACSequence<String> = pairs.reduceEach { n, t in "\(n)\(t)" }
        let columns: RACSequence<[Int]> = RACSequence.zip([s, s.map { $0 * 2 }])
        let sums: RACSequence<Int> = RACSequence.zip(s, s, reduce: { $0 + $1 })
        let chained: RACSequence<Int> = RACSequence.concat([s, s])
        let indexed: RACSequence<Int> = s.scanWithStart(0, reduceWithIndex: { acc, v, i in acc + v * i })
        XCTAssertEqual(bound.array, [10, 20, 30])
        XCTAssertEqual(joined.array, ["1a", "2b", "3c", "4d"])
        XCTAssertEqual(columns.array, [[1, 2], [2, 4], [3, 6], [4, 8]])
        XCTAssertEqual(sums.array, [2, 4, 6, 8])
        XCTAssertEqual(chained.array, [1, 2, 3, 4, 1, 2, 3, 4])
        XCTAssertEqual(indexed.array, [0, 2, 8, 20])
    }

    /// Off the main actor, the language's rules stand: a local function
    /// used in a block says `@Sendable`, and a count is an atomic.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func testBlocksOffTheMainActor() async throws {
        let offset = 100
        @Sendable func load(_ id: Int) -> RACSignal<Int> { RACSignal.return(id + offset) }
        let count = Atomic<Int>(0)
        let loaded = try await RACSignal.merge(RACSignal.return(1), RACSignal.return(2))
            .flattenMap { load($0) }
            .doNext { _ in count.add(1, ordering: .relaxed) }
            .toArray()
        XCTAssertEqual(loaded, [101, 102])
        XCTAssertEqual(count.load(ordering: .relaxed), 2)
    }

    @MainActor
    func testAMainActorControllerHearsOtherThreads() async {
        let numbers = RACSubject<Int>()
        let controller = CounterController()
        controller.bind(numbers)
        // Subscribed after the controller: its completion is queued on the
        // main queue after the controller's.
        let done = expectation(description: "completed")
        numbers.subscribeCompleted(on: .main) { done.fulfill() }
        numbers.sendNext(5)
        XCTAssertEqual(controller.total, 5, "sent on the main actor: delivered before sendNext returns")
        XCTAssertEqual(controller.label.text, "1: 5")
        await Task.detached {
            numbers.sendNext(7)
            numbers.sendCompleted()
        }.value
        await fulfillment(of: [done], timeout: hangGuardSeconds)
        XCTAssertTrue(controller.finished)
        XCTAssertEqual(controller.total, 12)
        XCTAssertEqual(controller.label.text, "2: 7")
    }

    @MainActor
    func testAPlainClassWithAMainActorMethod() async {
        let texts = RACReplaySubject<String>()
        let controller = PlainController()
        controller.bind(texts)
        let heard = expectation(description: "heard")
        texts.subscribeNext(on: .main) { _ in heard.fulfill() }
        DispatchQueue.global().async { texts.sendNext("a") }
        await fulfillment(of: [heard], timeout: hangGuardSeconds)
        XCTAssertEqual(controller.seen, ["a"])
    }

    @MainActor
    func testErrorsReachTheMainActor() async {
        struct Failed: Error {}
        var failures = 0
        RACSignal<Int>.error(Failed()).subscribeError(on: .main) { error in
            if error is Failed { failures += 1 }
        }
        XCTAssertEqual(failures, 1, "sent on the main thread: at once")
        let subject = RACSubject<Int>()
        var completions = 0
        let done = expectation(description: "completed")
        subject.subscribeError(on: .main, { _ in XCTFail("no error") }, completed: {
            completions += 1
            done.fulfill()
        })
        DispatchQueue.global().async { subject.sendCompleted() }
        await fulfillment(of: [done], timeout: hangGuardSeconds)
        XCTAssertEqual(completions, 1)
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// The RAC 2.5 lines of issue 24 that did not compile, as call sites
/// (API.md, "Round 3 additions"), in Swift 5 mode, with RAC's outputs.
/// Tests/RACSwiftSwift6Tests/Swift6PortingTests.swift has the same lines in
/// Swift 6 mode.
final class PortingCallSitesTests: XCTestCase {
    func testMergeOfSeparateSignals() throws {
        let a = RACSignal.return(1), b = RACSignal.return(2), c = RACSignal.return(3)
        let both: RACSignal<Int> = RACSignal.merge(a, b)
        let three: RACSignal<Int> = RACSignal.merge(a, b, c)
        XCTAssertEqual(try both.toArray(), [1, 2])
        XCTAssertEqual(try three.toArray(), [1, 2, 3])
        XCTAssertEqual(try RACSignal.merge([a, b]).toArray(), [1, 2], "the array form stays")
    }

    func testCombineLatestThenReduceEach() {
        // RAC's `combineLatest:@[a, b] reduceEach:` reads, with the signals
        // given one by one (the array form sends arrays: see Porting.md).
        let a = RACSubject<Int>(), b = RACSubject<Int>()
        let sums = Shared<[Int]>([])
        RACSignal.combineLatest(a, b).reduceEach { x, y in x + y }.subscribeNext { sums.value.append($0) }
        a.sendNext(1)
        b.sendNext(10)
        a.sendNext(2)
        XCTAssertEqual(sums.value, [11, 12])
    }

    func testASequenceSignalAsAProperty() throws {
        let values = Shared<[Int]>([])
        let done = expectation(description: "completed")
        [1, 2, 3].rac_sequence.signal.subscribeNext({ values.value.append($0) }, completed: { done.fulfill() })
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, [1, 2, 3])
        XCTAssertEqual(try [4, 5].rac_sequence.signal().toArray(), [4, 5], "the method form stays")
    }

    func testReduceApplyOnSendableFunctions() throws {
        let applied: RACSignal<Int> = RACSignal.return(({ @Sendable (x: Int, y: Int) in x + y }, 1, 2)).reduceApply()
        XCTAssertEqual(applied.first(), 3)
        let negate: @Sendable (Int) -> Int = { -$0 }
        XCTAssertEqual(RACSignal.return((negate, 4)).reduceApply().first(), -4)
        let sum3: @Sendable (Int, Int, Int) -> Int = { $0 + $1 + $2 }
        XCTAssertEqual(RACSignal.return((sum3, 1, 2, 3)).reduceApply().first(), 6)
        let plain: (Int, Int) -> Int = { $0 * $1 }
        XCTAssertEqual(RACSignal.return((plain, 3, 4)).reduceApply().first(), 12, "plain functions still")
    }

    func testReduceEachOnKeyValuePairs() throws {
        let lines: RACSequence<String> = ["k": 1].rac_sequence.reduceEach { key, value in "\(key)=\(value)" }
        XCTAssertEqual(lines.array, ["k=1"])
        let pairs = ["a": 1, "b": 2].rac_sequence.signal(with: .immediateScheduler)
        XCTAssertEqual(try pairs.reduceEach { key, value in "\(key)\(value)" }.toArray().sorted(), ["a1", "b2"])
    }

    func testTheSequenceOperators() {
        let s: RACSequence<Int> = [1, 2, 3, 4].rac_sequence
        let bound: RACSequence<Int> = s.bind { { value, stop in
            if value == 3 { stop = true }
            return RACSequence.return(value * 10)
        } }
        XCTAssertEqual(bound.array, [10, 20, 30])
        let pairs: RACSequence<(Int, String)> = s.zipWith(["a", "b", "c", "d"].rac_sequence)
        let joined: RACSequence<String> = pairs.reduceEach { n, t in "\(n)\(t)" }
        XCTAssertEqual(joined.array, ["1a", "2b", "3c", "4d"])
        let columns: RACSequence<[Int]> = RACSequence.zip([s, s.map { $0 * 2 }])
        XCTAssertEqual(columns.array, [[1, 2], [2, 4], [3, 6], [4, 8]])
        let sums: RACSequence<Int> = RACSequence.zip(s, s, reduce: { $0 + $1 })
        XCTAssertEqual(sums.array, [2, 4, 6, 8])
        let chained: RACSequence<Int> = RACSequence.concat([s, s])
        XCTAssertEqual(chained.array, [1, 2, 3, 4, 1, 2, 3, 4])
        let indexed: RACSequence<Int> = s.scanWithStart(0, reduceWithIndex: { acc, v, i in acc + v * i })
        XCTAssertEqual(indexed.array, [0, 2, 8, 20])
    }

    @MainActor
    func testAMainActorSubscriber() async {
        // A block that mutates a captured var and a non-Sendable object,
        // with no box and no assumeIsolated.
        let subject = RACSubject<Int>()
        var total = 0
        let log = NSMutableArray()
        let done = expectation(description: "completed")
        subject.subscribeNext(on: .main) { value in
            total += value
            log.add(value)
        } completed: {
            done.fulfill()
        }
        subject.sendNext(1)
        XCTAssertEqual(total, 1, "sent on the main actor: delivered before sendNext returns")
        Thread {
            subject.sendNext(2)
            subject.sendCompleted()
        }.start()
        await fulfillment(of: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(total, 3)
        XCTAssertEqual(log as? [Int], [1, 2])
    }
}

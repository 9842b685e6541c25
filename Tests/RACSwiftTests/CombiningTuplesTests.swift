import RACSwift
import XCTest

/// RAC 2.5's `+combineLatest:reduce:` and `+zip:reduce:` for signals of
/// different value types (API.md, "Round 2 additions"), exact values.
final class CombiningTuplesTests: XCTestCase {
    func testThePinnedCallSites() {
        let a = RACSubject<Int>(), b = RACSubject<String>(), c = RACSubject<Bool>(), d = RACSubject<Int>()
        let pair: RACSignal<(Int, String)> = RACSignal.combineLatest(a, b)
        let line: RACSignal<String> = RACSignal.combineLatest(a, b, c, reduce: { x, y, z in "\(x) \(y) \(z)" })
        let trio: RACSignal<(Int, String, Bool)> = RACSignal.zip(a, b, c)
        let sum: RACSignal<Int> = RACSignal.zip(a, d, reduce: { $0 + $1 })
        let firsts = RACSignal.zip(a, b).map { $0.0 }   // no annotation needed

        var pairs: [String] = []
        var lines: [String] = []
        var trios: [String] = []
        var sums: [Int] = []
        var heads: [Int] = []
        pair.subscribeNext { pairs.append("\($0.0)\($0.1)") }
        line.subscribeNext { lines.append($0) }
        trio.subscribeNext { trios.append("\($0.0)\($0.1)\($0.2)") }
        sum.subscribeNext { sums.append($0) }
        firsts.subscribeNext { heads.append($0) }

        a.sendNext(1)
        b.sendNext("x")
        c.sendNext(true)
        a.sendNext(2)
        d.sendNext(10)
        b.sendNext("y")
        d.sendNext(20)
        c.sendNext(false)

        XCTAssertEqual(pairs, ["1x", "2x", "2y"])
        XCTAssertEqual(lines, ["1 x true", "2 x true", "2 y true", "2 y false"])
        XCTAssertEqual(trios, ["1xtrue", "2yfalse"])
        XCTAssertEqual(sums, [11, 22])
        XCTAssertEqual(heads, [1, 2])
    }

    func testSixSignalsAndTheirEnd() {
        let s = (0..<6).map { _ in RACSubject<Int>() }
        var combined: [Int] = []
        var zipped: [[Int]] = []
        var combinedCompleted = false
        var zippedCompleted = false
        RACSignal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], reduce: { $0 + $1 + $2 + $3 + $4 + $5 })
            .subscribeNext({ combined.append($0) }, completed: { combinedCompleted = true })
        RACSignal.zip(s[0], s[1], s[2], s[3], s[4], s[5])
            .subscribeNext({ zipped.append([$0.0, $0.1, $0.2, $0.3, $0.4, $0.5]) }, completed: { zippedCompleted = true })
        for (index, subject) in s.enumerated() { subject.sendNext(index) }
        s[5].sendNext(100)
        XCTAssertEqual(combined, [15, 110])
        XCTAssertEqual(zipped, [[0, 1, 2, 3, 4, 5]])
        s[0].sendCompleted()
        XCTAssertTrue(zippedCompleted, "zip ends once a signal completed with all its values used")
        XCTAssertFalse(combinedCompleted, "combineLatest ends once all have completed")
        for subject in s.dropFirst() { subject.sendCompleted() }
        XCTAssertTrue(combinedCompleted)
    }

    func testTheFirstErrorEndsTheCombination() {
        let a = RACSubject<Int>(), b = RACSubject<String>(), c = RACSubject<Bool>()
        var failed = false
        RACSignal.combineLatest(a, b, c).subscribeError { _ in failed = true }
        b.sendError(RACSignalError.timedOut)
        XCTAssertTrue(failed)
    }
}

/// RAC's `-reduceEach:` takes tuples of any size.
final class ReduceEachTests: XCTestCase {
    func testReduceEachOverTuplesOfTwoToSix() {
        var results: [String] = []
        RACSignal.return((1, 2)).reduceEach { "\($0 + $1)" }.subscribeNext { results.append($0) }
        RACSignal.return((1, "b", true)).reduceEach { "\($0)\($1)\($2)" }.subscribeNext { results.append($0) }
        RACSignal.return((1, 2, 3, 4, 5, 6)).reduceEach { "\($0 + $1 + $2 + $3 + $4 + $5)" }
            .subscribeNext { results.append($0) }
        let a = RACSubject<Int>(), b = RACSubject<Int>(), c = RACSubject<Int>(), d = RACSubject<Int>()
        RACSignal.zip(a, b, c, d).reduceEach { "\($0)\($1)\($2)\($3)" }.subscribeNext { results.append($0) }
        a.sendNext(1); b.sendNext(2); c.sendNext(3); d.sendNext(4)
        XCTAssertEqual(results, ["3", "1btrue", "21", "1234"])
    }
}

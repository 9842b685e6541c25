import RACSwift
import RACSwiftTestSupport
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

        let pairs = Shared<[String]>([])
        let lines = Shared<[String]>([])
        let trios = Shared<[String]>([])
        let sums = Shared<[Int]>([])
        let heads = Shared<[Int]>([])
        pair.subscribeNext { pairs.value.append("\($0.0)\($0.1)") }
        line.subscribeNext { lines.value.append($0) }
        trio.subscribeNext { trios.value.append("\($0.0)\($0.1)\($0.2)") }
        sum.subscribeNext { sums.value.append($0) }
        firsts.subscribeNext { heads.value.append($0) }

        a.sendNext(1)
        b.sendNext("x")
        c.sendNext(true)
        a.sendNext(2)
        d.sendNext(10)
        b.sendNext("y")
        d.sendNext(20)
        c.sendNext(false)

        XCTAssertEqual(pairs.value, ["1x", "2x", "2y"])
        XCTAssertEqual(lines.value, ["1 x true", "2 x true", "2 y true", "2 y false"])
        XCTAssertEqual(trios.value, ["1xtrue", "2yfalse"])
        XCTAssertEqual(sums.value, [11, 22])
        XCTAssertEqual(heads.value, [1, 2])
    }

    func testSixSignalsAndTheirEnd() {
        let s = (0..<6).map { _ in RACSubject<Int>() }
        let combined = Shared<[Int]>([])
        let zipped = Shared<[[Int]]>([])
        let combinedCompleted = Shared(false)
        let zippedCompleted = Shared(false)
        RACSignal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], reduce: { $0 + $1 + $2 + $3 + $4 + $5 })
            .subscribeNext({ combined.value.append($0) }, completed: { combinedCompleted.value = true })
        RACSignal.zip(s[0], s[1], s[2], s[3], s[4], s[5])
            .subscribeNext({ zipped.value.append([$0.0, $0.1, $0.2, $0.3, $0.4, $0.5]) }, completed: { zippedCompleted.value = true })
        for (index, subject) in s.enumerated() { subject.sendNext(index) }
        s[5].sendNext(100)
        XCTAssertEqual(combined.value, [15, 110])
        XCTAssertEqual(zipped.value, [[0, 1, 2, 3, 4, 5]])
        s[0].sendCompleted()
        XCTAssertTrue(zippedCompleted.value, "zip ends once a signal completed with all its values used")
        XCTAssertFalse(combinedCompleted.value, "combineLatest ends once all have completed")
        for subject in s.dropFirst() { subject.sendCompleted() }
        XCTAssertTrue(combinedCompleted.value)
    }

    func testTheFirstErrorEndsTheCombination() {
        let a = RACSubject<Int>(), b = RACSubject<String>(), c = RACSubject<Bool>()
        let failed = Shared(false)
        RACSignal.combineLatest(a, b, c).subscribeError { _ in failed.value = true }
        b.sendError(RACSignalError.timedOut)
        XCTAssertTrue(failed.value)
    }
}

/// RAC's `-reduceEach:` takes tuples of any size.
final class ReduceEachTests: XCTestCase {
    func testReduceEachOverTuplesOfTwoToSix() {
        let results = Shared<[String]>([])
        RACSignal.return((1, 2)).reduceEach { "\($0 + $1)" }.subscribeNext { results.value.append($0) }
        RACSignal.return((1, "b", true)).reduceEach { "\($0)\($1)\($2)" }.subscribeNext { results.value.append($0) }
        RACSignal.return((1, 2, 3, 4, 5, 6)).reduceEach { "\($0 + $1 + $2 + $3 + $4 + $5)" }
            .subscribeNext { results.value.append($0) }
        let a = RACSubject<Int>(), b = RACSubject<Int>(), c = RACSubject<Int>(), d = RACSubject<Int>()
        RACSignal.zip(a, b, c, d).reduceEach { "\($0)\($1)\($2)\($3)" }.subscribeNext { results.value.append($0) }
        a.sendNext(1); b.sendNext(2); c.sendNext(3); d.sendNext(4)
        XCTAssertEqual(results.value, ["3", "1btrue", "21", "1234"])
    }
}

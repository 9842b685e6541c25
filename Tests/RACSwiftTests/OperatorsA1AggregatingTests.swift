import RACSwift
import XCTest

final class OperatorsA1AggregatingTests: XCTestCase {
    // MARK: aggregateWithStart

    func testAggregateSendsTheResultOnlyOnCompletion() {
        let subject = RACSubject<Int>()
        let recorder = subject.aggregateWithStart(100) { $0 + $1 }.a1Record()
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(recorder.values, [])
        subject.sendCompleted()
        XCTAssertEqual(recorder.values, [103])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testAggregateOfNoValuesSendsStart() {
        XCTAssertEqual(a1Values().aggregateWithStart("start") { $0 + $1 }.a1Record().values, ["start"])
    }

    func testAggregatePassesErrorOnWithoutAResult() {
        let recorder = a1Failing(1, 2).aggregateWithStart(0, reduce: +).a1Record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testAggregateRestartsForEachSubscription() {
        let sum = a1Values(1, 2).aggregateWithStart(0, reduce: +)
        XCTAssertEqual(sum.a1Record().values, [3])
        XCTAssertEqual(sum.a1Record().values, [3])
    }

    // MARK: collect

    func testCollectSendsOneArrayOnCompletion() {
        let subject = RACSubject<Int>()
        let recorder = subject.collect().a1Record()
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(recorder.values, [])
        subject.sendCompleted()
        XCTAssertEqual(recorder.values, [[1, 2]])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testCollectOfNoValuesSendsAnEmptyArray() {
        XCTAssertEqual(RACSignal<Int>.empty().collect().a1Record().values, [[]])
    }

    func testCollectPassesErrorOn() {
        let recorder = a1Failing(1).collect().a1Record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testCollectStartsEmptyForEachSubscription() {
        let collected = a1Values(1, 2).collect()
        XCTAssertEqual(collected.a1Record().values, [[1, 2]])
        XCTAssertEqual(collected.a1Record().values, [[1, 2]])
    }

    // MARK: any / all

    func testAnySendsTrueAtTheFirstValueAndDisposesSource() {
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.any().a1Record()
        source.send(7, 8)
        XCTAssertEqual(recorder.values, [true])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testAnyOfNoValuesSendsFalse() {
        let recorder = RACSignal<Int>.empty().any().a1Record()
        XCTAssertEqual(recorder.values, [false])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testAnySendsFalseAndCompletesOnError() {
        let recorder = a1Failing(Int?.none).any { $0 != nil }.a1Record()
        XCTAssertEqual(recorder.values, [false])
        XCTAssertEqual(recorder.errors.count, 0)
        XCTAssertEqual(recorder.completions, 1)
    }

    func testAnyPredicateSendsTrueAtTheFirstPassingValue() {
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.any { $0 > 2 }.a1Record()
        source.send(1, 2)
        XCTAssertEqual(recorder.values, [])
        source.send(3)
        XCTAssertEqual(recorder.values, [true])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testAnyPredicateSendsFalseWhenNoValuePasses() {
        XCTAssertEqual(a1Values(1, 2).any { $0 > 2 }.a1Record().values, [false])
    }

    func testAllSendsFalseAtTheFirstFailingValueAndDisposesSource() {
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.all { $0 > 0 }.a1Record()
        source.send(1, 2)
        XCTAssertEqual(recorder.values, [])
        source.send(0)
        XCTAssertEqual(recorder.values, [false])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testAllSendsTrueOnCompletionWhenEveryValuePasses() {
        XCTAssertEqual(a1Values(1, 2).all { $0 > 0 }.a1Record().values, [true])
        XCTAssertEqual(a1Values().all { (_: Int) in false }.a1Record().values, [true])
    }

    func testAllSendsFalseAndCompletesOnError() {
        let recorder = a1Failing(1).all { $0 > 0 }.a1Record()
        XCTAssertEqual(recorder.values, [false])
        XCTAssertEqual(recorder.errors.count, 0)
        XCTAssertEqual(recorder.completions, 1)
    }
}

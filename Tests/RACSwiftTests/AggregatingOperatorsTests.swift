import RACSwift
import XCTest

final class AggregatingOperatorsTests: XCTestCase {
    // MARK: aggregateWithStart

    func testAggregateSendsTheResultOnlyOnCompletion() {
        let subject = RACSubject<Int>()
        let recorder = subject.aggregateWithStart(100) { $0 + $1 }.record()
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(recorder.values, [])
        subject.sendCompleted()
        XCTAssertEqual(recorder.values, [103])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testAggregateOfNoValuesSendsStart() {
        XCTAssertEqual(coldValues().aggregateWithStart("start") { $0 + $1 }.record().values, ["start"])
    }

    func testAggregatePassesErrorOnWithoutAResult() {
        let recorder = coldFailing(1, 2).aggregateWithStart(0, reduce: { $0 + $1 }).record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testAggregateRestartsForEachSubscription() {
        let sum = coldValues(1, 2).aggregateWithStart(0, reduce: { $0 + $1 })
        XCTAssertEqual(sum.record().values, [3])
        XCTAssertEqual(sum.record().values, [3])
    }

    // MARK: collect

    func testCollectSendsOneArrayOnCompletion() {
        let subject = RACSubject<Int>()
        let recorder = subject.collect().record()
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(recorder.values, [])
        subject.sendCompleted()
        XCTAssertEqual(recorder.values, [[1, 2]])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testCollectOfNoValuesSendsAnEmptyArray() {
        XCTAssertEqual(RACSignal<Int>.empty().collect().record().values, [[]])
    }

    func testCollectPassesErrorOn() {
        let recorder = coldFailing(1).collect().record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testCollectStartsEmptyForEachSubscription() {
        let collected = coldValues(1, 2).collect()
        XCTAssertEqual(collected.record().values, [[1, 2]])
        XCTAssertEqual(collected.record().values, [[1, 2]])
    }

    // MARK: any / all

    func testAnySendsTrueAtTheFirstValueAndDisposesSource() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.any().record()
        source.send(7, 8)
        XCTAssertEqual(recorder.values, [true])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testAnyOfNoValuesSendsFalse() {
        let recorder = RACSignal<Int>.empty().any().record()
        XCTAssertEqual(recorder.values, [false])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testAnySendsFalseAndCompletesOnError() {
        let recorder = coldFailing(Int?.none).any { $0 != nil }.record()
        XCTAssertEqual(recorder.values, [false])
        XCTAssertEqual(recorder.errors.count, 0)
        XCTAssertEqual(recorder.completions, 1)
    }

    func testAnyPredicateSendsTrueAtTheFirstPassingValue() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.any { $0 > 2 }.record()
        source.send(1, 2)
        XCTAssertEqual(recorder.values, [])
        source.send(3)
        XCTAssertEqual(recorder.values, [true])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testAnyPredicateSendsFalseWhenNoValuePasses() {
        XCTAssertEqual(coldValues(1, 2).any { $0 > 2 }.record().values, [false])
    }

    func testAllSendsFalseAtTheFirstFailingValueAndDisposesSource() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.all { $0 > 0 }.record()
        source.send(1, 2)
        XCTAssertEqual(recorder.values, [])
        source.send(0)
        XCTAssertEqual(recorder.values, [false])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testAllSendsTrueOnCompletionWhenEveryValuePasses() {
        XCTAssertEqual(coldValues(1, 2).all { $0 > 0 }.record().values, [true])
        XCTAssertEqual(coldValues().all { (_: Int) in false }.record().values, [true])
    }

    func testAllSendsFalseAndCompletesOnError() {
        let recorder = coldFailing(1).all { $0 > 0 }.record()
        XCTAssertEqual(recorder.values, [false])
        XCTAssertEqual(recorder.errors.count, 0)
        XCTAssertEqual(recorder.completions, 1)
    }
}

import RACSwift
import XCTest

final class OperatorsA1TransformingTests: XCTestCase {
    func testReduceEachPairs() {
        let subject = RACSubject<(Int, String)>()
        let recorder = subject.reduceEach { number, text in "\(text)\(number)" }.a1Record()
        subject.sendNext((1, "a"))
        subject.sendNext((2, "b"))
        subject.sendCompleted()
        XCTAssertEqual(recorder.values, ["a1", "b2"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testReduceEachTriples() {
        let recorder = a1Values((1, 2, 3), (4, 5, 6)).reduceEach { $0 * 100 + $1 * 10 + $2 }.a1Record()
        XCTAssertEqual(recorder.values, [123, 456])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTryMapSendsMappedValues() {
        let recorder = a1Values(1, 2, 3).tryMap { $0 * 2 }.a1Record()
        XCTAssertEqual(recorder.values, [2, 4, 6])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTryMapThrownErrorEndsSignalAndDisposesSource() {
        let source = OperatorsA1Source<Int>()
        var calls = 0
        let recorder = source.signal.tryMap { value -> String in
            calls += 1
            if value == 2 { throw TestError(code: 2) }
            return "\(value)"
        }.a1Record()
        source.send(1, 2, 3)
        source.sendCompleted()
        XCTAssertEqual(recorder.values, ["1"])
        XCTAssertEqual(recorder.errors.map { $0 as? TestError }, [TestError(code: 2)])
        XCTAssertEqual(recorder.completions, 0)
        XCTAssertEqual(calls, 2, "no value reaches the block after it threw")
        XCTAssertEqual(source.disposals, 1)
    }

    func testTryMapPassesSourceErrorOn() {
        let recorder = a1Failing(1, error: TestError(code: 5)).tryMap { $0 }.a1Record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.map { $0 as? TestError }, [TestError(code: 5)])
    }

    func testScanWithStartSendsRunningResults() {
        let recorder = a1Values(1, 2, 3).scanWithStart(10) { $0 + $1 }.a1Record()
        XCTAssertEqual(recorder.values, [11, 13, 16])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testScanWithStartRestartsForEachSubscription() {
        let scanned = a1Values("a", "b").scanWithStart("") { $0 + $1 }
        XCTAssertEqual(scanned.a1Record().values, ["a", "ab"])
        XCTAssertEqual(scanned.a1Record().values, ["a", "ab"])
    }

    func testScanWithStartPassesErrorOn() {
        let recorder = a1Failing(1, 2).scanWithStart(0, reduce: +).a1Record()
        XCTAssertEqual(recorder.values, [1, 3])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testCombinePreviousWithStartPairsEachValueWithTheOneBefore() {
        let recorder = a1Values(1, 2, 3)
            .combinePreviousWithStart(0) { previous, current in "\(previous)-\(current)" }
            .a1Record()
        XCTAssertEqual(recorder.values, ["0-1", "1-2", "2-3"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testCombinePreviousWithStartRestartsForEachSubscription() {
        let combined = a1Values(5, 6).combinePreviousWithStart(1) { $1 - $0 }
        XCTAssertEqual(combined.a1Record().values, [4, 1])
        XCTAssertEqual(combined.a1Record().values, [4, 1])
    }

    func testStartWithSendsTheValueBeforeTheReceiversEvents() {
        let source = OperatorsA1Source<Int>()
        var subscriptionsAtStart: [Int] = []
        let recorder = OperatorsA1Recorder<Int>()
        source.signal.startWith(0).subscribeNext({ value in
            subscriptionsAtStart.append(source.subscriptions)
            recorder.values.append(value)
        }, completed: { recorder.completions += 1 })
        source.send(1, 2)
        source.sendCompleted()
        XCTAssertEqual(recorder.values, [0, 1, 2])
        XCTAssertEqual(subscriptionsAtStart.first, 0, "the receiver is subscribed after the value is sent")
        XCTAssertEqual(recorder.completions, 1)
    }

    func testStartWithPassesErrorOn() {
        let recorder = a1Failing(1).startWith(0).a1Record()
        XCTAssertEqual(recorder.values, [0, 1])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testStartWithDisposesTheReceiverWithTheSubscription() {
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.startWith(0).a1Record()
        recorder.disposable?.dispose()
        XCTAssertEqual(source.disposals, 1)
    }
}

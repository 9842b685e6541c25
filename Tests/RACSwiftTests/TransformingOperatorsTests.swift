import RACSwift
import RACSwiftTestSupport
import XCTest

final class TransformingOperatorsTests: XCTestCase {
    func testReduceEachPairs() {
        let subject = RACSubject<(Int, String)>()
        let recorder = subject.reduceEach { number, text in "\(text)\(number)" }.record()
        subject.sendNext((1, "a"))
        subject.sendNext((2, "b"))
        subject.sendCompleted()
        XCTAssertEqual(recorder.values, ["a1", "b2"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testReduceEachTriples() {
        let recorder = coldValues((1, 2, 3), (4, 5, 6)).reduceEach { $0 * 100 + $1 * 10 + $2 }.record()
        XCTAssertEqual(recorder.values, [123, 456])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTryMapSendsMappedValues() {
        let recorder = coldValues(1, 2, 3).tryMap { $0 * 2 }.record()
        XCTAssertEqual(recorder.values, [2, 4, 6])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTryMapThrownErrorEndsSignalAndDisposesSource() {
        let source = DrivenSource<Int>()
        let calls = Shared(0)
        let recorder = source.signal.tryMap { value -> String in
            calls.value += 1
            if value == 2 { throw TestError(code: 2) }
            return "\(value)"
        }.record()
        source.send(1, 2, 3)
        source.sendCompleted()
        XCTAssertEqual(recorder.values, ["1"])
        XCTAssertEqual(recorder.errors.map { $0 as? TestError }, [TestError(code: 2)])
        XCTAssertEqual(recorder.completions, 0)
        XCTAssertEqual(calls.value, 2, "no value reaches the block after it threw")
        XCTAssertEqual(source.disposals, 1)
    }

    func testTryMapPassesSourceErrorOn() {
        let recorder = coldFailing(1, error: TestError(code: 5)).tryMap { $0 }.record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.map { $0 as? TestError }, [TestError(code: 5)])
    }

    func testScanWithStartSendsRunningResults() {
        let recorder = coldValues(1, 2, 3).scanWithStart(10) { $0 + $1 }.record()
        XCTAssertEqual(recorder.values, [11, 13, 16])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testScanWithStartRestartsForEachSubscription() {
        let scanned = coldValues("a", "b").scanWithStart("") { $0 + $1 }
        XCTAssertEqual(scanned.record().values, ["a", "ab"])
        XCTAssertEqual(scanned.record().values, ["a", "ab"])
    }

    func testScanWithStartPassesErrorOn() {
        let recorder = coldFailing(1, 2).scanWithStart(0, reduce: { $0 + $1 }).record()
        XCTAssertEqual(recorder.values, [1, 3])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testCombinePreviousWithStartPairsEachValueWithTheOneBefore() {
        let recorder = coldValues(1, 2, 3)
            .combinePreviousWithStart(0) { previous, current in "\(previous)-\(current)" }
            .record()
        XCTAssertEqual(recorder.values, ["0-1", "1-2", "2-3"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testCombinePreviousWithStartRestartsForEachSubscription() {
        let combined = coldValues(5, 6).combinePreviousWithStart(1) { $1 - $0 }
        XCTAssertEqual(combined.record().values, [4, 1])
        XCTAssertEqual(combined.record().values, [4, 1])
    }

    func testStartWithSendsTheValueBeforeTheReceiversEvents() {
        let source = DrivenSource<Int>()
        let subscriptionsAtStart = Shared<[Int]>([])
        let recorder = OperatorRecorder<Int>()
        source.signal.startWith(0).subscribeNext({ value in
            subscriptionsAtStart.value.append(source.subscriptions)
            recorder.values.append(value)
        }, completed: { recorder.completions += 1 })
        source.send(1, 2)
        source.sendCompleted()
        XCTAssertEqual(recorder.values, [0, 1, 2])
        XCTAssertEqual(subscriptionsAtStart.value.first, 0, "the receiver is subscribed after the value is sent")
        XCTAssertEqual(recorder.completions, 1)
    }

    func testStartWithPassesErrorOn() {
        let recorder = coldFailing(1).startWith(0).record()
        XCTAssertEqual(recorder.values, [0, 1])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testStartWithDisposesTheReceiverWithTheSubscription() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.startWith(0).record()
        recorder.disposable?.dispose()
        XCTAssertEqual(source.disposals, 1)
    }
}

import RACSwift
import XCTest

/// Operators tested with marble diagrams on a RACTestScheduler: one
/// character a virtual second.
final class MarbleTests: XCTestCase {
    private var scheduler: RACTestScheduler!

    override func setUp() {
        super.setUp()
        scheduler = RACTestScheduler()
    }

    /// Subscribes a recorder to `signal`, runs virtual time to its end and
    /// returns the recorder.
    private func record<Value>(_ signal: RACSignal<Value>) -> RACTestSubscriber<Value> {
        let recorder = RACTestSubscriber<Value>(scheduler: scheduler)
        signal.subscribe(recorder)
        scheduler.advance(by: 100)
        return recorder
    }

    // MARK: The notation

    func testAColdSignalSendsItsMarblesFromEachSubscription() {
        let cold: RACSignal<String> = scheduler.createColdSignal(marbles: "-a-(bc)-|")
        let first = record(cold)
        XCTAssertEqual(first.recorded.map(\.time), [1, 3, 3, 8])
        XCTAssertEqual(first.values, ["a", "b", "c"])
        XCTAssertEqual(first.marbles(), "-a-(bc)-|")
        let later = RACTestSubscriber<String>(scheduler: scheduler)
        cold.subscribe(later)
        scheduler.advance(by: 10)
        XCTAssertEqual(later.recorded.map(\.time), [101, 103, 103, 108], "counted from its own subscription")
    }

    func testAHotSignalUsesTheValuesAndTheErrorGiven() {
        let failure = NSError(domain: "search", code: 7)
        let hot = scheduler.createHotSignal(marbles: "--a--#", values: ["a": 42], error: failure)
        let recorder = record(hot)
        XCTAssertEqual(recorder.events, [.next(42), .error(failure)])
        XCTAssertEqual(recorder.recorded.map(\.time), [2, 5])
        XCTAssertEqual(recorder.marbles(values: ["a": 42]), "--a--#")
        XCTAssertEqual(recorder.marbles(), "--?--#", "a value with no key and a long description")
    }

    func testAWrongExpectationPrintsBothDiagramsAligned() {
        let recorder = record(scheduler.createHotSignal(marbles: "--a--b--|") as RACSignal<String>)
        var messages: [String] = []
        assertMarbles(recorder, "--a---b-|", onFailure: { message, _, _ in messages.append(message) })
        XCTAssertEqual(messages, ["""
            marbles differ:
            expected: --a---b-|
            received: --a--b--|
                           ^
            """])
        messages = []
        assertMarbles(recorder, "--a--b--|", onFailure: { message, _, _ in messages.append(message) })
        XCTAssertEqual(messages, [], "a right expectation reports nothing")
    }

    func testAValueMissingFromTheDiagramIsAMismatch() {
        let recorder = record(scheduler.createHotSignal(marbles: "-a-b|") as RACSignal<String>)
        XCTAssertNotNil(RACMarbles.mismatch(recorder.recorded, expected: "-a-c|"))
        XCTAssertNotNil(RACMarbles.mismatch(recorder.recorded, expected: "-a-b-|"), "the completion a frame late")
        XCTAssertNil(RACMarbles.mismatch(recorder.recorded, expected: "-a-b|"))
    }

    // MARK: Operators

    func testMap() {
        let source = scheduler.createHotSignal(marbles: "--a--b--#", values: ["a": 1, "b": 2])
        assertMarbles(record(source.map { $0 * 10 }), "--A--B--#", values: ["A": 10, "B": 20], onFailure: XCTFail)
    }

    func testFilter() {
        let source = scheduler.createHotSignal(marbles: "-1-2-3-4|", values: ["1": 1, "2": 2, "3": 3, "4": 4])
        assertMarbles(record(source.filter { $0 % 2 == 0 }), "---2---4|", values: ["2": 2, "4": 4], onFailure: XCTFail)
    }

    func testThrottleSendsTheLastValueOfABurstOnceItIsQuiet() {
        let typing: RACSignal<String> = scheduler.createHotSignal(marbles: "-a-b------c---|")
        // b is quiet for 3 s at 6; c at 13; the completion at 14.
        assertMarbles(record(typing.throttle(3, onScheduler: scheduler)), "------b------c|", onFailure: XCTFail)
    }

    func testDelayShiftsValuesAndTheCompletion() {
        let source: RACSignal<String> = scheduler.createHotSignal(marbles: "-a--b|")
        assertMarbles(record(source.delay(2, onScheduler: scheduler)), "---a--b|", onFailure: XCTFail)
    }

    func testCombineLatest() {
        let letters: RACSignal<String> = scheduler.createHotSignal(marbles: "-a---b----|")
        let marks: RACSignal<String> = scheduler.createHotSignal(marbles: "---x---y|")
        let combined = letters.combineLatestWith(marks).map { $0 + $1 }
        assertMarbles(record(combined), "---A-B-C--|", values: ["A": "ax", "B": "bx", "C": "by"], onFailure: XCTFail)
    }

    func testFlattenMapMergesTheInnerSignals() {
        let outer: RACSignal<String> = scheduler.createHotSignal(marbles: "-a---b---|")
        let flattened = outer.flattenMap { [scheduler] value in
            scheduler!.createColdSignal(marbles: "-v-v|", values: ["v": value])
        }
        assertMarbles(record(flattened), "--a-a-b-b|", onFailure: XCTFail)
    }

    func testMerge() {
        let first: RACSignal<String> = scheduler.createHotSignal(marbles: "-a--b---|")
        let second: RACSignal<String> = scheduler.createHotSignal(marbles: "--x--y|")
        assertMarbles(record(first.merge(second)), "-ax-by--|", onFailure: XCTFail)
    }

    func testTakeUntil() {
        let source: RACSignal<String> = scheduler.createHotSignal(marbles: "-a-b-c-d|")
        let trigger: RACSignal<String> = scheduler.createHotSignal(marbles: "----x")
        assertMarbles(record(source.takeUntil(trigger)), "-a-b|", onFailure: XCTFail)
    }

    func testCatchSwitchesToTheRecoveryAtTheError() {
        let source: RACSignal<String> = scheduler.createHotSignal(marbles: "-a-#")
        let recovered = source.catch { [scheduler] _ in scheduler!.createColdSignal(marbles: "-z|") }
        assertMarbles(record(recovered), "-a--z|", onFailure: XCTFail)
    }
}

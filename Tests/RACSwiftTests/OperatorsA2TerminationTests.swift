import RACSwift
import XCTest

final class OperatorsA2TerminationTests: XCTestCase {
    // MARK: takeUntil

    func testTakeUntilCompletesWhenTheTriggerSendsAndDisposesBoth() {
        let receiver = OperatorsA1Source<Int>(), trigger = OperatorsA1Source<String>()
        let recorder = receiver.signal.takeUntil(trigger.signal).a1Record()
        receiver.send(1, 2)
        trigger.send("stop")
        receiver.send(3)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual([receiver.disposals, trigger.disposals], [1, 1])
    }

    func testTakeUntilCompletesWhenTheTriggerCompletes() {
        let receiver = RACSubject<Int>(), trigger = RACSubject<Int>()
        let recorder = receiver.takeUntil(trigger).a1Record()
        receiver.sendNext(1)
        trigger.sendCompleted()
        receiver.sendNext(2)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTakeUntilIgnoresTheTriggersError() {
        let receiver = RACSubject<Int>(), trigger = RACSubject<Int>()
        let recorder = receiver.takeUntil(trigger).a1Record()
        trigger.sendError(TestError())
        receiver.sendNext(1)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.terminals, 0)
    }

    func testTakeUntilNeverSubscribesTheReceiverIfTheTriggerFiresAtOnce() {
        var subscriptions = 0
        let receiver = a2Counting({ subscriptions += 1 }, 1)
        let recorder = receiver.takeUntil(RACSignal<Int>.empty()).a1Record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(subscriptions, 0)
    }

    func testTakeUntilPassesTheReceiversTerminalEventsAndDisposesTheTrigger() {
        let receiver = OperatorsA1Source<Int>(), trigger = OperatorsA1Source<Int>()
        let completed = receiver.signal.takeUntil(trigger.signal).a1Record()
        receiver.sendCompleted()
        XCTAssertEqual(completed.completions, 1)
        XCTAssertEqual(trigger.disposals, 1)

        let failed = RACSignal<Int>.error(TestError(code: 8)).takeUntil(RACSignal<Int>.never()).a1Record()
        XCTAssertEqual(failed.errors.first as? TestError, TestError(code: 8))
    }

    func testDisposingTakeUntilDisposesBoth() {
        let receiver = OperatorsA1Source<Int>(), trigger = OperatorsA1Source<Int>()
        let recorder = receiver.signal.takeUntil(trigger.signal).a1Record()
        recorder.disposable?.dispose()
        receiver.send(1)
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual([receiver.disposals, trigger.disposals], [1, 1])
    }

    // MARK: takeUntilReplacement

    func testTakeUntilReplacementSwitchesAtTheReplacementsFirstValue() {
        let receiver = OperatorsA1Source<Int>(), replacement = RACSubject<Int>()
        let recorder = receiver.signal.takeUntilReplacement(replacement).a1Record()
        receiver.send(1, 2)
        replacement.sendNext(3)
        XCTAssertEqual(receiver.disposals, 1)
        receiver.send(4)
        replacement.sendNext(5)
        XCTAssertEqual(recorder.values, [1, 2, 3, 5])
    }

    func testTakeUntilReplacementPassesTheReceiversErrorButNotItsCompletion() {
        let failing = RACSubject<Int>()
        let failed = failing.takeUntilReplacement(.never()).a1Record()
        failing.sendError(TestError())
        XCTAssertEqual(failed.errors.count, 1)

        let completing = RACSubject<Int>()
        let waiting = completing.takeUntilReplacement(.never()).a1Record()
        completing.sendCompleted()
        XCTAssertEqual(waiting.terminals, 0)
    }

    func testTakeUntilReplacementEndsWithTheReplacementsTerminalEvent() {
        let failing = RACSubject<Int>()
        let failed = RACSignal<Int>.never().takeUntilReplacement(failing).a1Record()
        failing.sendError(TestError())
        XCTAssertEqual(failed.errors.count, 1)

        let receiver = OperatorsA1Source<Int>(), completing = RACSubject<Int>()
        let completed = receiver.signal.takeUntilReplacement(completing).a1Record()
        completing.sendCompleted()
        XCTAssertEqual(completed.completions, 1)
        XCTAssertEqual(receiver.disposals, 1)
    }

    func testTakeUntilReplacementSkipsTheReceiverIfTheReplacementSendsAtOnce() {
        var subscriptions = 0
        let receiver = RACSignal<Int>.createSignal { subscriber in
            subscriptions += 1
            for value in 1...3 { subscriber.sendNext(value) }
            return nil
        }
        let replacement = RACSignal<Int>.createSignal { subscriber in
            for value in 4...6 { subscriber.sendNext(value) }
            return nil
        }
        let recorder = receiver.takeUntilReplacement(replacement).a1Record()
        XCTAssertEqual(recorder.values, [4, 5, 6])
        XCTAssertEqual(subscriptions, 0)
    }

    func testDisposingTakeUntilReplacementDisposesBoth() {
        let receiver = OperatorsA1Source<Int>(), replacement = OperatorsA1Source<Int>()
        let recorder = receiver.signal.takeUntilReplacement(replacement.signal).a1Record()
        recorder.disposable?.dispose()
        XCTAssertEqual([receiver.disposals, replacement.disposals], [1, 1])
    }
}

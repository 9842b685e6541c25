import RACSwift
import RACSwiftTestSupport
import XCTest

final class TerminationOperatorsTests: XCTestCase {
    // MARK: takeUntil

    func testTakeUntilCompletesWhenTheTriggerSendsAndDisposesBoth() {
        let receiver = DrivenSource<Int>(), trigger = DrivenSource<String>()
        let recorder = receiver.signal.takeUntil(trigger.signal).record()
        receiver.send(1, 2)
        trigger.send("stop")
        receiver.send(3)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual([receiver.disposals, trigger.disposals], [1, 1])
    }

    func testTakeUntilCompletesWhenTheTriggerCompletes() {
        let receiver = RACSubject<Int>(), trigger = RACSubject<Int>()
        let recorder = receiver.takeUntil(trigger).record()
        receiver.sendNext(1)
        trigger.sendCompleted()
        receiver.sendNext(2)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTakeUntilIgnoresTheTriggersError() {
        let receiver = RACSubject<Int>(), trigger = RACSubject<Int>()
        let recorder = receiver.takeUntil(trigger).record()
        trigger.sendError(TestError())
        receiver.sendNext(1)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.terminals, 0)
    }

    func testTakeUntilNeverSubscribesTheReceiverIfTheTriggerFiresAtOnce() {
        let subscriptions = Shared(0)
        let receiver = countingSubscriptions({ subscriptions.value += 1 }, 1)
        let recorder = receiver.takeUntil(RACSignal<Int>.empty()).record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(subscriptions.value, 0)
    }

    func testTakeUntilPassesTheReceiversTerminalEventsAndDisposesTheTrigger() {
        let receiver = DrivenSource<Int>(), trigger = DrivenSource<Int>()
        let completed = receiver.signal.takeUntil(trigger.signal).record()
        receiver.sendCompleted()
        XCTAssertEqual(completed.completions, 1)
        XCTAssertEqual(trigger.disposals, 1)

        let failed = RACSignal<Int>.error(TestError(code: 8)).takeUntil(RACSignal<Int>.never()).record()
        XCTAssertEqual(failed.errors.first as? TestError, TestError(code: 8))
    }

    func testDisposingTakeUntilDisposesBoth() {
        let receiver = DrivenSource<Int>(), trigger = DrivenSource<Int>()
        let recorder = receiver.signal.takeUntil(trigger.signal).record()
        recorder.disposable?.dispose()
        receiver.send(1)
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual([receiver.disposals, trigger.disposals], [1, 1])
    }

    // MARK: takeUntilReplacement

    func testTakeUntilReplacementSwitchesAtTheReplacementsFirstValue() {
        let receiver = DrivenSource<Int>(), replacement = RACSubject<Int>()
        let recorder = receiver.signal.takeUntilReplacement(replacement).record()
        receiver.send(1, 2)
        replacement.sendNext(3)
        XCTAssertEqual(receiver.disposals, 1)
        receiver.send(4)
        replacement.sendNext(5)
        XCTAssertEqual(recorder.values, [1, 2, 3, 5])
    }

    func testTakeUntilReplacementPassesTheReceiversErrorButNotItsCompletion() {
        let failing = RACSubject<Int>()
        let failed = failing.takeUntilReplacement(.never()).record()
        failing.sendError(TestError())
        XCTAssertEqual(failed.errors.count, 1)

        let completing = RACSubject<Int>()
        let waiting = completing.takeUntilReplacement(.never()).record()
        completing.sendCompleted()
        XCTAssertEqual(waiting.terminals, 0)
    }

    func testTakeUntilReplacementEndsWithTheReplacementsTerminalEvent() {
        let failing = RACSubject<Int>()
        let failed = RACSignal<Int>.never().takeUntilReplacement(failing).record()
        failing.sendError(TestError())
        XCTAssertEqual(failed.errors.count, 1)

        let receiver = DrivenSource<Int>(), completing = RACSubject<Int>()
        let completed = receiver.signal.takeUntilReplacement(completing).record()
        completing.sendCompleted()
        XCTAssertEqual(completed.completions, 1)
        XCTAssertEqual(receiver.disposals, 1)
    }

    func testTakeUntilReplacementSkipsTheReceiverIfTheReplacementSendsAtOnce() {
        let subscriptions = Shared(0)
        let receiver = RACSignal<Int>.createSignal { subscriber in
            subscriptions.value += 1
            for value in 1...3 { subscriber.sendNext(value) }
            return nil
        }
        let replacement = RACSignal<Int>.createSignal { subscriber in
            for value in 4...6 { subscriber.sendNext(value) }
            return nil
        }
        let recorder = receiver.takeUntilReplacement(replacement).record()
        XCTAssertEqual(recorder.values, [4, 5, 6])
        XCTAssertEqual(subscriptions.value, 0)
    }

    func testDisposingTakeUntilReplacementDisposesBoth() {
        let receiver = DrivenSource<Int>(), replacement = DrivenSource<Int>()
        let recorder = receiver.signal.takeUntilReplacement(replacement.signal).record()
        recorder.disposable?.dispose()
        XCTAssertEqual([receiver.disposals, replacement.disposals], [1, 1])
    }
}

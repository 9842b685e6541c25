import RACSwift
import RACSwiftTestSupport
import XCTest

final class ErrorsOperatorsTests: XCTestCase {
    // MARK: catch, catchTo

    func testCatchContinuesWithTheSignalForTheError() {
        let source = DrivenSource<Int>()
        let caught = Shared<[TestError]>([])
        let recorder = source.signal.catch { error -> RACSignal<Int> in
            caught.value.append(error as! TestError)
            return coldValues(41, 42)
        }.record()
        source.send(1)
        source.sendError(TestError(code: 9))
        XCTAssertEqual(caught.value, [TestError(code: 9)])
        XCTAssertEqual(recorder.values, [1, 41, 42])
        XCTAssertEqual(recorder.errors.count, 0)
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testCatchPassesTheCaughtSignalsErrorOn() {
        let calls = Shared(0)
        let recorder = RACSignal<Int>.error(TestError(code: 1)).catch { _ in
            calls.value += 1
            return .error(TestError(code: 2))
        }.record()
        XCTAssertEqual(calls.value, 1, "the caught signal's error is not caught again")
        XCTAssertEqual(recorder.errors.first as? TestError, TestError(code: 2))
    }

    func testCatchPassesCompletionWithoutCallingTheBlock() {
        let calls = Shared(0)
        let recorder = coldValues(1).catch { _ in
            calls.value += 1
            return .empty()
        }.record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(calls.value, 0)
    }

    func testDisposingCatchDisposesTheCaughtSignal() {
        let subject = RACSubject<Int>()
        let ensuing = DrivenSource<Int>()
        let recorder = subject.catch { _ in ensuing.signal }.record()
        subject.sendError(TestError())
        XCTAssertEqual(ensuing.subscriptions, 1)
        recorder.disposable?.dispose()
        XCTAssertEqual(ensuing.disposals, 1)
    }

    func testCatchToContinuesWithTheGivenSignal() {
        let recorder = RACSignal<Int>.error(TestError()).catchTo(coldValues(7)).record()
        XCTAssertEqual(recorder.values, [7])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(recorder.errors.count, 0)
    }

    // MARK: retry

    // As in RAC, retry and repeat subscribe each later attempt from a block
    // on the current scheduler of the thread where the first attempt ended;
    // the tests end attempts inside blocks of a test scheduler to run them
    // in virtual time.

    func testRetryResubscribesOnTheSchedulerUpToTheCountThenFails() {
        let scheduler = RACTestScheduler()
        let source = DrivenSource<Int>()
        let recorder = source.signal.retry(2).record()
        source.send(1)
        scheduler.schedule { source.sendError(TestError(code: 1)) }
        scheduler.step()
        XCTAssertEqual(source.subscriptions, 1, "the next attempt waits for the scheduler")
        scheduler.step()
        XCTAssertEqual(source.subscriptions, 2)
        source.send(2)
        source.sendError(TestError(code: 2))
        scheduler.stepAll()
        XCTAssertEqual(source.subscriptions, 3)
        XCTAssertEqual(recorder.errors.count, 0)
        source.send(3)
        source.sendError(TestError(code: 3))
        scheduler.stepAll()
        XCTAssertEqual(source.subscriptions, 3)
        XCTAssertEqual(recorder.values, [1, 2, 3])
        XCTAssertEqual(recorder.errors.first as? TestError, TestError(code: 3))
        XCTAssertEqual(source.disposals, 3)
    }

    func testRetryStopsAtCompletion() {
        let scheduler = RACTestScheduler()
        let source = DrivenSource<Int>()
        let recorder = source.signal.retry().record()
        scheduler.schedule { source.sendError() }
        scheduler.stepAll()
        source.sendError()
        scheduler.stepAll()
        source.send(5)
        source.sendCompleted()
        scheduler.stepAll()
        XCTAssertEqual(source.subscriptions, 3)
        XCTAssertEqual(recorder.values, [5])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(recorder.errors.count, 0)
    }

    func testRetryOfZeroRetriesWithoutLimit() {
        let subscriptions = Shared(0)
        let signal = RACSignal<Int>.createSignal { subscriber in
            subscriptions.value += 1
            if subscriptions.value < 5_000 {
                subscriber.sendError(TestError())
            } else {
                subscriber.sendCompleted()
            }
            return nil
        }
        let scheduler = RACTestScheduler()
        let recorder = Shared<OperatorRecorder<Int>?>(nil)
        scheduler.schedule { recorder.value = signal.retry(0).record() }
        scheduler.stepAll()
        XCTAssertEqual(subscriptions.value, 5_000)
        XCTAssertEqual(recorder.value?.completions, 1)
    }

    func testDisposingRetryCancelsTheNextAttemptAndDisposesTheCurrentOne() {
        let scheduler = RACTestScheduler()
        let source = DrivenSource<Int>()
        let recorder = source.signal.retry(5).record()
        scheduler.schedule { source.sendError() }
        scheduler.stepAll()
        XCTAssertEqual(source.subscriptions, 2)
        source.sendError()
        recorder.disposable?.dispose()
        scheduler.stepAll()
        XCTAssertEqual(source.subscriptions, 2, "the scheduled attempt was cancelled")
        XCTAssertEqual(source.disposals, 2)

        let running = DrivenSource<Int>()
        let disposable = running.signal.retry(5).record().disposable
        scheduler.schedule { running.sendError() }
        scheduler.stepAll()
        disposable?.dispose()
        XCTAssertEqual(running.disposals, 2, "the running attempt is disposed")
    }

    // MARK: repeat

    func testRepeatResubscribesOnCompletionUntilAnError() {
        let scheduler = RACTestScheduler()
        let source = DrivenSource<Int>()
        let recorder = source.signal.repeat().record()
        source.send(1)
        scheduler.schedule { source.sendCompleted() }
        scheduler.stepAll()
        source.send(2)
        source.sendCompleted()
        scheduler.stepAll()
        XCTAssertEqual(source.subscriptions, 3)
        XCTAssertEqual(recorder.completions, 0)
        source.sendError(TestError(code: 4))
        scheduler.stepAll()
        XCTAssertEqual(source.subscriptions, 3)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.errors.first as? TestError, TestError(code: 4))
        XCTAssertEqual(source.disposals, 3)
    }

    func testRepeatOfASynchronousSignalStopsWhenTakeEndsIt() {
        let subscriptions = Shared(0)
        let scheduler = RACTestScheduler()
        let recorder = Shared<OperatorRecorder<Int>?>(nil)
        scheduler.schedule {
            recorder.value = countingSubscriptions({ subscriptions.value += 1 }, 1, 2).repeat().take(5).record()
        }
        scheduler.stepAll()
        XCTAssertEqual(recorder.value?.values, [1, 2, 1, 2, 1])
        XCTAssertEqual(recorder.value?.completions, 1)
        XCTAssertEqual(subscriptions.value, 3)
    }

    func testRepeatOnTheMainThreadRepeatsOnTheMainThreadScheduler() {
        let subscriptions = Shared(0)
        let threads = Shared<Set<Bool>>([])
        let signal = countingSubscriptions({
            subscriptions.value += 1
            threads.value.insert(Thread.isMainThread)
        }, 1)
        let done = expectation(description: "completed")
        let values = Shared<[Int]>([])
        signal.repeat().take(3).subscribeNext({ values.value.append($0) }, completed: { done.fulfill() })
        XCTAssertEqual(subscriptions.value, 1, "later repetitions wait for the main queue")
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, [1, 1, 1])
        XCTAssertEqual(subscriptions.value, 3)
        XCTAssertEqual(threads.value, [true])
    }

    func testRepeatStopsWhenDisposedFromABlock() {
        let scheduler = RACTestScheduler()
        let source = DrivenSource<Int>()
        let values = Shared<[Int]>([])
        let disposable = Shared<RACDisposable?>(nil)
        disposable.value = source.signal.repeat().subscribeNext { value in
            values.value.append(value)
            if value == 2 { disposable.value?.dispose() }
        }
        source.send(1)
        scheduler.schedule { source.sendCompleted() }
        scheduler.stepAll()
        source.send(2, 3)
        source.sendCompleted()
        scheduler.stepAll()
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertEqual(source.subscriptions, 2)
        XCTAssertEqual(source.disposals, 2)
    }
}

import RACSwift
import RACSwiftTestSupport
import XCTest

final class CombiningOperatorsTests: XCTestCase {
    // MARK: concat

    func testConcatSubscribesEachOnlyAfterThePreviousCompleted() {
        let first = DrivenSource<Int>(), second = DrivenSource<Int>(), third = DrivenSource<Int>()
        let recorder = RACSignal.concat([first.signal, second.signal, third.signal]).record()
        XCTAssertEqual([first.subscriptions, second.subscriptions, third.subscriptions], [1, 0, 0])
        first.send(1, 2)
        XCTAssertEqual(second.subscriptions, 0)
        first.sendCompleted()
        XCTAssertEqual([second.subscriptions, third.subscriptions], [1, 0])
        XCTAssertEqual(first.disposals, 1, "a completed source's subscription ends")
        second.send(3)
        second.sendCompleted()
        third.send(4)
        XCTAssertEqual(recorder.completions, 0)
        third.sendCompleted()
        XCTAssertEqual(recorder.values, [1, 2, 3, 4])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(third.disposals, 1)
    }

    func testConcatOfNoSignalsCompletesAtOnce() {
        let recorder = RACSignal<Int>.concat([]).record()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testConcatErrorEndsWithoutSubscribingTheRest() {
        let first = DrivenSource<Int>(), second = DrivenSource<Int>()
        let recorder = first.signal.concat(second.signal).record()
        first.send(1)
        first.sendError(TestError(code: 7))
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.first as? TestError, TestError(code: 7))
        XCTAssertEqual(recorder.completions, 0)
        XCTAssertEqual(second.subscriptions, 0)
        XCTAssertEqual(first.disposals, 1)
    }

    func testDisposingConcatDisposesTheCurrentSourceOnly() {
        let first = DrivenSource<Int>(), second = DrivenSource<Int>()
        let recorder = first.signal.concat(second.signal).record()
        first.sendCompleted()
        second.send(5)
        recorder.disposable?.dispose()
        second.send(6)
        first.send(7)
        XCTAssertEqual(recorder.values, [5])
        XCTAssertEqual(first.disposals, 1)
        XCTAssertEqual(second.disposals, 1)
        XCTAssertEqual(recorder.terminals, 0)
    }

    func testConcatSubscribesNothingMoreOnceTheSubscriberDisposed() {
        let laterSubscriptions = Shared(0)
        let subscriber = DisposingAtFirstValueSubscriber<Int>()
        RACSignal.concat([coldValues(1, 2), countingSubscriptions({ laterSubscriptions.value += 1 }, 3)]).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(subscriber.terminals, 0)
        XCTAssertEqual(laterSubscriptions.value, 0)
    }

    func testConcatOfManySynchronousSignalsKeepsTheStackFlat() {
        let signals = (0..<20_000).map { RACSignal<Int>.return($0) }
        let recorder = RACSignal.concat(signals).record()
        XCTAssertEqual(recorder.values, Array(0..<20_000))
        XCTAssertEqual(recorder.completions, 1)
    }

    // MARK: merge

    func testMergeSendsValuesInArrivalOrderAndCompletesAfterAll() {
        let first = RACSubject<Int>(), second = RACSubject<Int>()
        let recorder = first.merge(second).record()
        first.sendNext(1)
        second.sendNext(2)
        second.sendNext(3)
        second.sendCompleted()
        XCTAssertEqual(recorder.completions, 0)
        first.sendNext(4)
        first.sendCompleted()
        XCTAssertEqual(recorder.values, [1, 2, 3, 4])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testMergeOfNoSignalsCompletesAtOnce() {
        let recorder = RACSignal<Int>.merge([]).record()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testMergeErrorDisposesTheOtherSources() {
        let first = DrivenSource<Int>(), second = DrivenSource<Int>(), third = DrivenSource<Int>()
        let recorder = RACSignal.merge([first.signal, second.signal, third.signal]).record()
        second.sendError()
        first.send(1)
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual([first.disposals, second.disposals, third.disposals], [1, 1, 1])
    }

    func testMergeSubscribesNothingAfterAnErrorDuringSubscription() {
        let laterSubscriptions = Shared(0)
        let failing = RACSignal<Int>.error(TestError())
        let later = countingSubscriptions({ laterSubscriptions.value += 1 }, 1)
        let recorder = RACSignal.merge([failing, later]).record()
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(laterSubscriptions.value, 0)
    }

    func testDisposingMergeDisposesEverySource() {
        let first = DrivenSource<Int>(), second = DrivenSource<Int>()
        let recorder = first.signal.merge(second.signal).record()
        first.send(1)
        recorder.disposable?.dispose()
        second.send(2)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual([first.disposals, second.disposals], [1, 1])
    }

    // MARK: zip

    func testZipPairsValuesInOrderAndHandlesUnevenSources() {
        let a = RACSubject<Int>(), b = RACSubject<Int>(), c = RACSubject<Int>()
        let recorder = RACSignal.zip([a, b, c]).record()
        a.sendNext(1); a.sendNext(2); a.sendNext(3)
        b.sendNext(1)
        c.sendNext(1); c.sendNext(2)
        XCTAssertEqual(recorder.values, [[1, 1, 1]])
        b.sendNext(2); b.sendNext(3); b.sendNext(4)
        b.sendCompleted()
        XCTAssertEqual(recorder.values, [[1, 1, 1], [2, 2, 2]])
        XCTAssertEqual(recorder.completions, 0, "b's 3 and 4 can still be paired")
        c.sendNext(3); c.sendNext(4); c.sendNext(5)
        c.sendError(TestError())
        XCTAssertEqual(recorder.values, [[1, 1, 1], [2, 2, 2], [3, 3, 3]])
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(recorder.completions, 0)
    }

    func testZipCompletesAsSoonAsNoTupleCanForm() {
        let a = RACSubject<Int>(), b = RACSubject<Int>()
        let recorder = RACSignal.zip([a, b]).record()
        a.sendNext(1)
        b.sendNext(1)
        a.sendNext(2)
        a.sendCompleted()
        XCTAssertEqual(recorder.completions, 0, "a's 2 is still waiting for a partner")
        b.sendNext(2)
        XCTAssertEqual(recorder.values, [[1, 1], [2, 2]])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testZipCompletesWhenAnEmptySourceCompletes() {
        let a = RACSubject<Int>(), b = RACSubject<Int>()
        let recorder = a.zipWith(b).record()
        a.sendNext(1)
        b.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(recorder.values.count, 0)
    }

    func testZipWithSendsTuplesAndDisposesBothSources() {
        let numbers = DrivenSource<Int>(), letters = DrivenSource<String>()
        let recorder = numbers.signal.zipWith(letters.signal).record()
        numbers.send(1, 2)
        letters.send("a")
        XCTAssertEqual(recorder.values.map { "\($0.0)\($0.1)" }, ["1a"])
        letters.send("b", "c")
        XCTAssertEqual(recorder.values.map { "\($0.0)\($0.1)" }, ["1a", "2b"])
        recorder.disposable?.dispose()
        XCTAssertEqual([numbers.disposals, letters.disposals], [1, 1])
    }

    func testZipOfNoSignalsCompletesAtOnce() {
        XCTAssertEqual(RACSignal<Int>.zip([]).record().completions, 1)
    }

    func testZipSubscribesNothingAfterAnErrorDuringSubscription() {
        let laterSubscriptions = Shared(0)
        let later = countingSubscriptions({ laterSubscriptions.value += 1 }, 1)
        let recorder = RACSignal.zip([.error(TestError()), later]).record()
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(laterSubscriptions.value, 0)
    }

    func testZipSubscribesSideEffectingSignalOncePerPosition() {
        let subscriptions = Shared(0)
        let signal = RACSignal<Int>.createSignal { subscriber in
            subscriptions.value += 1
            subscriber.sendNext(subscriptions.value)
            subscriber.sendCompleted()
            return nil
        }
        let recorder = RACSignal.zip([signal, signal]).record()
        XCTAssertEqual(subscriptions.value, 2)
        XCTAssertEqual(recorder.values, [[1, 2]])
        XCTAssertEqual(recorder.completions, 1)
    }

    // MARK: combineLatest

    func testCombineLatestSendsOnlyOnceEverySourceSent() {
        let a = RACSubject<Int>(), b = RACSubject<Int>()
        let recorder = RACSignal.combineLatest([a, b]).record()
        a.sendNext(1)
        a.sendNext(2)
        XCTAssertEqual(recorder.values, [])
        b.sendNext(10)
        a.sendNext(3)
        b.sendNext(20)
        XCTAssertEqual(recorder.values, [[2, 10], [3, 10], [3, 20]])
    }

    func testCombineLatestCompletesOnlyWhenAllComplete() {
        let a = RACSubject<Int>(), b = RACSubject<Int>(), c = RACSubject<Int>()
        let recorder = RACSignal.combineLatest([a, b, c]).record()
        a.sendCompleted()
        b.sendCompleted()
        XCTAssertEqual(recorder.completions, 0)
        c.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testCombineLatestErrorDisposesEverySource() {
        let a = DrivenSource<Int>(), b = DrivenSource<Int>()
        let recorder = RACSignal.combineLatest([a.signal, b.signal]).record()
        b.sendError()
        a.send(1)
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual([a.disposals, b.disposals], [1, 1])
    }

    func testCombineLatestOfOneOrNoSignals() {
        let subject = RACSubject<String>()
        let one = RACSignal.combineLatest([subject]).record()
        subject.sendNext("foo")
        XCTAssertEqual(one.values, [["foo"]])
        XCTAssertEqual(RACSignal<Int>.combineLatest([]).record().completions, 1)
    }

    func testCombineLatestCountsNilAsAValue() {
        let a = RACSubject<Int?>(), b = RACSubject<Int?>()
        let recorder = a.combineLatestWith(b).record()
        a.sendNext(nil)
        XCTAssertEqual(recorder.values.count, 0)
        b.sendNext(nil)
        XCTAssertEqual(recorder.values.count, 1)
        XCTAssertEqual(recorder.values.first?.0, .some(nil))
        a.sendNext(3)
        XCTAssertEqual(recorder.values.last?.0, 3)
        XCTAssertEqual(recorder.values.last?.1, .some(nil))
    }

    func testCombineLatestWithSendsTuplesOfTheSameSignal() {
        let subject = RACSubject<String>()
        let recorder = subject.combineLatestWith(subject).record()
        subject.sendNext("foo")
        XCTAssertEqual(recorder.values.last.map { "\($0.0) \($0.1)" }, "foo foo")
        subject.sendNext("bar")
        XCTAssertEqual(recorder.values.last.map { "\($0.0) \($0.1)" }, "bar bar")
    }

    // MARK: then

    func testThenIgnoresValuesAndContinuesAfterCompletion() {
        let calls = Shared(0)
        let source = DrivenSource<Int>()
        let signal = source.signal.then { () -> RACSignal<String> in
            calls.value += 1
            return coldValues("x", "y")
        }
        let recorder = signal.record()
        source.send(1, 2)
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(calls.value, 0, "the block runs only once the receiver completed")
        source.sendCompleted()
        XCTAssertEqual(recorder.values, ["x", "y"])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(calls.value, 1)
        XCTAssertEqual(source.disposals, 1)
        _ = signal.record()
        source.sendCompleted()
        XCTAssertEqual(calls.value, 2, "once per subscription")
    }

    func testThenPassesAnErrorWithoutCallingTheBlock() {
        let calls = Shared(0)
        let recorder = RACSignal<Int>.error(TestError()).then { () -> RACSignal<Int> in
            calls.value += 1
            return .empty()
        }.record()
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(calls.value, 0)
    }
}

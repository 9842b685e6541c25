import RACSwift
import XCTest

// Helpers shared by the OperatorsA2 test files, beside OperatorsA1Support's
// recorder (`a1Record()`), test-driven source (`OperatorsA1Source`) and
// `a1Values(_:)`.

extension OperatorsA1Recorder {
    /// Errors and completions received.
    var terminals: Int { errors.count + completions }
}

/// A cold signal that counts its subscriptions in `count`, then sends
/// `values` and completes.
func a2Counting<Value>(_ count: @escaping () -> Void, _ values: Value...) -> RACSignal<Value> {
    RACSignal.createSignal { subscriber in
        count()
        for value in values { subscriber.sendNext(value) }
        subscriber.sendCompleted()
        return nil
    }
}

/// A subscriber that disposes its subscription at its first value, through
/// the disposable it was given in `didSubscribe(with:)`: it can stop a
/// subscription in the middle of a synchronous `subscribe`.
final class A2DisposingSubscriber<Value>: RACSubscriber {
    private(set) var values: [Value] = []
    private(set) var terminals = 0
    private var disposable: RACCompoundDisposable?

    func didSubscribe(with disposable: RACCompoundDisposable) {
        if self.disposable == nil { self.disposable = disposable }
    }

    func sendNext(_ value: Value) {
        values.append(value)
        disposable?.dispose()
    }

    func sendError(_ error: any Error) { terminals += 1 }
    func sendCompleted() { terminals += 1 }
}

final class OperatorsA2CombiningTests: XCTestCase {
    // MARK: concat

    func testConcatSubscribesEachOnlyAfterThePreviousCompleted() {
        let first = OperatorsA1Source<Int>(), second = OperatorsA1Source<Int>(), third = OperatorsA1Source<Int>()
        let recorder = RACSignal.concat([first.signal, second.signal, third.signal]).a1Record()
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
        let recorder = RACSignal<Int>.concat([]).a1Record()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testConcatErrorEndsWithoutSubscribingTheRest() {
        let first = OperatorsA1Source<Int>(), second = OperatorsA1Source<Int>()
        let recorder = first.signal.concat(second.signal).a1Record()
        first.send(1)
        first.sendError(TestError(code: 7))
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.first as? TestError, TestError(code: 7))
        XCTAssertEqual(recorder.completions, 0)
        XCTAssertEqual(second.subscriptions, 0)
        XCTAssertEqual(first.disposals, 1)
    }

    func testDisposingConcatDisposesTheCurrentSourceOnly() {
        let first = OperatorsA1Source<Int>(), second = OperatorsA1Source<Int>()
        let recorder = first.signal.concat(second.signal).a1Record()
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
        var laterSubscriptions = 0
        let subscriber = A2DisposingSubscriber<Int>()
        RACSignal.concat([a1Values(1, 2), a2Counting({ laterSubscriptions += 1 }, 3)]).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(subscriber.terminals, 0)
        XCTAssertEqual(laterSubscriptions, 0)
    }

    func testConcatOfManySynchronousSignalsKeepsTheStackFlat() {
        let signals = (0..<20_000).map { RACSignal<Int>.return($0) }
        let recorder = RACSignal.concat(signals).a1Record()
        XCTAssertEqual(recorder.values, Array(0..<20_000))
        XCTAssertEqual(recorder.completions, 1)
    }

    // MARK: merge

    func testMergeSendsValuesInArrivalOrderAndCompletesAfterAll() {
        let first = RACSubject<Int>(), second = RACSubject<Int>()
        let recorder = first.merge(second).a1Record()
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
        let recorder = RACSignal<Int>.merge([]).a1Record()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testMergeErrorDisposesTheOtherSources() {
        let first = OperatorsA1Source<Int>(), second = OperatorsA1Source<Int>(), third = OperatorsA1Source<Int>()
        let recorder = RACSignal.merge([first.signal, second.signal, third.signal]).a1Record()
        second.sendError()
        first.send(1)
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual([first.disposals, second.disposals, third.disposals], [1, 1, 1])
    }

    func testMergeSubscribesNothingAfterAnErrorDuringSubscription() {
        var laterSubscriptions = 0
        let failing = RACSignal<Int>.error(TestError())
        let later = a2Counting({ laterSubscriptions += 1 }, 1)
        let recorder = RACSignal.merge([failing, later]).a1Record()
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(laterSubscriptions, 0)
    }

    func testDisposingMergeDisposesEverySource() {
        let first = OperatorsA1Source<Int>(), second = OperatorsA1Source<Int>()
        let recorder = first.signal.merge(second.signal).a1Record()
        first.send(1)
        recorder.disposable?.dispose()
        second.send(2)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual([first.disposals, second.disposals], [1, 1])
    }

    // MARK: zip

    func testZipPairsValuesInOrderAndHandlesUnevenSources() {
        let a = RACSubject<Int>(), b = RACSubject<Int>(), c = RACSubject<Int>()
        let recorder = RACSignal.zip([a, b, c]).a1Record()
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
        let recorder = RACSignal.zip([a, b]).a1Record()
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
        let recorder = a.zipWith(b).a1Record()
        a.sendNext(1)
        b.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(recorder.values.count, 0)
    }

    func testZipWithSendsTuplesAndDisposesBothSources() {
        let numbers = OperatorsA1Source<Int>(), letters = OperatorsA1Source<String>()
        let recorder = numbers.signal.zipWith(letters.signal).a1Record()
        numbers.send(1, 2)
        letters.send("a")
        XCTAssertEqual(recorder.values.map { "\($0.0)\($0.1)" }, ["1a"])
        letters.send("b", "c")
        XCTAssertEqual(recorder.values.map { "\($0.0)\($0.1)" }, ["1a", "2b"])
        recorder.disposable?.dispose()
        XCTAssertEqual([numbers.disposals, letters.disposals], [1, 1])
    }

    func testZipOfNoSignalsCompletesAtOnce() {
        XCTAssertEqual(RACSignal<Int>.zip([]).a1Record().completions, 1)
    }

    func testZipSubscribesNothingAfterAnErrorDuringSubscription() {
        var laterSubscriptions = 0
        let later = a2Counting({ laterSubscriptions += 1 }, 1)
        let recorder = RACSignal.zip([.error(TestError()), later]).a1Record()
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(laterSubscriptions, 0)
    }

    func testZipSubscribesSideEffectingSignalOncePerPosition() {
        var subscriptions = 0
        let signal = RACSignal<Int>.createSignal { subscriber in
            subscriptions += 1
            subscriber.sendNext(subscriptions)
            subscriber.sendCompleted()
            return nil
        }
        let recorder = RACSignal.zip([signal, signal]).a1Record()
        XCTAssertEqual(subscriptions, 2)
        XCTAssertEqual(recorder.values, [[1, 2]])
        XCTAssertEqual(recorder.completions, 1)
    }

    // MARK: combineLatest

    func testCombineLatestSendsOnlyOnceEverySourceSent() {
        let a = RACSubject<Int>(), b = RACSubject<Int>()
        let recorder = RACSignal.combineLatest([a, b]).a1Record()
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
        let recorder = RACSignal.combineLatest([a, b, c]).a1Record()
        a.sendCompleted()
        b.sendCompleted()
        XCTAssertEqual(recorder.completions, 0)
        c.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testCombineLatestErrorDisposesEverySource() {
        let a = OperatorsA1Source<Int>(), b = OperatorsA1Source<Int>()
        let recorder = RACSignal.combineLatest([a.signal, b.signal]).a1Record()
        b.sendError()
        a.send(1)
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual([a.disposals, b.disposals], [1, 1])
    }

    func testCombineLatestOfOneOrNoSignals() {
        let subject = RACSubject<String>()
        let one = RACSignal.combineLatest([subject]).a1Record()
        subject.sendNext("foo")
        XCTAssertEqual(one.values, [["foo"]])
        XCTAssertEqual(RACSignal<Int>.combineLatest([]).a1Record().completions, 1)
    }

    func testCombineLatestCountsNilAsAValue() {
        let a = RACSubject<Int?>(), b = RACSubject<Int?>()
        let recorder = a.combineLatestWith(b).a1Record()
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
        let recorder = subject.combineLatestWith(subject).a1Record()
        subject.sendNext("foo")
        XCTAssertEqual(recorder.values.last.map { "\($0.0) \($0.1)" }, "foo foo")
        subject.sendNext("bar")
        XCTAssertEqual(recorder.values.last.map { "\($0.0) \($0.1)" }, "bar bar")
    }

    // MARK: then

    func testThenIgnoresValuesAndContinuesAfterCompletion() {
        var calls = 0
        let source = OperatorsA1Source<Int>()
        let signal = source.signal.then { () -> RACSignal<String> in
            calls += 1
            return a1Values("x", "y")
        }
        let recorder = signal.a1Record()
        source.send(1, 2)
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(calls, 0, "the block runs only once the receiver completed")
        source.sendCompleted()
        XCTAssertEqual(recorder.values, ["x", "y"])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(source.disposals, 1)
        _ = signal.a1Record()
        source.sendCompleted()
        XCTAssertEqual(calls, 2, "once per subscription")
    }

    func testThenPassesAnErrorWithoutCallingTheBlock() {
        var calls = 0
        let recorder = RACSignal<Int>.error(TestError()).then { () -> RACSignal<Int> in
            calls += 1
            return .empty()
        }.a1Record()
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(calls, 0)
    }
}

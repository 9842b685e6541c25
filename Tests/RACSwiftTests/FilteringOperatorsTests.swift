import RACSwift
import RACSwiftTestSupport
import XCTest

final class FilteringOperatorsTests: XCTestCase {
    // MARK: ignoreValues

    func testIgnoreValuesPassesOnlyCompletion() {
        let recorder = coldValues(1, 2).ignoreValues().record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testIgnoreValuesPassesErrorOn() {
        let recorder = coldFailing(1).ignoreValues().record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    // MARK: take

    func testTakeCompletesAfterTheNthValueAndDisposesSourceOnce() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.take(2).record()
        source.send(1)
        XCTAssertEqual(recorder.completions, 0)
        XCTAssertEqual(source.disposals, 0)
        source.send(2)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1, "completes right after the second value")
        XCTAssertEqual(source.disposals, 1)
        source.send(3)
        source.sendCompleted()
        recorder.disposable?.dispose()
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1, "the source is disposed exactly once")
    }

    func testTakeZeroCompletesWithoutSubscribingToTheSource() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.take(0).record()
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.subscriptions, 0)
    }

    func testTakeMoreThanTheSourceSendsCompletesWithTheSource() {
        let recorder = coldValues(1, 2).take(5).record()
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTakePassesErrorOn() {
        let recorder = coldFailing(1).take(2).record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testTakeCountsAgainForEachSubscription() {
        let taken = coldValues(1, 2, 3).take(2)
        XCTAssertEqual(taken.record().values, [1, 2])
        XCTAssertEqual(taken.record().values, [1, 2])
    }

    // MARK: skip

    func testSkipDropsTheFirstValues() {
        let recorder = coldValues(1, 2, 3, 4).skip(2).record()
        XCTAssertEqual(recorder.values, [3, 4])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSkipZeroSendsEverything() {
        XCTAssertEqual(coldValues(1, 2).skip(0).record().values, [1, 2])
    }

    func testSkipCountsAgainForEachSubscription() {
        let skipped = coldValues(1, 2, 3).skip(1)
        XCTAssertEqual(skipped.record().values, [2, 3])
        XCTAssertEqual(skipped.record().values, [2, 3])
    }

    func testSkipPassesErrorOn() {
        let recorder = coldFailing(1, 2).skip(1).record()
        XCTAssertEqual(recorder.values, [2])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    // MARK: takeLast

    func testTakeLastSendsTheLastValuesInOrderOnCompletion() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.takeLast(3).record()
        source.send(1, 2, 3, 4, 5)
        XCTAssertEqual(recorder.values, [], "nothing is sent before completion")
        source.sendCompleted()
        XCTAssertEqual(recorder.values, [3, 4, 5])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTakeLastWithFewerValuesSendsThemAll() {
        XCTAssertEqual(coldValues(1, 2).takeLast(3).record().values, [1, 2])
    }

    func testTakeLastZeroOnlyCompletes() {
        let recorder = coldValues(1, 2).takeLast(0).record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTakeLastDropsHeldValuesOnError() {
        let recorder = coldFailing(1, 2).takeLast(1).record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    // MARK: takeUntilBlock / takeWhileBlock

    func testTakeUntilBlockCompletesAtTheMatchingValueWithoutSendingIt() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.takeUntilBlock { $0 > 2 }.record()
        source.send(1, 2, 3, 1)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testTakeWhileBlockCompletesAtTheFirstFailingValue() {
        let source = DrivenSource<Int>()
        let recorder = source.signal.takeWhileBlock { $0 < 3 }.record()
        source.send(1, 2, 3, 1)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testTakeWhileBlockPassesCompletionOn() {
        let recorder = coldValues(1, 2).takeWhileBlock { _ in true }.record()
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
    }

    // MARK: skipUntilBlock / skipWhileBlock

    func testSkipUntilBlockSendsFromTheMatchingValueOnWithoutAskingAgain() {
        let asked = Shared<[Int]>([])
        let recorder = coldValues(1, 3, 1, 4).skipUntilBlock { value in
            asked.value.append(value)
            return value > 2
        }.record()
        XCTAssertEqual(recorder.values, [3, 1, 4])
        XCTAssertEqual(asked.value, [1, 3])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSkipWhileBlockSendsFromTheFirstFailingValueOn() {
        let recorder = coldValues(1, 2, 5, 1).skipWhileBlock { $0 < 3 }.record()
        XCTAssertEqual(recorder.values, [5, 1])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSkipUntilBlockRestartsForEachSubscription() {
        let skipped = coldValues(1, 3, 1).skipUntilBlock { $0 == 3 }
        XCTAssertEqual(skipped.record().values, [3, 1])
        XCTAssertEqual(skipped.record().values, [3, 1])
    }

    // MARK: distinctUntilChanged

    func testDistinctUntilChangedDropsRepeats() {
        let recorder = coldValues(1, 1, 2, 2, 2, 1, 3).distinctUntilChanged().record()
        XCTAssertEqual(recorder.values, [1, 2, 1, 3])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testDistinctUntilChangedSendsAFirstNil() {
        let recorder = coldValues(nil, nil, 1, nil).distinctUntilChanged().record()
        XCTAssertEqual(recorder.values, [nil, 1, nil])
    }

    func testDistinctUntilChangedComparesAfreshForEachSubscription() {
        let distinct = coldValues(1, 1).distinctUntilChanged()
        XCTAssertEqual(distinct.record().values, [1])
        XCTAssertEqual(distinct.record().values, [1])
    }

    // MARK: names

    func testNamesFollowRAC() {
        let source = RACSubject<Int>()
        source.name = "src"
        XCTAssertEqual(source.take(2).name, "[src] -take: 2")
        XCTAssertEqual(source.take(0).name, "[src] -take: 0")
        XCTAssertEqual(source.skipWhileBlock { _ in true }.name, "[src] -skipWhileBlock:")
        XCTAssertEqual(source.takeWhileBlock { _ in true }.name, "[src] -takeWhileBlock:")
    }
}

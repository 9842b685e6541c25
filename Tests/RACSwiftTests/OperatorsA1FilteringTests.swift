import RACSwift
import XCTest

final class OperatorsA1FilteringTests: XCTestCase {
    // MARK: ignoreValues

    func testIgnoreValuesPassesOnlyCompletion() {
        let recorder = a1Values(1, 2).ignoreValues().a1Record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testIgnoreValuesPassesErrorOn() {
        let recorder = a1Failing(1).ignoreValues().a1Record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    // MARK: take

    func testTakeCompletesAfterTheNthValueAndDisposesSourceOnce() {
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.take(2).a1Record()
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
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.take(0).a1Record()
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.subscriptions, 0)
    }

    func testTakeMoreThanTheSourceSendsCompletesWithTheSource() {
        let recorder = a1Values(1, 2).take(5).a1Record()
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTakePassesErrorOn() {
        let recorder = a1Failing(1).take(2).a1Record()
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    func testTakeCountsAgainForEachSubscription() {
        let taken = a1Values(1, 2, 3).take(2)
        XCTAssertEqual(taken.a1Record().values, [1, 2])
        XCTAssertEqual(taken.a1Record().values, [1, 2])
    }

    // MARK: skip

    func testSkipDropsTheFirstValues() {
        let recorder = a1Values(1, 2, 3, 4).skip(2).a1Record()
        XCTAssertEqual(recorder.values, [3, 4])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSkipZeroSendsEverything() {
        XCTAssertEqual(a1Values(1, 2).skip(0).a1Record().values, [1, 2])
    }

    func testSkipCountsAgainForEachSubscription() {
        let skipped = a1Values(1, 2, 3).skip(1)
        XCTAssertEqual(skipped.a1Record().values, [2, 3])
        XCTAssertEqual(skipped.a1Record().values, [2, 3])
    }

    func testSkipPassesErrorOn() {
        let recorder = a1Failing(1, 2).skip(1).a1Record()
        XCTAssertEqual(recorder.values, [2])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    // MARK: takeLast

    func testTakeLastSendsTheLastValuesInOrderOnCompletion() {
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.takeLast(3).a1Record()
        source.send(1, 2, 3, 4, 5)
        XCTAssertEqual(recorder.values, [], "nothing is sent before completion")
        source.sendCompleted()
        XCTAssertEqual(recorder.values, [3, 4, 5])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTakeLastWithFewerValuesSendsThemAll() {
        XCTAssertEqual(a1Values(1, 2).takeLast(3).a1Record().values, [1, 2])
    }

    func testTakeLastZeroOnlyCompletes() {
        let recorder = a1Values(1, 2).takeLast(0).a1Record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testTakeLastDropsHeldValuesOnError() {
        let recorder = a1Failing(1, 2).takeLast(1).a1Record()
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.errors.count, 1)
    }

    // MARK: takeUntilBlock / takeWhileBlock

    func testTakeUntilBlockCompletesAtTheMatchingValueWithoutSendingIt() {
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.takeUntilBlock { $0 > 2 }.a1Record()
        source.send(1, 2, 3, 1)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testTakeWhileBlockCompletesAtTheFirstFailingValue() {
        let source = OperatorsA1Source<Int>()
        let recorder = source.signal.takeWhileBlock { $0 < 3 }.a1Record()
        source.send(1, 2, 3, 1)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testTakeWhileBlockPassesCompletionOn() {
        let recorder = a1Values(1, 2).takeWhileBlock { _ in true }.a1Record()
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.completions, 1)
    }

    // MARK: skipUntilBlock / skipWhileBlock

    func testSkipUntilBlockSendsFromTheMatchingValueOnWithoutAskingAgain() {
        var asked: [Int] = []
        let recorder = a1Values(1, 3, 1, 4).skipUntilBlock { value in
            asked.append(value)
            return value > 2
        }.a1Record()
        XCTAssertEqual(recorder.values, [3, 1, 4])
        XCTAssertEqual(asked, [1, 3])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSkipWhileBlockSendsFromTheFirstFailingValueOn() {
        let recorder = a1Values(1, 2, 5, 1).skipWhileBlock { $0 < 3 }.a1Record()
        XCTAssertEqual(recorder.values, [5, 1])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSkipUntilBlockRestartsForEachSubscription() {
        let skipped = a1Values(1, 3, 1).skipUntilBlock { $0 == 3 }
        XCTAssertEqual(skipped.a1Record().values, [3, 1])
        XCTAssertEqual(skipped.a1Record().values, [3, 1])
    }

    // MARK: distinctUntilChanged

    func testDistinctUntilChangedDropsRepeats() {
        let recorder = a1Values(1, 1, 2, 2, 2, 1, 3).distinctUntilChanged().a1Record()
        XCTAssertEqual(recorder.values, [1, 2, 1, 3])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testDistinctUntilChangedSendsAFirstNil() {
        let recorder = a1Values(nil, nil, 1, nil).distinctUntilChanged().a1Record()
        XCTAssertEqual(recorder.values, [nil, 1, nil])
    }

    func testDistinctUntilChangedComparesAfreshForEachSubscription() {
        let distinct = a1Values(1, 1).distinctUntilChanged()
        XCTAssertEqual(distinct.a1Record().values, [1])
        XCTAssertEqual(distinct.a1Record().values, [1])
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

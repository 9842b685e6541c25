import RACSwift
import XCTest

final class OperatorsA1BooleanEventsTests: XCTestCase {
    // MARK: Boolean

    func testNotNegatesEachValue() {
        let recorder = a1Values(true, false).not().a1Record()
        XCTAssertEqual(recorder.values, [false, true])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testAndIsTrueWhenEveryElementIs() {
        let recorder = a1Values([true, true], [true, false], [false, false], []).and().a1Record()
        XCTAssertEqual(recorder.values, [true, false, false, true])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testOrIsTrueWhenAnyElementIs() {
        let recorder = a1Values([true, true], [true, false], [false, false], []).or().a1Record()
        XCTAssertEqual(recorder.values, [true, true, false, false])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testBooleanOperatorsPassErrorsOn() {
        XCTAssertEqual(a1Failing(true).not().a1Record().errors.count, 1)
        XCTAssertEqual(a1Failing([true]).and().a1Record().errors.count, 1)
        XCTAssertEqual(a1Failing([true]).or().a1Record().errors.count, 1)
    }

    // MARK: materialize / dematerialize

    func testMaterializeSendsValuesAndCompletionAsEvents() {
        let recorder = a1Values(1, 2).materialize().a1Record()
        XCTAssertEqual(recorder.values.map(\.description), ["next 1", "next 2", "completed"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testMaterializeTurnsTheErrorIntoAValueAndCompletes() {
        let recorder = a1Failing(1, error: TestError(code: 3)).materialize().a1Record()
        XCTAssertEqual(recorder.values.map(\.eventType), [.next, .error])
        XCTAssertEqual(recorder.values.last?.error as? TestError, TestError(code: 3))
        XCTAssertEqual(recorder.errors.count, 0)
        XCTAssertEqual(recorder.completions, 1)
    }

    func testDematerializeUndoesMaterialize() {
        let completed = a1Values(1, 2).materialize().dematerialize().a1Record()
        XCTAssertEqual(completed.values, [1, 2])
        XCTAssertEqual(completed.completions, 1)
        let failed = a1Failing(1, error: TestError(code: 2)).materialize().dematerialize().a1Record()
        XCTAssertEqual(failed.values, [1])
        XCTAssertEqual(failed.errors.map { $0 as? TestError }, [TestError(code: 2)])
    }

    func testDematerializeEndsAtAnErrorEventAndDisposesSource() {
        let source = OperatorsA1Source<RACEvent<Int>>()
        let recorder = source.signal.dematerialize().a1Record()
        source.send(.next(1), .error(TestError()), .next(2))
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testDematerializeEndsAtACompletedEventAndDisposesSource() {
        let source = OperatorsA1Source<RACEvent<Int>>()
        let recorder = source.signal.dematerialize().a1Record()
        source.send(.completed, .next(2))
        XCTAssertEqual(recorder.values, [])
        XCTAssertEqual(recorder.completions, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    // MARK: RACUnit

    func testUnitsAreAllEqual() {
        XCTAssertEqual(RACUnit.defaultUnit, RACUnit.defaultUnit)
        XCTAssertEqual(Set([RACUnit.defaultUnit, .defaultUnit]).count, 1)
    }
}

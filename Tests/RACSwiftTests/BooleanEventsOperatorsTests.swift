import RACSwift
import XCTest

final class BooleanEventsOperatorsTests: XCTestCase {
    // MARK: Boolean

    func testNotNegatesEachValue() {
        let recorder = coldValues(true, false).not().record()
        XCTAssertEqual(recorder.values, [false, true])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testAndIsTrueWhenEveryElementIs() {
        let recorder = coldValues([true, true], [true, false], [false, false], []).and().record()
        XCTAssertEqual(recorder.values, [true, false, false, true])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testOrIsTrueWhenAnyElementIs() {
        let recorder = coldValues([true, true], [true, false], [false, false], []).or().record()
        XCTAssertEqual(recorder.values, [true, true, false, false])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testBooleanOperatorsPassErrorsOn() {
        XCTAssertEqual(coldFailing(true).not().record().errors.count, 1)
        XCTAssertEqual(coldFailing([true]).and().record().errors.count, 1)
        XCTAssertEqual(coldFailing([true]).or().record().errors.count, 1)
    }

    // MARK: materialize / dematerialize

    func testMaterializeSendsValuesAndCompletionAsEvents() {
        let recorder = coldValues(1, 2).materialize().record()
        XCTAssertEqual(recorder.values.map(\.description), ["next 1", "next 2", "completed"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testMaterializeTurnsTheErrorIntoAValueAndCompletes() {
        let recorder = coldFailing(1, error: TestError(code: 3)).materialize().record()
        XCTAssertEqual(recorder.values.map(\.eventType), [.next, .error])
        XCTAssertEqual(recorder.values.last?.error as? TestError, TestError(code: 3))
        XCTAssertEqual(recorder.errors.count, 0)
        XCTAssertEqual(recorder.completions, 1)
    }

    func testDematerializeUndoesMaterialize() {
        let completed = coldValues(1, 2).materialize().dematerialize().record()
        XCTAssertEqual(completed.values, [1, 2])
        XCTAssertEqual(completed.completions, 1)
        let failed = coldFailing(1, error: TestError(code: 2)).materialize().dematerialize().record()
        XCTAssertEqual(failed.values, [1])
        XCTAssertEqual(failed.errors.map { $0 as? TestError }, [TestError(code: 2)])
    }

    func testDematerializeEndsAtAnErrorEventAndDisposesSource() {
        let source = DrivenSource<RACEvent<Int>>()
        let recorder = source.signal.dematerialize().record()
        source.send(.next(1), .error(TestError()), .next(2))
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.count, 1)
        XCTAssertEqual(source.disposals, 1)
    }

    func testDematerializeEndsAtACompletedEventAndDisposesSource() {
        let source = DrivenSource<RACEvent<Int>>()
        let recorder = source.signal.dematerialize().record()
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

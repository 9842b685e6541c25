import RACSwift
import XCTest

final class OperatorsA1ConditionalTests: XCTestCase {
    // MARK: if(_:then:else:)

    func testIfSendsTheBranchOfTheLatestBool() {
        let condition = RACSubject<Bool>()
        let yes = RACSubject<String>()
        let no = RACSubject<String>()
        let recorder = RACSignal.if(condition, then: yes, else: no).a1Record()
        yes.sendNext("ignored: nothing chosen yet")
        condition.sendNext(true)
        yes.sendNext("y1")
        no.sendNext("ignored: not chosen")
        condition.sendNext(false)
        yes.sendNext("ignored: no longer chosen")
        no.sendNext("n1")
        XCTAssertEqual(recorder.values, ["y1", "n1"])
    }

    func testIfDisposesTheBranchItLeaves() {
        let condition = RACSubject<Bool>()
        let yes = OperatorsA1Source<Int>()
        let recorder = RACSignal.if(condition, then: yes.signal, else: .never()).a1Record()
        condition.sendNext(true)
        XCTAssertEqual(yes.subscriptions, 1)
        condition.sendNext(false)
        XCTAssertEqual(yes.disposals, 1)
        yes.send(1)
        XCTAssertEqual(recorder.values, [])
    }

    func testIfResubscribesAColdBranchEachTimeItIsChosen() {
        let condition = RACSubject<Bool>()
        let recorder = RACSignal.if(condition, then: a1Values(1, 2), else: a1Values(0)).a1Record()
        condition.sendNext(true)
        condition.sendNext(false)
        condition.sendNext(true)
        XCTAssertEqual(recorder.values, [1, 2, 0, 1, 2])
        XCTAssertEqual(recorder.completions, 0, "the condition has not completed")
        condition.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testIfWaitsForTheCurrentBranchToComplete() {
        let condition = RACSubject<Bool>()
        let yes = RACSubject<Int>()
        let recorder = RACSignal.if(condition, then: yes, else: .empty()).a1Record()
        condition.sendNext(true)
        condition.sendCompleted()
        XCTAssertEqual(recorder.completions, 0)
        yes.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testIfPassesErrorsOfTheConditionAndOfTheBranchOn() {
        let conditionFails = RACSignal<Int>.if(.error(TestError(code: 1)), then: .never(), else: .never()).a1Record()
        XCTAssertEqual(conditionFails.errors.map { $0 as? TestError }, [TestError(code: 1)])
        let branchFails = RACSignal.if(.return(true), then: a1Failing(5, error: TestError(code: 2)),
                                       else: .never()).a1Record()
        XCTAssertEqual(branchFails.values, [5])
        XCTAssertEqual(branchFails.errors.map { $0 as? TestError }, [TestError(code: 2)])
    }

    // MARK: switch(_:cases:default:)

    func testSwitchSendsTheCaseOfTheLatestKey() {
        let keys = RACSubject<String>()
        let a = RACSubject<Int>()
        let b = RACSubject<Int>()
        let recorder = RACSignal.switch(keys, cases: ["a": a, "b": b], default: nil).a1Record()
        keys.sendNext("a")
        a.sendNext(1)
        b.sendNext(-1)
        keys.sendNext("b")
        a.sendNext(-2)
        b.sendNext(2)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(recorder.errors.count, 0)
    }

    func testSwitchFallsBackToTheDefault() {
        let recorder = RACSignal.switch(a1Values(1, 2), cases: [1: a1Values("one")],
                                        default: a1Values("other")).a1Record()
        XCTAssertEqual(recorder.values, ["one", "other"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSwitchFailsOnAKeyWithNoCaseAndNoDefault() {
        let source = OperatorsA1Source<String>()
        let recorder = RACSignal.switch(source.signal, cases: ["a": a1Values(1)], default: nil).a1Record()
        source.send("a", "c")
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.map { $0 as? RACSignalError }, [.noMatchingCase(key: "c")])
        XCTAssertEqual(recorder.errors.map { "\($0)" }, ["No matching signal found for value c"])
        XCTAssertEqual(source.disposals, 1)
    }

    func testSwitchMatchesANilKey() {
        let recorder = RACSignal.switch(a1Values(nil, "x"), cases: [nil: a1Values(0), "x": a1Values(1)],
                                        default: nil).a1Record()
        XCTAssertEqual(recorder.values, [0, 1])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSwitchPassesTheCurrentCasesErrorOn() {
        let recorder = RACSignal<Int>.switch(a1Values(true), cases: [true: a1Failing(error: TestError(code: 9))],
                                        default: nil).a1Record()
        XCTAssertEqual(recorder.errors.map { $0 as? TestError }, [TestError(code: 9)])
    }
}

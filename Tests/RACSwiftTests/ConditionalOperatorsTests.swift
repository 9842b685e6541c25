import RACSwift
import XCTest

final class ConditionalOperatorsTests: XCTestCase {
    // MARK: if(_:then:else:)

    func testIfSendsTheBranchOfTheLatestBool() {
        let condition = RACSubject<Bool>()
        let yes = RACSubject<String>()
        let no = RACSubject<String>()
        let recorder = RACSignal.if(condition, then: yes, else: no).record()
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
        let yes = DrivenSource<Int>()
        let recorder = RACSignal.if(condition, then: yes.signal, else: .never()).record()
        condition.sendNext(true)
        XCTAssertEqual(yes.subscriptions, 1)
        condition.sendNext(false)
        XCTAssertEqual(yes.disposals, 1)
        yes.send(1)
        XCTAssertEqual(recorder.values, [])
    }

    func testIfResubscribesAColdBranchEachTimeItIsChosen() {
        let condition = RACSubject<Bool>()
        let recorder = RACSignal.if(condition, then: coldValues(1, 2), else: coldValues(0)).record()
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
        let recorder = RACSignal.if(condition, then: yes, else: .empty()).record()
        condition.sendNext(true)
        condition.sendCompleted()
        XCTAssertEqual(recorder.completions, 0)
        yes.sendCompleted()
        XCTAssertEqual(recorder.completions, 1)
    }

    func testIfPassesErrorsOfTheConditionAndOfTheBranchOn() {
        let conditionFails = RACSignal<Int>.if(.error(TestError(code: 1)), then: .never(), else: .never()).record()
        XCTAssertEqual(conditionFails.errors.map { $0 as? TestError }, [TestError(code: 1)])
        let branchFails = RACSignal.if(.return(true), then: coldFailing(5, error: TestError(code: 2)),
                                       else: .never()).record()
        XCTAssertEqual(branchFails.values, [5])
        XCTAssertEqual(branchFails.errors.map { $0 as? TestError }, [TestError(code: 2)])
    }

    // MARK: switch(_:cases:default:)

    func testSwitchSendsTheCaseOfTheLatestKey() {
        let keys = RACSubject<String>()
        let a = RACSubject<Int>()
        let b = RACSubject<Int>()
        let recorder = RACSignal.switch(keys, cases: ["a": a, "b": b], default: nil).record()
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
        let recorder = RACSignal.switch(coldValues(1, 2), cases: [1: coldValues("one")],
                                        default: coldValues("other")).record()
        XCTAssertEqual(recorder.values, ["one", "other"])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSwitchFailsOnAKeyWithNoCaseAndNoDefault() {
        let source = DrivenSource<String>()
        let recorder = RACSignal.switch(source.signal, cases: ["a": coldValues(1)], default: nil).record()
        source.send("a", "c")
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(recorder.errors.map { $0 as? RACSignalError }, [.noMatchingCase(key: "c")])
        XCTAssertEqual(recorder.errors.map { "\($0)" }, ["No matching signal found for value c"])
        XCTAssertEqual(source.disposals, 1)
    }

    func testSwitchMatchesANilKey() {
        let recorder = RACSignal.switch(coldValues(nil, "x"), cases: [nil: coldValues(0), "x": coldValues(1)],
                                        default: nil).record()
        XCTAssertEqual(recorder.values, [0, 1])
        XCTAssertEqual(recorder.completions, 1)
    }

    func testSwitchPassesTheCurrentCasesErrorOn() {
        let recorder = RACSignal<Int>.switch(coldValues(true), cases: [true: coldFailing(error: TestError(code: 9))],
                                        default: nil).record()
        XCTAssertEqual(recorder.errors.map { $0 as? TestError }, [TestError(code: 9)])
    }
}

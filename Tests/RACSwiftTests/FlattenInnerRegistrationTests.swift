@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// A signal that keeps the sink of its one subscription for the test to end
/// (or ends it during `subscribe`, `completesAtOnce`), and returns
/// `subscription`, a disposable that counts its disposals: what an inner
/// signal's subscription in a `flattenMap` group looks like from outside.
final class HeldSinkSignal: RACSignal<Int>, @unchecked Sendable {
    let disposals = Shared(0)
    private(set) lazy var subscription = RACDisposable { [disposals] in disposals.value += 1 }
    private(set) var sink: RACSubscriptionSink<Int>?
    private let completesAtOnce: Bool

    init(completesAtOnce: Bool) {
        self.completesAtOnce = completesAtOnce
        super.init()
    }

    override class var subscribesSinks: Bool { true }

    override func subscribe(sink: RACSubscriptionSink<Int>) -> RACDisposable {
        if completesAtOnce {
            sink.sendNext(1)
            sink.sendCompleted()
        } else {
            self.sink = sink
        }
        return subscription
    }
}

/// An inner signal's subscription is in the whole's group while it runs, and
/// only then: one that completed (during its subscription or later) is not
/// disposed with the whole, one still running is.
final class FlattenInnerRegistrationTests: XCTestCase {
    private func flattenMap(_ inners: [HeldSinkSignal]) -> (RACSubject<Int>, RACDisposable) {
        let outer = RACSubject<Int>()
        return (outer, outer.flattenMap { inners[$0] }.subscribeNext { _ in })
    }

    func testAnInnerSignalThatCompletedDuringItsSubscriptionIsNotInTheGroup() {
        let inners = (0..<3).map { _ in HeldSinkSignal(completesAtOnce: true) }
        let (outer, whole) = flattenMap(inners)
        for index in inners.indices { outer.sendNext(index) }
        whole.dispose()
        XCTAssertEqual(inners.map(\.disposals.value), [0, 0, 0])
    }

    func testAnInnerSignalThatCompletesLaterLeavesTheGroup() {
        let inners = (0..<3).map { _ in HeldSinkSignal(completesAtOnce: false) }
        let (outer, whole) = flattenMap(inners)
        for index in inners.indices { outer.sendNext(index) }
        inners[0].sink?.sendCompleted()
        inners[2].sink?.sendCompleted()
        whole.dispose()
        XCTAssertEqual(inners.map(\.disposals.value), [0, 1, 0], "only the running one is disposed with the whole")
    }

    func testConcatsInnerSignalsLeaveTheGroupWhenTheyComplete() {
        let inners = (0..<3).map { _ in HeldSinkSignal(completesAtOnce: false) }
        let outer = RACSubject<RACSignal<Int>>()
        let whole = outer.concat().subscribeNext { _ in }
        for inner in inners { outer.sendNext(inner) }
        inners[0].sink?.sendCompleted()
        whole.dispose()
        XCTAssertEqual(inners.map(\.disposals.value), [0, 1, 0], "the second runs, the third never started")
    }

    func testAnInnerSignalSubscribedAfterTheWholeWasDisposedIsDisposedAtOnce() {
        let inner = HeldSinkSignal(completesAtOnce: false)
        let group = RACCompoundDisposable()
        group.dispose()
        RACInnerSink<Int>.subscribe(inner, passingTo: RACSubscriptionSink(), in: group, at: nil, onCompleted: {})
        XCTAssertEqual(inner.disposals.value, 1)
    }

    func testMapOfReturnRunsItsBlockOncePerSubscriptionAndKeepsItsName() {
        let calls = Shared(0)
        let mapped = RACSignal.return(20).map { value -> Int in
            calls.value += 1
            return value + 1
        }
        let values = Shared<[Int]>([])
        let completions = Shared(0)
        for _ in 0..<2 {
            mapped.subscribeNext({ values.value.append($0) }, completed: { completions.value += 1 })
        }
        XCTAssertEqual(values.value, [21, 21])
        XCTAssertEqual(completions.value, 2)
        XCTAssertEqual(calls.value, 2)
        XCTAssertEqual(mapped.name, "[+return:] -map:")
        XCTAssertEqual(RACSignal<Int>.empty().name, "+empty")
        XCTAssertEqual(RACSignal<Int>.error(RACSignalError.timedOut).name, "+error:")
    }
}

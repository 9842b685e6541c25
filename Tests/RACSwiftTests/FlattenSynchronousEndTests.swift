import RACSwift
import RACSwiftTestSupport
import XCTest

/// RAC 2.5's `-flatten:` and `-concat`: when the receiver has completed and
/// the last inner signal, started from the waiting queue, completes during
/// its own subscription, the flattened signal completes, and its
/// subscription is disposed, inside that inner `sendCompleted()` call.
final class FlattenSynchronousEndTests: XCTestCase {
    /// `limit` inner subjects run; `last` waits, sends 99 and completes at
    /// once when it is subscribed, after the receiver and the running ones
    /// completed.
    private func checkSynchronousEnd(_ name: String, limit: Int,
                                     _ flatten: (RACSignal<RACSignal<Int>>) -> RACSignal<Int>) {
        let outer = RACSubject<RACSignal<Int>>()
        let running = (0..<limit).map { _ in RACSubject<Int>() }
        let flattened = Shared<RACDisposable?>(nil)
        let disposedRightAfter = Shared<Bool?>(nil)
        let completedRightAfter = Shared<Bool?>(nil)
        let completed = Shared(false)
        let last = RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(99)
            subscriber.sendCompleted()
            disposedRightAfter.value = flattened.value?.isDisposed
            completedRightAfter.value = completed.value
            return nil
        }
        let values = Shared<[Int]>([])
        flattened.value = flatten(outer).subscribeNext({ values.value.append($0) }, completed: { completed.value = true })
        for inner in running { outer.sendNext(inner) }
        outer.sendNext(last)
        outer.sendCompleted()
        for (index, inner) in running.enumerated().reversed() {
            inner.sendNext(index)
            inner.sendCompleted()
        }
        XCTAssertEqual(values.value, (0..<limit).reversed() + [99], name)
        XCTAssertEqual(completedRightAfter.value, true, "\(name): completed inside the inner sendCompleted()")
        XCTAssertEqual(disposedRightAfter.value, true, "\(name): disposed inside the inner sendCompleted()")
    }

    func testConcatEndsInsideTheLastInnerSendCompleted() {
        checkSynchronousEnd("concat", limit: 1) { $0.concat() }
    }

    /// (With a limit above 1, a waiting signal starts while others still
    /// run, so it cannot be the one whose completion ends the whole.)
    func testFlattenOneEndsInsideTheLastInnerSendCompleted() {
        checkSynchronousEnd("flatten(1)", limit: 1) { $0.flatten(1) }
    }

    /// A waiting signal that completes at once, with more waiting behind
    /// it, does not end the whole, and the next one starts after it.
    func testASynchronousInnerWithMoreWaitingLetsTheNextStart() {
        let outer = RACSubject<RACSignal<Int>>()
        let first = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let completed = Shared(false)
        outer.concat().subscribeNext({ values.value.append($0) }, completed: { completed.value = true })
        outer.sendNext(first)
        outer.sendNext(RACSignal.return(1))
        outer.sendNext(RACSignal.return(2))
        outer.sendCompleted()
        first.sendCompleted()
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertTrue(completed.value)
    }
}

import RACSwift
import XCTest

final class OperatorBasicsTests: XCTestCase {
    func testMapFilterChain() {
        var values: [String] = []
        var completed = 0
        RACSignal<Int>.createSignal { subscriber in
            for value in 1...6 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
        .map { $0 * 10 }
        .filter { $0 % 20 == 0 }
        .map { "v\($0)" }
        .subscribeNext({ values.append($0) }, completed: { completed += 1 })
        XCTAssertEqual(values, ["v20", "v40", "v60"])
        XCTAssertEqual(completed, 1)
    }

    func testDisposingOperatorSubscriptionDisposesSource() {
        var cleanups = 0
        var escaped: (any RACSubscriber<Int>)?
        var values: [Int] = []
        let disposable = RACSignal<Int>.createSignal { subscriber in
            escaped = subscriber
            return RACDisposable { cleanups += 1 }
        }
        .map { $0 + 1 }
        .subscribeNext { values.append($0) }
        escaped?.sendNext(1)
        disposable.dispose()
        escaped?.sendNext(2)
        XCTAssertEqual(values, [2])
        XCTAssertEqual(cleanups, 1)
    }

    func testErrorPassesThroughAndDisposesSource() {
        var cleanups = 0
        var errors = 0
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendError(TestError())
            return RACDisposable { cleanups += 1 }
        }
        .filter { _ in true }
        .subscribeError { _ in errors += 1 }
        XCTAssertEqual(errors, 1)
        XCTAssertEqual(cleanups, 1)
    }

    func testIgnoreAndMapReplace() {
        var values: [String] = []
        let subject = RACSubject<Int>()
        subject.ignore(2).mapReplace("x").subscribeNext { values.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        XCTAssertEqual(values, ["x", "x"])
    }
}

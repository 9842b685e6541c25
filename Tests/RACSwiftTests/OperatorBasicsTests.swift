import RACSwift
import RACSwiftTestSupport
import XCTest

final class OperatorBasicsTests: XCTestCase {
    func testMapFilterChain() {
        let values = Shared<[String]>([])
        let completed = Shared(0)
        RACSignal<Int>.createSignal { subscriber in
            for value in 1...6 { subscriber.sendNext(value) }
            subscriber.sendCompleted()
            return nil
        }
        .map { $0 * 10 }
        .filter { $0 % 20 == 0 }
        .map { "v\($0)" }
        .subscribeNext({ values.value.append($0) }, completed: { completed.value += 1 })
        XCTAssertEqual(values.value, ["v20", "v40", "v60"])
        XCTAssertEqual(completed.value, 1)
    }

    func testDisposingOperatorSubscriptionDisposesSource() {
        let cleanups = Shared(0)
        let escaped = Shared<(any RACSubscriber<Int>)?>(nil)
        let values = Shared<[Int]>([])
        let disposable = RACSignal<Int>.createSignal { subscriber in
            escaped.value = subscriber
            return RACDisposable { cleanups.value += 1 }
        }
        .map { $0 + 1 }
        .subscribeNext { values.value.append($0) }
        escaped.value?.sendNext(1)
        disposable.dispose()
        escaped.value?.sendNext(2)
        XCTAssertEqual(values.value, [2])
        XCTAssertEqual(cleanups.value, 1)
    }

    func testErrorPassesThroughAndDisposesSource() {
        let cleanups = Shared(0)
        let errors = Shared(0)
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendError(TestError())
            return RACDisposable { cleanups.value += 1 }
        }
        .filter { _ in true }
        .subscribeError { _ in errors.value += 1 }
        XCTAssertEqual(errors.value, 1)
        XCTAssertEqual(cleanups.value, 1)
    }

    func testIgnoreAndMapReplace() {
        let values = Shared<[String]>([])
        let subject = RACSubject<Int>()
        subject.ignore(2).mapReplace("x").subscribeNext { values.value.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        XCTAssertEqual(values.value, ["x", "x"])
    }
}

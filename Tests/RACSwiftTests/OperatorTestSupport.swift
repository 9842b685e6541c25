import RACSwift
import RACSwiftTestSupport
import XCTest

/// Everything one subscription received.
// @unchecked Sendable: test scaffolding, used one thread at a time.
final class OperatorRecorder<Value>: @unchecked Sendable {
    var values: [Value] = []
    var errors: [any Error] = []
    var completions = 0
    var disposable: RACDisposable?
}

extension RACSignal {
    /// Subscribes a recorder.
    func record() -> OperatorRecorder<Value> {
        let recorder = OperatorRecorder<Value>()
        recorder.disposable = subscribeNext({ recorder.values.append($0) },
                                            error: { recorder.errors.append($0) },
                                            completed: { recorder.completions += 1 })
        return recorder
    }
}

/// A cold source driven by the test: it keeps the subscriber of its latest
/// subscription and counts subscriptions and disposals of them.
// @unchecked Sendable: test scaffolding, used one thread at a time.
final class DrivenSource<Value>: @unchecked Sendable {
    private(set) var subscriptions = 0
    private(set) var disposals = 0
    private var subscriber: (any RACSubscriber<Value>)?

    lazy var signal: RACSignal<Value> = {
        let signal = RACSignal<Value>.createSignal { [unowned self] subscriber in
            subscriptions += 1
            self.subscriber = subscriber
            return RACDisposable { [unowned self] in disposals += 1 }
        }
        signal.name = "source"
        return signal
    }()

    func send(_ values: Value...) {
        for value in values { subscriber?.sendNext(value) }
    }

    func sendError(_ error: any Error = TestError()) {
        subscriber?.sendError(error)
    }

    func sendCompleted() {
        subscriber?.sendCompleted()
    }
}

/// A cold signal that sends `values`, then completes, on subscription.
func coldValues<Value>(_ values: Value...) -> RACSignal<Value> {
    let values = Shared(values)
    return RACSignal.createSignal { subscriber in
        for value in values.value { subscriber.sendNext(value) }
        subscriber.sendCompleted()
        return nil
    }
}

/// A cold signal that sends `values`, then fails with `error`.
func coldFailing<Value>(_ values: Value..., error: any Error = TestError()) -> RACSignal<Value> {
    let values = Shared(values)
    return RACSignal.createSignal { subscriber in
        for value in values.value { subscriber.sendNext(value) }
        subscriber.sendError(error)
        return nil
    }
}

extension OperatorRecorder {
    /// Errors and completions received.
    var terminals: Int { errors.count + completions }
}

/// A cold signal that counts its subscriptions in `count`, then sends
/// `values` and completes.
func countingSubscriptions<Value>(_ count: @escaping @Sendable () -> Void, _ values: Value...) -> RACSignal<Value> {
    let values = Shared(values)
    return RACSignal.createSignal { subscriber in
        count()
        for value in values.value { subscriber.sendNext(value) }
        subscriber.sendCompleted()
        return nil
    }
}

/// A subscriber that disposes its subscription at its first value, through
/// the disposable it was given in `didSubscribe(with:)`: it can stop a
/// subscription in the middle of a synchronous `subscribe`.
// @unchecked Sendable: test scaffolding, used on one thread.
final class DisposingAtFirstValueSubscriber<Value>: RACSubscriber, @unchecked Sendable {
    private(set) var values: [Value] = []
    private(set) var terminals = 0
    private var disposable: RACCompoundDisposable?

    func didSubscribe(with disposable: RACCompoundDisposable) {
        if self.disposable == nil { self.disposable = disposable }
    }

    func sendNext(_ value: Value) {
        values.append(value)
        disposable?.dispose()
    }

    func sendError(_ error: any Error) { terminals += 1 }
    func sendCompleted() { terminals += 1 }
}

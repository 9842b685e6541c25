import RACSwift
import XCTest

/// Everything one subscription received.
final class OperatorsA1Recorder<Value> {
    var values: [Value] = []
    var errors: [any Error] = []
    var completions = 0
    var disposable: RACDisposable?
}

extension RACSignal {
    /// Subscribes a recorder.
    func a1Record() -> OperatorsA1Recorder<Value> {
        let recorder = OperatorsA1Recorder<Value>()
        recorder.disposable = subscribeNext({ recorder.values.append($0) },
                                            error: { recorder.errors.append($0) },
                                            completed: { recorder.completions += 1 })
        return recorder
    }
}

/// A cold source driven by the test: it keeps the subscriber of its latest
/// subscription and counts subscriptions and disposals of them.
final class OperatorsA1Source<Value> {
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
func a1Values<Value>(_ values: Value...) -> RACSignal<Value> {
    RACSignal.createSignal { subscriber in
        for value in values { subscriber.sendNext(value) }
        subscriber.sendCompleted()
        return nil
    }
}

/// A cold signal that sends `values`, then fails with `error`.
func a1Failing<Value>(_ values: Value..., error: any Error = TestError()) -> RACSignal<Value> {
    RACSignal.createSignal { subscriber in
        for value in values { subscriber.sendNext(value) }
        subscriber.sendError(error)
        return nil
    }
}

/// A stream of events: any number of values, then at most one error or
/// completion. RAC 2.5's `RACSignal`.
///
/// Cold signals (`createSignal`, `empty`, `return`, …) do their work anew for
/// each subscriber; hot signals (`RACSubject` and its family) share one stream
/// among all subscribers. Operators in `Operators/` build new signals from
/// existing ones.
open class RACSignal<Value> {
    /// A name for debugging; operators derive theirs from their sources'.
    public var name: String = ""

    /// For subclasses, which must override `subscribe(_:)`.
    public init() {}

    /// Subscribes `subscriber` and returns the disposable that cancels the
    /// subscription. Subclasses override this; `RACSignal` itself has no
    /// events to send.
    @discardableResult
    open func subscribe(_ subscriber: any RACSubscriber<Value>) -> RACDisposable {
        preconditionFailure("\(type(of: self)) must override subscribe(_:): RACSignal is abstract")
    }
}

extension RACSignal {
    /// Subscribes blocks: `next` for each value. Errors are ignored.
    @inlinable @discardableResult
    public func subscribeNext(_ next: @escaping (Value) -> Void) -> RACDisposable {
        subscribe(RACBlockSubscriber(next: next, error: nil, completed: nil))
    }

    /// Subscribes blocks: `next` for each value, `completed` on completion.
    @inlinable @discardableResult
    public func subscribeNext(_ next: @escaping (Value) -> Void,
                              completed: @escaping () -> Void) -> RACDisposable {
        subscribe(RACBlockSubscriber(next: next, error: nil, completed: completed))
    }

    /// Subscribes blocks: `next` for each value, `error` on error.
    @inlinable @discardableResult
    public func subscribeNext(_ next: @escaping (Value) -> Void,
                              error: @escaping (any Error) -> Void) -> RACDisposable {
        subscribe(RACBlockSubscriber(next: next, error: error, completed: nil))
    }

    /// Subscribes blocks for every kind of event.
    @inlinable @discardableResult
    public func subscribeNext(_ next: @escaping (Value) -> Void,
                              error: @escaping (any Error) -> Void,
                              completed: @escaping () -> Void) -> RACDisposable {
        subscribe(RACBlockSubscriber(next: next, error: error, completed: completed))
    }

    /// Subscribes a block for the error, if the signal ends with one.
    @inlinable @discardableResult
    public func subscribeError(_ error: @escaping (any Error) -> Void) -> RACDisposable {
        subscribe(RACBlockSubscriber(next: nil, error: error, completed: nil))
    }

    /// Subscribes a block for the completion, if the signal ends with one.
    @inlinable @discardableResult
    public func subscribeCompleted(_ completed: @escaping () -> Void) -> RACDisposable {
        subscribe(RACBlockSubscriber(next: nil, error: nil, completed: completed))
    }

    /// Subscribes blocks for the error and the completion.
    @inlinable @discardableResult
    public func subscribeError(_ error: @escaping (any Error) -> Void,
                               completed: @escaping () -> Void) -> RACDisposable {
        subscribe(RACBlockSubscriber(next: nil, error: error, completed: completed))
    }
}

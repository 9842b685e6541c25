/// Something that receives a signal's events.
///
/// RAC 2.5's `<RACSubscriber>`. A signal sends any number of `next` events,
/// then at most one terminal event (`error` or `completed`), never two events
/// at the same time to one subscriber, and nothing after a terminal event.
public protocol RACSubscriber<Value>: AnyObject, Sendable {
    /// The type of the values it receives.
    associatedtype Value

    /// Receives the next value.
    func sendNext(_ value: Value)

    /// Receives the error that ends the signal.
    func sendError(_ error: any Error)

    /// Receives the completion that ends the signal.
    func sendCompleted()

    /// Called once per subscription, before any event of it, with the
    /// disposable that cancels it. The subscriber should dispose it when it
    /// no longer wants events (a terminal event disposes it in any case).
    func didSubscribe(with disposable: RACCompoundDisposable)
}

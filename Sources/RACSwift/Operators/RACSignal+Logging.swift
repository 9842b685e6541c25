import Foundation

extension RACSignal {
    /// Logs every event of the receiver (`logNext()`, `logError()` and
    /// `logCompleted()` together) and passes it on.
    public func logAll() -> RACSignal<Value> {
        logNext().logError().logCompleted()
    }

    /// Logs each value, as `<signal> next: value`, then passes it on.
    public func logNext() -> RACSignal<Value> {
        logged(doNext { [self] value in log("next: \(value)") })
    }

    /// Logs the error, as `<signal> error: error`, then passes it on.
    public func logError() -> RACSignal<Value> {
        logged(doError { [self] error in log("error: \(error)") })
    }

    /// Logs the completion, as `<signal> completed`, then passes it on.
    public func logCompleted() -> RACSignal<Value> {
        logged(doCompleted { [self] in log("completed") })
    }

    /// `signal` under the receiver's name: logging leaves a chain's names
    /// unchanged, as in RAC.
    private func logged(_ signal: RACSignal<Value>) -> RACSignal<Value> {
        signal.name = name
        return signal
    }

    /// Writes `<Class: address> name: name event` to stderr through NSLog,
    /// the line RAC logs, on the thread that delivers the event.
    private func log(_ event: String) {
        NSLog("%@", "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())> name: \(name) \(event)")
    }
}

import Foundation

extension RACSignal {
    /// Logs every event of the receiver (`logNext()`, `logError()` and
    /// `logCompleted()` together) and passes it on. Lines go through
    /// `RACLogger`.
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

    /// Logs the subscription (`subscribed`), every event as `logAll()`
    /// does, and the disposal (`disposed`, which follows the error or the
    /// completion too, since a terminal event disposes the subscription),
    /// then passes the events on: what RxSwift's `debug` and ReactiveSwift's
    /// `logEvents` log. Each line names the receiver as `logAll()`'s do.
    public func logEvents() -> RACSignal<Value> {
        let events = logAll()
        return logged(RACSignal.createSignal { [self] subscriber in
            log("subscribed")
            let subscription = events.subscribe(subscriber)
            return RACDisposable { [self] in
                log("disposed")
                subscription.dispose()
            }
        })
    }

    /// `signal` under the receiver's name: logging leaves a chain's names
    /// unchanged, as in RAC.
    private func logged(_ signal: RACSignal<Value>) -> RACSignal<Value> {
        signal.nameSource = nameSource
        return signal
    }

    /// Writes `<Class: address> name: name event`, the line RAC logs,
    /// through `RACLogger` (by default to stderr through NSLog), on the
    /// thread that delivers the event.
    private func log(_ event: String) {
        RACLogger.write("<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())> name: \(name) \(event)")
    }
}

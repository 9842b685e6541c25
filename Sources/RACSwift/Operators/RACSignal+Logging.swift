import Foundation

extension RACSignal {
    /// A function that receives the logging operators' lines: see
    /// `RACLogger.handler`.
    public typealias Logger = @Sendable (String) -> Void

    /// Logs every event of the receiver (what `logNext()`, `logError()` and
    /// `logCompleted()` log) and passes it on. Lines go to `logger`, or, if
    /// nil, to `RACLogger.handler`.
    public func logAll(logger: Logger? = nil) -> RACSignal<Value> {
        logging(next: true, error: true, completed: true, to: logger)
    }

    /// Logs each value, as `<signal> next: value`, then passes it on.
    public func logNext(logger: Logger? = nil) -> RACSignal<Value> {
        logging(next: true, error: false, completed: false, to: logger)
    }

    /// Logs the error, as `<signal> error: error`, then passes it on.
    public func logError(logger: Logger? = nil) -> RACSignal<Value> {
        logging(next: false, error: true, completed: false, to: logger)
    }

    /// Logs the completion, as `<signal> completed`, then passes it on.
    public func logCompleted(logger: Logger? = nil) -> RACSignal<Value> {
        logging(next: false, error: false, completed: true, to: logger)
    }

    /// Logs the subscription (`subscribed`), every event as `logAll()`
    /// does, and the disposal (`disposed`, which follows the error or the
    /// completion too, since a terminal event disposes the subscription),
    /// then passes the events on: what RxSwift's `debug` and ReactiveSwift's
    /// `logEvents` log. Each line names the receiver as `logAll()`'s do.
    public func logEvents(logger: Logger? = nil) -> RACSignal<Value> {
        let events = logAll(logger: logger)
        return logged(RACSignal.createSignal { [self] subscriber in
            log("subscribed", to: logger)
            let subscription = events.subscribe(subscriber)
            return RACDisposable { [self] in
                log("disposed", to: logger)
                subscription.dispose()
            }
        })
    }

    /// The receiver's events, passed on after logging the kinds asked for,
    /// every line naming the receiver; the signal's name is the receiver's.
    private func logging(next: Bool, error: Bool, completed: Bool, to logger: Logger?) -> RACSignal<Value> {
        lift(self.name) { [self] downstream in
            RACForwardingSink(downstream, onNext: { value, downstream in
                if next { self.log("next: \(value)", to: logger) }
                downstream.sendNext(value)
            }, onError: { failure, downstream in
                if error { self.log("error: \(failure)", to: logger) }
                downstream.sendError(failure)
            }, onCompleted: { downstream in
                if completed { self.log("completed", to: logger) }
                downstream.sendCompleted()
            })
        }
    }

    /// `signal` under the receiver's name: logging leaves a chain's names
    /// unchanged, as in RAC.
    private func logged(_ signal: RACSignal<Value>) -> RACSignal<Value> {
        signal.nameSource = nameSource
        return signal
    }

    /// Writes `<Class: address> name: name event`, the line RAC logs, to
    /// `logger` or through `RACLogger`, on the thread that delivers the
    /// event.
    private func log(_ event: String, to logger: Logger?) {
        let line = "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())> name: \(name) \(event)"
        if let logger { logger(line) } else { RACLogger.write(line) }
    }
}

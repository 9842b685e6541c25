import Foundation

extension RACSignal {
    /// A function that receives the logging operators' lines: see
    /// `RACLogger.handler`.
    public typealias Logger = @Sendable (String) -> Void

    /// Logs every event of the receiver (what `logNext()`, `logError()` and
    /// `logCompleted()` log) and passes it on. Lines go to `logger`, or, if
    /// nil, to `RACLogger.handler`.
    ///
    /// In site mode (`RACLiveSubscriptions.recordsSites`, as it was when the
    /// operator was applied), each line ends with where: `(at File.swift:12)`,
    /// from `file` and `line`, which default to the call's.
    public func logAll(logger: Logger? = nil, file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        logging(next: true, error: true, completed: true, to: logger, site: RACSignal.site(file, line))
    }

    /// Logs each value, as `<signal> next: value`, then passes it on (with
    /// the site in site mode, as `logAll(logger:file:line:)` says).
    public func logNext(logger: Logger? = nil, file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        logging(next: true, error: false, completed: false, to: logger, site: RACSignal.site(file, line))
    }

    /// Logs the error, as `<signal> error: error`, then passes it on (with
    /// the site in site mode, as `logAll(logger:file:line:)` says).
    public func logError(logger: Logger? = nil, file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        logging(next: false, error: true, completed: false, to: logger, site: RACSignal.site(file, line))
    }

    /// Logs the completion, as `<signal> completed`, then passes it on (with
    /// the site in site mode, as `logAll(logger:file:line:)` says).
    public func logCompleted(logger: Logger? = nil, file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        logging(next: false, error: false, completed: true, to: logger, site: RACSignal.site(file, line))
    }

    /// ` (at file:line)` in site mode, else nothing: what ends a log line.
    private static func site(_ file: StaticString, _ line: UInt) -> String {
        RACLiveSubscriptions.recordsSitesNow ? " (at \(file):\(line))" : ""
    }

    /// Logs the subscription (`subscribed`), every event as `logAll()`
    /// does, and the disposal (`disposed`, which follows the error or the
    /// completion too, since a terminal event disposes the subscription),
    /// then passes the events on: what RxSwift's `debug` and ReactiveSwift's
    /// `logEvents` log. Each line names the receiver as `logAll()`'s do,
    /// and ends with the site in site mode.
    public func logEvents(logger: Logger? = nil, file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        let site = RACSignal.site(file, line)
        let events = logging(next: true, error: true, completed: true, to: logger, site: site)
        return logged(RACSignal.createSignal { [self] subscriber in
            log("subscribed", to: logger, site: site)
            let subscription = events.subscribe(subscriber)
            return RACDisposable { [self] in
                log("disposed", to: logger, site: site)
                subscription.dispose()
            }
        })
    }

    /// The receiver's events, passed on after logging the kinds asked for,
    /// every line naming the receiver; the signal's name is the receiver's.
    private func logging(next: Bool, error: Bool, completed: Bool, to logger: Logger?,
                         site: String) -> RACSignal<Value> {
        lift(self.name) { [self] downstream in
            RACForwardingSink(downstream, onNext: { value, downstream in
                if next { self.log("next: \(value)", to: logger, site: site) }
                downstream.sendNext(value)
            }, onError: { failure, downstream in
                if error { self.log("error: \(failure)", to: logger, site: site) }
                downstream.sendError(failure)
            }, onCompleted: { downstream in
                if completed { self.log("completed", to: logger, site: site) }
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

    /// Writes `<Class: address> name: name event`, the line RAC logs, then
    /// `site`, to `logger` or through `RACLogger`, on the thread that
    /// delivers the event.
    private func log(_ event: String, to logger: Logger?, site: String) {
        let line = "<\(type(of: self)): \(Unmanaged.passUnretained(self).toOpaque())> name: \(name) \(event)\(site)"
        if let logger { logger(line) } else { RACLogger.write(line) }
    }
}

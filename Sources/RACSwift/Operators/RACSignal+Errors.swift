// Recovering from errors and running a signal again: catch, catchTo, retry,
// repeat. All are `chain(_:_:)`s (RACSignal+Combining.swift): one source at
// a time, the next chosen when the current one ends.

extension RACSignal {
    /// Sends the receiver's values; if it fails, calls `block` with the
    /// error and continues with the signal it returns: its values and its
    /// terminal event, which is not caught again. Completion of the receiver
    /// passes through. RAC 2.5's `-catch:`. `block` runs on the thread where
    /// the error was sent; disposing the subscription disposes whichever
    /// signal is subscribed at the time.
    ///
    /// In site mode (`RACLiveSubscriptions.recordsSites`), the subscription
    /// to `block`'s signal is recorded at `file`:`line`, on this signal; so
    /// are the later subscriptions of `catchTo`, `retry` and `repeat`.
    @_disfavoredOverload
    public func `catch`(_ block: @escaping @Sendable (any Error) -> RACSignal<Value>,
                        file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        let site = RACOperatorSite.at(file, line)
        return self.catch(block, at: site).naming(site)
    }

    /// `catch(_:)`, its subscription to `block`'s signal made at `site`.
    internal func `catch`(_ block: @escaping @Sendable (any Error) -> RACSignal<Value>,
                          at site: RACOperatorSite?) -> RACSignal<Value> {
        // Only the receiver's error (the first source's) is caught.
        chain("[\(self.name)] -catch:", at: site) { error, ended in
            guard let error, ended == 1 else { return nil }
            return block(error)
        }
    }

    /// Sends the receiver's values; if it fails, continues with `signal`
    /// instead of the error. RAC 2.5's `-catchTo:`.
    @_disfavoredOverload
    public func catchTo(_ signal: RACSignal<Value>,
                        file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        let site = RACOperatorSite.at(file, line)
        return catchTo(signal, at: site).naming(site)
    }

    /// `catchTo(_:)`, its subscription to `signal` made at `site`.
    internal func catchTo(_ signal: RACSignal<Value>, at site: RACOperatorSite?) -> RACSignal<Value> {
        self.catch({ _ in signal }, at: site).setName(derivedBy: { "[\(self.name)] -catchTo: \(signal.name)" })
    }

    /// Sends the receiver's values and completion; if it fails, subscribes
    /// to it again, up to `count` times, then sends the error that ended the
    /// last attempt. As in RAC 2.5's `-retry:`, a `count` of 0 retries
    /// without limit. Values of every attempt are sent, in order.
    ///
    /// As in RAC, the first attempt is subscribed at once; each later one
    /// from a block scheduled on the current scheduler of the thread where
    /// the first attempt ended (on the main thread, the main thread
    /// scheduler), or on a new background scheduler if there is none.
    /// Disposing the subscription cancels an attempt not yet started.
    public func retry(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        let site = RACOperatorSite.at(file, line)
        return retry(count, at: site).naming(site)
    }

    /// `retry(_:)`, its later attempts subscribed at `site`.
    internal func retry(_ count: Int, at site: RACOperatorSite?) -> RACSignal<Value> {
        guard count >= 0 else { racMisuse("retry(_:) needs a count of 0 (no limit) or more, not \(count)") }
        // The `ended`th attempt failed: `ended` attempts so far, `ended - 1`
        // of them retries.
        return chain("[\(self.name)] -retry: \(count)", rescheduling: true, at: site) { [self] error, ended in
            guard error != nil, count == 0 || ended <= count else { return nil }
            return self
        }
    }

    /// Subscribes to the receiver again each time it fails, without limit,
    /// until it completes: RAC 2.5's `-retry`, the same as `retry(0)`.
    public func retry(file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        let site = RACOperatorSite.at(file, line)
        return retry(0, at: site).setName(derivedBy: { "[\(self.name)] -retry" }).naming(site)
    }

    /// Sends the receiver's values, and each time it completes, subscribes
    /// to it again, for as long as the subscription lasts; an error is sent
    /// on and ends it. RAC 2.5's `-repeat`. Repetitions are scheduled as
    /// `retry(_:)`'s attempts are, so `repeat()` of a signal that completes
    /// during its own subscription returns from `subscribe` and repeats on
    /// the scheduler, until something downstream (`take(_:)`, a dispose)
    /// ends the subscription.
    public func `repeat`(file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        let site = RACOperatorSite.at(file, line)
        return chain("[\(self.name)] -repeat", rescheduling: true, at: site) { [self] error, _ in
            error == nil ? self : nil
        }.naming(site)
    }
}

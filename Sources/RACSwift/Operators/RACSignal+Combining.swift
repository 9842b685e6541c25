// MARK: - Concatenation

extension RACSignal {
    /// Subscribes to `signals` one after another: each one only after the
    /// previous one completed, and sends their values in that order. Sends
    /// the first error at once (later signals are then never subscribed);
    /// completes after the last one completes. An empty array completes at
    /// once. RAC 2.5's `+concat:`.
    ///
    /// Values are sent on the thread the current signal sends them on; each
    /// next signal is subscribed on the thread where the previous completed.
    ///
    /// In site mode (`RACLiveSubscriptions.recordsSites`), the subscriptions
    /// to every signal after the first are recorded at `file`:`line`, on
    /// this signal.
    public static func concat(_ signals: [RACSignal<Value>],
                              file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        let site = RACOperatorSite.at(file, line)
        return concat(signals, at: site).naming(site)
    }

    /// `concat(_:)` of an array, its later subscriptions made at `site`.
    internal static func concat(_ signals: [RACSignal<Value>], at site: RACOperatorSite?) -> RACSignal<Value> {
        let name = "+concat: [\(signals.map(\.name).joined(separator: ", "))]"
        guard let first = signals.first else { return .empty(named: name) }
        // The `ended`th signal completed: next, the one at index `ended`.
        return first.chain(name, at: site) { error, ended in
            guard error == nil, ended < signals.count else { return nil }
            return signals[ended]
        }
    }

    /// Sends the receiver's values, then, once it completed, subscribes to
    /// `signal` and sends its values and its terminal event. An error of the
    /// receiver is sent at once, and `signal` is never subscribed. RAC 2.5's
    /// `-concat:`. Sites as `concat(_:)` of an array.
    public func concat(_ signal: RACSignal<Value>,
                       file: StaticString = #fileID, line: UInt = #line) -> RACSignal<Value> {
        let site = RACOperatorSite.at(file, line)
        return concat(signal, at: site).naming(site)
    }

    /// `concat(_:)` of one signal, its subscription to it made at `site`.
    internal func concat(_ signal: RACSignal<Value>, at site: RACOperatorSite?) -> RACSignal<Value> {
        RACSignal.concat([self, signal], at: site).setName(derivedBy: { "[\(self.name)] -concat: \(signal.name)" })
    }

    /// Ignores the receiver's values; when it completes, calls `block` and
    /// sends the events of the signal it returns. An error of the receiver
    /// is sent at once, and `block` is not called. RAC 2.5's `-then:`
    /// (`ignoreValues` followed by `concat:` of a deferred signal): `block`
    /// runs once per subscription, on the thread where the receiver
    /// completed.
    ///
    /// In site mode (`RACLiveSubscriptions.recordsSites`), the subscription
    /// to `block`'s signal is recorded at `file`:`line`, on this signal.
    public func then<U>(_ block: @escaping @Sendable () -> RACSignal<U>,
                        file: StaticString = #fileID, line: UInt = #line) -> RACSignal<U> {
        let site = RACOperatorSite.at(file, line)
        // `ignoreValues()` keeps the receiver's type; this drops the values
        // into a signal of `U`, the type `block`'s signal continues with.
        let ignoringValues: RACSignal<U> = liftNext("[\(self.name)] -ignoreValues") { _, _ in }
        // Only the receiver's completion (the first source's) continues.
        return ignoringValues.chain("[\(self.name)] -then:", at: site) { error, ended in
            guard error == nil, ended == 1 else { return nil }
            return block()
        }.naming(site)
    }
}

// MARK: - Merging

extension RACSignal {
    /// Subscribes to all of `signals` at once, in order, and sends every
    /// value any of them sends, one at a time, as they arrive. Sends the
    /// first error at once, which disposes every subscription (a signal
    /// after the failing one in `signals` is not subscribed if the failure
    /// happens during subscription); completes when all of them completed.
    /// An empty array completes at once. RAC 2.5's `+merge:`.
    ///
    /// Values are sent on the thread of the signal that sent them, or, when
    /// two send at the same time, by whichever thread is delivering already.
    public static func merge(_ signals: [RACSignal<Value>]) -> RACSignal<Value> {
        let name = { "+merge: [\(signals.map(\.name).joined(separator: ", "))]" }
        // As in RAC: `flatten()` of a signal that sends the signals.
        let signalOfSignals = RACSignal<RACSignal<Value>>.multiSource(name(), sources: .many(signals)) { downstream, _ in
            for signal in signals { downstream.sendNext(signal) }
            downstream.sendCompleted()
        }
        return signalOfSignals.flatten(at: nil).setName(derivedBy: name)
    }

    /// `merge(_:)` of signals given one by one, as `combineLatest` and
    /// `zip` take them: `RACSignal.merge(a, b)` is `RACSignal.merge([a, b])`.
    public static func merge(_ signals: RACSignal<Value>...) -> RACSignal<Value> {
        merge(signals)
    }

    /// Sends the values of the receiver and of `signal` as they arrive; see
    /// `merge(_:)` for the array. RAC 2.5's `-merge:`.
    @_disfavoredOverload
    public func merge(_ signal: RACSignal<Value>) -> RACSignal<Value> {
        let merged = RACSignal.merge([self, signal])
        merged.setName(derivedBy: { "[\(self.name)] -merge: \(signal.name)" })
        return merged
    }
}

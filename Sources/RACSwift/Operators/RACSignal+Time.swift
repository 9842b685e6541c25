import Foundation

// MARK: - Throttle

extension RACSignal {
    /// Sends a value only once `interval` seconds have passed without another
    /// value: RAC 2.5's `-throttle:`. Each value replaces the one waiting,
    /// whose time is up only after `interval` of silence; completion first
    /// sends the value still waiting, if any; an error drops it and is sent
    /// at once.
    ///
    /// The wait runs, as in RAC, on the scheduler current where each value
    /// arrives (on the main thread, the main thread scheduler), or, where
    /// there is none, on a background scheduler made for the subscription;
    /// the value is sent from there.
    @_disfavoredOverload
    public func throttle(_ interval: TimeInterval) -> RACSignal<Value> {
        throttle(interval, fixedScheduler: nil, valuesPassingTest: { _ in true },
                 name: "[\(self.name)] -throttle: \(interval)")
    }

    /// `throttle(_:)` for the values that pass `predicate`; a value that
    /// does not is sent at once, and drops the one waiting: RAC 2.5's
    /// `-throttle:valuesPassingTest:`. `predicate` runs where the value
    /// arrives.
    @_disfavoredOverload
    public func throttle(_ interval: TimeInterval,
                         valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool) -> RACSignal<Value> {
        throttle(interval, fixedScheduler: nil, valuesPassingTest: predicate,
                 name: "[\(self.name)] -throttle: \(interval) valuesPassingTest:")
    }

    /// `throttle(_:valuesPassingTest:)` with the waits on `scheduler` (a
    /// `RACTestScheduler`, to throttle in virtual time): the waiting values
    /// are sent from `scheduler`.
    @_disfavoredOverload
    public func throttle(_ interval: TimeInterval, onScheduler scheduler: RACScheduler,
                         valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool = { _ in true })
        -> RACSignal<Value> {
        throttle(interval, fixedScheduler: scheduler, valuesPassingTest: predicate,
                 name: "[\(self.name)] -throttle: \(interval) onScheduler: \(scheduler)")
    }

    private func throttle(_ interval: TimeInterval, fixedScheduler: RACScheduler?,
                          valuesPassingTest predicate: @escaping (Value) -> Bool,
                          name: @autoclosure @escaping () -> String) -> RACSignal<Value> {
        lift(name()) { downstream in
            RACThrottleSink(downstream, interval: interval, scheduler: fixedScheduler, predicate: predicate)
        }
    }
}

// MARK: - Delay

extension RACSignal {
    /// Sends each value and the completion `interval` seconds after the
    /// receiver sent it, in order; sends an error at once, dropping what is
    /// still delayed: RAC 2.5's `-delay:`.
    ///
    /// As in RAC, each event waits on the scheduler current where it arrives
    /// (on the main thread, the main thread scheduler), or, where there is
    /// none, on a background scheduler made for the subscription, and is sent
    /// from there.
    @_disfavoredOverload
    public func delay(_ interval: TimeInterval) -> RACSignal<Value> {
        delay(interval, fixedScheduler: nil, name: "[\(self.name)] -delay: \(interval)")
    }

    /// `delay(_:)` with the waits on `scheduler` (a `RACTestScheduler`, to
    /// delay in virtual time): values and completion are sent from there.
    @_disfavoredOverload
    public func delay(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACSignal<Value> {
        delay(interval, fixedScheduler: scheduler, name: "[\(self.name)] -delay: \(interval) onScheduler: \(scheduler)")
    }

    private func delay(_ interval: TimeInterval, fixedScheduler: RACScheduler?, name: @autoclosure @escaping () -> String) -> RACSignal<Value> {
        lift(name()) { downstream in
            // Delayed events arrive from the schedulers' threads, the error
            // from the receiver's: they meet in a serializing sink, so the
            // subscriber still receives one event at a time.
            let serialized = RACSerializingSink(downstream)
            let target = RACScheduledTarget(serialized, endingWith: downstream.subscription)
            // Touched only by the receiver's events, which never overlap.
            var fallback: RACScheduler?
            func schedule(_ send: @escaping (RACSerializingSink<Value>) -> Void) {
                let scheduler = fixedScheduler ?? RACScheduler.currentScheduler ?? {
                    if let fallback { return fallback }
                    let made = RACScheduler.scheduler()
                    fallback = made
                    return made
                }()
                scheduler.afterDelay(interval, schedule: racSendable { target.withTarget(send) })
            }
            return RACForwardingSink(downstream, onNext: { value, _ in
                schedule { $0.sendNext(value) }
            }, onError: { error, _ in
                serialized.sendError(error)
            }, onCompleted: { _ in
                schedule { $0.sendCompleted() }
            })
        }
    }
}

// MARK: - Timeout

extension RACSignal {
    /// Forwards the receiver's events, but errors with
    /// `RACSignalError.timedOut` (and disposes the subscription to the
    /// receiver) if the receiver has not completed or errored `interval`
    /// seconds after subscription: RAC 2.5's `-timeout:onScheduler:`. The
    /// timeout error is sent from `scheduler`, which must not be the
    /// immediate scheduler.
    public func timeout(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACSignal<Value> {
        guard scheduler !== RACScheduler.immediateScheduler else { racMisuse("-timeout cannot use the immediate scheduler") }
        return lift("[\(self.name)] -timeout: \(interval) onScheduler: \(scheduler)") { downstream in
            // The timer and the receiver race to end the subscription: a
            // serializing sink lets the first terminal event through and
            // drops everything after it.
            let serialized = RACSerializingSink(downstream)
            let target = RACScheduledTarget(serialized, endingWith: downstream.subscription)
            // Part of the subscription, so any ending cancels the timer.
            downstream.subscription?.add(scheduler.afterDelay(interval) {
                target.withTarget { $0.sendError(RACSignalError.timedOut) }
            })
            return RACForwardingSink(passingTo: serialized)
        }
    }
}

// MARK: - Interval

extension RACSignal where Value == Date {
    /// Sends the scheduler's current date every `interval` seconds, starting
    /// `interval` seconds after subscription, until disposed; never
    /// completes: RAC 2.5's `+interval:onScheduler:`. The dates are sent from
    /// `scheduler` (in virtual time for a `RACTestScheduler`), which must not
    /// be the immediate scheduler.
    public static func interval(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACSignal<Date> {
        Self.interval(interval, onScheduler: scheduler, withLeeway: 0)
    }

    /// `interval(_:onScheduler:)`, letting the system send each date up to
    /// `leeway` seconds late to save power: RAC 2.5's
    /// `+interval:onScheduler:withLeeway:`.
    public static func interval(_ interval: TimeInterval, onScheduler scheduler: RACScheduler,
                                withLeeway leeway: TimeInterval) -> RACSignal<Date> {
        guard scheduler !== RACScheduler.immediateScheduler else { racMisuse("+interval cannot use the immediate scheduler") }
        let signal = createSignal { subscriber in
            scheduler.after(scheduler.now.addingTimeInterval(interval), repeatingEvery: interval,
                            withLeeway: leeway) {
                subscriber.sendNext(scheduler.now)
            }
        }
        signal.setName(derivedBy: { "+interval: \(interval) onScheduler: \(scheduler) withLeeway: \(leeway)" })
        return signal
    }
}

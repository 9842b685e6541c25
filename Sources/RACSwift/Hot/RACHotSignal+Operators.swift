import Foundation

// The per-value operators of RACStream and RACSignal+Operations on a hot
// signal. Each is RAC 2.5's operator of the same name (see `RACSignal`'s for
// what it sends, and when), applied once to the shared events: its blocks
// run once per event, whatever the number of subscribers, and its result
// is hot (see `RACHotSignal`). The state of a stateful one (`take`'s count,
// `scanWithStart`'s running result) is the result's, shared by its
// subscribers, and starts again when the result is next connected.
extension RACHotSignalProtocol {
    /// Sends `block` applied to each value; RAC 2.5's `-map:`.
    public func map<U>(_ block: @escaping @Sendable (Value) -> U) -> RACHotSignal<U> {
        staysHot { $0.map(block) }
    }

    /// Sends `value` in place of each value; RAC 2.5's `-mapReplace:`.
    public func mapReplace<U>(_ value: U) -> RACHotSignal<U> {
        staysHot { $0.mapReplace(value) }
    }

    /// Sends the values for which `block` returns true; RAC 2.5's `-filter:`.
    public func filter(_ block: @escaping @Sendable (Value) -> Bool) -> RACHotSignal<Value> {
        staysHot { $0.filter(block) }
    }

    /// Sends no values, only the terminal event; RAC 2.5's `-ignoreValues`.
    public func ignoreValues() -> RACHotSignal<Value> {
        staysHot { $0.ignoreValues() }
    }

    /// Sends the first `count` values, then completes; RAC 2.5's `-take:`.
    public func take(_ count: Int) -> RACHotSignal<Value> {
        staysHot { $0.take(count) }
    }

    /// Sends the values after the first `count`; RAC 2.5's `-skip:`.
    public func skip(_ count: Int) -> RACHotSignal<Value> {
        staysHot { $0.skip(count) }
    }

    /// Sends values until `trigger` sends a value or completes, then
    /// completes; RAC 2.5's `-takeUntil:`.
    public func takeUntil<U>(_ trigger: RACSignal<U>) -> RACHotSignal<Value> {
        staysHot { $0.takeUntil(trigger) }
    }

    /// Sends values while `predicate` returns true, then completes; RAC
    /// 2.5's `-takeWhileBlock:`.
    public func takeWhileBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACHotSignal<Value> {
        staysHot { $0.takeWhileBlock(predicate) }
    }

    /// Skips values while `predicate` returns true, then sends every value;
    /// RAC 2.5's `-skipWhileBlock:`.
    public func skipWhileBlock(_ predicate: @escaping @Sendable (Value) -> Bool) -> RACHotSignal<Value> {
        staysHot { $0.skipWhileBlock(predicate) }
    }

    /// Sends the running result of `reduce`, from `start`; RAC 2.5's
    /// `-scanWithStart:reduce:`.
    public func scanWithStart<R>(_ start: R, reduce: @escaping @Sendable (R, Value) -> R) -> RACHotSignal<R> {
        staysHot { $0.scanWithStart(start, reduce: reduce) }
    }

    /// `scanWithStart(_:reduce:)` given each value's index too; RAC 2.5's
    /// `-scanWithStart:reduceWithIndex:`.
    public func scanWithStart<R>(_ start: R,
                                 reduceWithIndex reduce: @escaping @Sendable (R, Value, Int) -> R) -> RACHotSignal<R> {
        staysHot { $0.scanWithStart(start, reduceWithIndex: reduce) }
    }

    /// Sends `reduce(previous, value)` for each value, `previous` starting
    /// at `start`; RAC 2.5's `-combinePreviousWithStart:reduce:`.
    public func combinePreviousWithStart<R>(_ start: Value,
                                            reduce: @escaping @Sendable (Value, Value) -> R) -> RACHotSignal<R> {
        staysHot { $0.combinePreviousWithStart(start, reduce: reduce) }
    }

    /// Runs `block` for each value before sending it; RAC 2.5's `-doNext:`.
    public func doNext(_ block: @escaping @Sendable (Value) -> Void) -> RACHotSignal<Value> {
        staysHot { $0.doNext(block) }
    }

    /// Runs `block` on an error before sending it; RAC 2.5's `-doError:`.
    public func doError(_ block: @escaping @Sendable (any Error) -> Void) -> RACHotSignal<Value> {
        staysHot { $0.doError(block) }
    }

    /// Runs `block` on completion before sending it; RAC 2.5's
    /// `-doCompleted:`.
    public func doCompleted(_ block: @escaping @Sendable () -> Void) -> RACHotSignal<Value> {
        staysHot { $0.doCompleted(block) }
    }

    /// Sends each event as a value, then completes; RAC 2.5's
    /// `-materialize`.
    public func materialize() -> RACHotSignal<RACEvent<Value>> {
        staysHot { $0.materialize() }
    }

    /// Sends each value on `scheduler`, in order; RAC 2.5's `-deliverOn:`.
    public func deliverOn(_ scheduler: RACScheduler) -> RACHotSignal<Value> {
        staysHot { $0.deliverOn(scheduler) }
    }

    /// Sends a value once `interval` has passed without a newer one; RAC
    /// 2.5's `-throttle:`.
    public func throttle(_ interval: TimeInterval) -> RACHotSignal<Value> {
        staysHot { $0.throttle(interval) }
    }

    /// `throttle(_:)` for the values that pass `predicate`; RAC 2.5's
    /// `-throttle:valuesPassingTest:`.
    public func throttle(_ interval: TimeInterval,
                         valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool) -> RACHotSignal<Value> {
        staysHot { $0.throttle(interval, valuesPassingTest: predicate) }
    }

    /// `throttle(_:valuesPassingTest:)` with its waits on `scheduler`.
    public func throttle(_ interval: TimeInterval, onScheduler scheduler: RACScheduler,
                         valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool = { _ in true })
        -> RACHotSignal<Value> {
        staysHot { $0.throttle(interval, onScheduler: scheduler, valuesPassingTest: predicate) }
    }

    /// Sends each value and the completion `interval` later; RAC 2.5's
    /// `-delay:`.
    public func delay(_ interval: TimeInterval) -> RACHotSignal<Value> {
        staysHot { $0.delay(interval) }
    }

    /// `delay(_:)` with its waits on `scheduler`.
    public func delay(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACHotSignal<Value> {
        staysHot { $0.delay(interval, onScheduler: scheduler) }
    }

    /// On an error, continues with the signal `block` returns for it; RAC
    /// 2.5's `-catch:`. Sites as `RACSignal.catch(_:)`'s.
    public func `catch`(_ block: @escaping @Sendable (any Error) -> RACSignal<Value>,
                        file: StaticString = #fileID, line: UInt = #line) -> RACHotSignal<Value> {
        staysHot { $0.catch(block, file: file, line: line) }
    }

    /// On an error, continues with `signal`; RAC 2.5's `-catchTo:`.
    public func catchTo(_ signal: RACSignal<Value>,
                        file: StaticString = #fileID, line: UInt = #line) -> RACHotSignal<Value> {
        staysHot { $0.catchTo(signal, file: file, line: line) }
    }
}

extension RACHotSignalProtocol where Value: Equatable {
    /// Sends every value not equal to `value`; RAC 2.5's `-ignore:`.
    public func ignore(_ value: Value) -> RACHotSignal<Value> {
        staysHot { $0.ignore(value) }
    }

    /// Sends each value that differs from the one before; RAC 2.5's
    /// `-distinctUntilChanged`.
    public func distinctUntilChanged() -> RACHotSignal<Value> {
        staysHot { $0.distinctUntilChanged() }
    }
}

extension RACHotSignalProtocol {
    /// On a signal of tuples, sends `block` applied to each tuple's
    /// elements; RAC 2.5's `-reduceEach:`.
    public func reduceEach<each T, R>(_ block: @escaping @Sendable (repeat each T) -> R) -> RACHotSignal<R>
        where Value == (repeat each T) {
        staysHot { $0.reduceEach(block) }
    }

    /// `reduceEach(_:)` on `(key:value:)` pairs.
    public func reduceEach<K, V, R>(_ block: @escaping @Sendable (K, V) -> R) -> RACHotSignal<R>
        where Value == (key: K, value: V) {
        staysHot { $0.reduceEach(block) }
    }

    /// On a signal of events, sends them as events again; RAC 2.5's
    /// `-dematerialize`.
    public func dematerialize<U>() -> RACHotSignal<U> where Value == RACEvent<U> {
        staysHot { $0.dematerialize() }
    }
}

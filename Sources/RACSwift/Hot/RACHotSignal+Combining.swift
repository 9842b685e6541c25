// The operators that combine signals, on hot signals: RAC 2.5's operator of
// the same name applied once to the shared events (one subscription to each
// hot signal combined, one to each inner signal), its result hot (see
// `RACHotSignal`).
extension RACHotSignalProtocol {
    /// Sends the values of the receiver and of `signal` as they arrive;
    /// completes when both have; RAC 2.5's `-merge:`.
    public func merge(_ signal: RACHotSignal<Value>) -> RACHotSignal<Value> {
        staysHot { $0.merge(signal) }
    }

    /// Sends the latest value of each, as a pair, whenever either sends,
    /// once both have; RAC 2.5's `-combineLatestWith:`.
    public func combineLatestWith<U>(_ signal: RACHotSignal<U>) -> RACHotSignal<(Value, U)> {
        staysHot { $0.combineLatestWith(signal) }
    }

    /// Sends the n-th values of the receiver and `signal` as a pair; RAC
    /// 2.5's `-zipWith:`.
    public func zipWith<U>(_ signal: RACHotSignal<U>) -> RACHotSignal<(Value, U)> {
        staysHot { $0.zipWith(signal) }
    }

    /// Subscribes to the signal `block` returns for each value, once for
    /// all subscribers, and sends the values of all of them; RAC 2.5's
    /// `-flattenMap:`. Sites as `RACSignal.flattenMap(_:)`'s.
    public func flattenMap<U>(_ block: @escaping @Sendable (Value) -> RACSignal<U>,
                              file: StaticString = #fileID, line: UInt = #line) -> RACHotSignal<U> {
        staysHot { $0.flattenMap(block, file: file, line: line) }
    }

    /// Subscribes to each inner signal, once for all subscribers, and sends
    /// the values of all of them; RAC 2.5's `-flatten`.
    public func flatten<U>(file: StaticString = #fileID, line: UInt = #line) -> RACHotSignal<U>
    where Value == RACSignal<U> {
        staysHot { $0.flatten(file: file, line: line) }
    }

    /// `flatten()` with at most `maxConcurrent` inner signals subscribed at
    /// a time; RAC 2.5's `-flatten:`.
    public func flatten<U>(_ maxConcurrent: Int, file: StaticString = #fileID, line: UInt = #line)
        -> RACHotSignal<U> where Value == RACSignal<U> {
        staysHot { $0.flatten(maxConcurrent, file: file, line: line) }
    }

    /// Sends the values of the latest inner signal; RAC 2.5's
    /// `-switchToLatest`.
    public func switchToLatest<U>(file: StaticString = #fileID, line: UInt = #line) -> RACHotSignal<U>
    where Value == RACSignal<U> {
        staysHot { $0.switchToLatest(file: file, line: line) }
    }
}

import Foundation

/// The kind of a `RACEvent`.
public enum RACEventType: Sendable {
    /// A value (RAC's `RACEventTypeNext`).
    case next
    /// The error that ends a signal (`RACEventTypeError`).
    case error
    /// The completion that ends a signal (`RACEventTypeCompleted`).
    case completed
}

/// One event of a signal as a value: RAC 2.5's `RACEvent`, what
/// `materialize()` sends and `dematerialize()` reads.
public enum RACEvent<Value> {
    /// A value.
    case next(Value)
    /// The error that ended the signal.
    case error(any Error)
    /// The completion that ended the signal.
    case completed

    /// Which kind of event this is.
    public var eventType: RACEventType {
        switch self {
        case .next: return .next
        case .error: return .error
        case .completed: return .completed
        }
    }

    /// Whether the event ends a signal (an error or completion).
    public var isFinished: Bool {
        if case .next = self { return false }
        return true
    }

    /// The value of a `next` event, else nil.
    public var value: Value? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, else nil.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }
}

extension RACEvent: CustomStringConvertible {
    public var description: String {
        switch self {
        case .next(let value): return "next \(value)"
        case .error(let error): return "error \(error)"
        case .completed: return "completed"
        }
    }
}

extension RACSubscriber {
    /// Sends `event` to the subscriber.
    public func send(_ event: RACEvent<Value>) {
        switch event {
        case .next(let value): sendNext(value)
        case .error(let error): sendError(error)
        case .completed: sendCompleted()
        }
    }
}

extension RACEvent: Equatable where Value: Equatable {
    /// Two events are equal when they are of one kind and their values are
    /// equal; two errors are equal when, as `NSError`s, their domain and
    /// code are (RAC compared `NSError`s with `-isEqual:`).
    public static func == (lhs: RACEvent<Value>, rhs: RACEvent<Value>) -> Bool {
        switch (lhs, rhs) {
        case let (.next(left), .next(right)): return left == right
        case let (.error(left), .error(right)):
            let (leftError, rightError) = (left as NSError, right as NSError)
            return leftError.domain == rightError.domain && leftError.code == rightError.code
        case (.completed, .completed): return true
        default: return false
        }
    }
}

extension RACEvent: Sendable where Value: Sendable {}

/// The errors that RACSwift's own operators send: RAC 2.5's
/// `RACSignalErrorDomain` codes.
public enum RACSignalError: Error, Equatable {
    /// `timeout(_:onScheduler:)` saw no terminal event in time
    /// (`RACSignalErrorTimedOut`).
    case timedOut

    /// `switch(_:cases:default:)` received a key with neither a case nor a
    /// default (`RACSignalErrorNoMatchingCase`); `key` describes it.
    case noMatchingCase(key: String)
}

extension RACSignalError: CustomStringConvertible {
    /// RAC's localized descriptions.
    public var description: String {
        switch self {
        case .timedOut: return "The operation timed out"
        case .noMatchingCase(let key): return "No matching signal found for value \(key)"
        }
    }
}

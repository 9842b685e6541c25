import CShims

/// Stops the program because RACSwift was misused, after writing `message`
/// to standard error, in every build configuration.
///
/// Every stop that a user's code can cause goes through here, not through
/// `precondition` or `preconditionFailure`: those drop their message in
/// release (`-O`) builds, which then stop with nothing but "Swift runtime
/// failure: precondition failure", and compile the check out altogether
/// under `-Ounchecked`. A stop must say what was misused, in the build
/// that is deployed too.
@usableFromInline
internal func racMisuse(_ message: String) -> Never {
    "RACSwift: \(message)\n".withCString { racs_stop($0) }
}

/// A variable that a test's closures share, in both Swift 5 test targets.
/// The closures RACSwift takes are `@Sendable` (the engine may call them on
/// any thread), so they cannot capture a `var`; a test keeps what they
/// record in one of these instead.
///
/// `@unchecked Sendable`: test scaffolding, touched by one thread at a time.
/// A test either drives its signals synchronously, or waits for the other
/// threads (an expectation, a join) before it reads.
public final class Shared<Value>: @unchecked Sendable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }
}

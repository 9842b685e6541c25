/// The blocks of a `RACBlockSubscriber`, immutable so that calling one needs
/// no copy of the closure.
@usableFromInline
internal final class RACSubscriberBlocks<Value> {
    @usableFromInline internal let next: ((Value) -> Void)?
    @usableFromInline internal let error: ((any Error) -> Void)?
    @usableFromInline internal let completed: (() -> Void)?

    @inlinable
    internal init(next: ((Value) -> Void)?, error: ((any Error) -> Void)?, completed: (() -> Void)?) {
        self.next = next
        self.error = error
        self.completed = completed
    }
}

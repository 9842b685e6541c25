extension RACSignal {
    /// A cold signal whose every subscription runs `body` in a `Task` of
    /// its own: what `body` sends through its subscriber reaches the
    /// subscription; returning completes it; a thrown error is sent as its
    /// error. Disposing the subscription cancels the task (and drops
    /// whatever the task still sends), so `body` should check for
    /// cancellation or call cancellable async functions.
    ///
    /// ```swift
    /// let fetched = RACSignal<Data>.fromTask { subscriber in
    ///     subscriber.sendNext(try await load())
    /// }
    /// ```
    ///
    /// Events arrive on the task's thread, a thread of Swift's cooperative
    /// pool. The task does not inherit the subscriber's actor.
    public static func fromTask(
        _ body: @escaping @Sendable (RACTaskSubscriber<Value>) async throws -> Void
    ) -> RACSignal<Value> {
        createSignal { subscriber in
            let sender = RACTaskSubscriber(subscriber)
            let disposable = RACTaskDisposable()
            disposable.task = Task {
                let result: Result<Void, any Error>
                do {
                    try await body(sender)
                    result = .success(())
                } catch {
                    result = .failure(error)
                }
                // The task is ending: the disposal that its terminal event
                // triggers need not cancel it (cancelling a running task
                // takes the runtime's status lock).
                _ = disposable.markDisposed()
                switch result {
                case .success: sender.subscriber.sendCompleted()
                case .failure(let error): sender.subscriber.sendError(error)
                }
            }
            return disposable
        }.setName("+fromTask:")
    }
}

/// Cancels its task when disposed, unless the task got there first (it
/// marks the disposable as it ends): a disposable that holds the task
/// itself, rather than a block capturing it.
///
/// `@unchecked Sendable`: `task` is written once, before the disposable is
/// returned to the subscription, and so before anyone can dispose it; the
/// task itself touches only the atomic flag.
internal final class RACTaskDisposable: RACDisposable, @unchecked Sendable {
    var task: Task<Void, Never>?

    override func dispose() {
        guard markDisposed() else { return }
        task?.cancel()
    }
}

/// What a `fromTask` body sends its values through.
///
/// `Sendable`, so that the task may hold it: the subscriber it wraps is the
/// one a `createSignal` block receives, which serializes events sent from
/// several threads at once and ignores them after the subscription ended.
public struct RACTaskSubscriber<Value>: @unchecked Sendable {
    @usableFromInline internal let subscriber: any RACSubscriber<Value>

    internal init(_ subscriber: any RACSubscriber<Value>) {
        self.subscriber = subscriber
    }

    /// Sends `value` to the subscription, on the calling thread.
    @inlinable
    public func sendNext(_ value: Value) {
        subscriber.sendNext(value)
    }
}

extension AsyncSequence where Self: Sendable {
    /// The sequence as a cold signal: each subscription iterates it in a
    /// task of its own (see `RACSignal.fromTask`), sending each element,
    /// then completing when it ends or failing with what it throws.
    /// Disposing the subscription cancels the iteration.
    public var rac_signal: RACSignal<Element> {
        RACSignal<Element>.fromTask { subscriber in
            for try await element in self {
                subscriber.sendNext(element)
            }
        }
    }
}

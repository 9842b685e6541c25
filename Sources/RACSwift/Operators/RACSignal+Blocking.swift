import Dispatch

// The blocking operators subscribe and wait on a semaphore for the event
// they need. A signal that delivers synchronously, on the calling thread,
// during the subscription has signalled the semaphore before the wait
// starts, so the wait returns at once instead of deadlocking.
//
// As in RAC, they deadlock when the events can only be delivered by the
// thread that waits: a signal that delivers on `mainThreadScheduler`
// (through `deliverOn(_:)`, say) read on the main thread, or one scheduled
// on a `RACTestScheduler` read from the thread that steps it. Call them
// from another thread, and not at all on a UI thread.
extension RACSignal {
    /// Subscribes, blocks the calling thread until the first value, and
    /// returns it; returns nil if the receiver completes or fails first.
    /// The subscription ends after that first event. RAC's `-first`.
    public func first() -> Value? {
        firstEvent().value
    }

    /// Like `first()`, returning `defaultValue` if the receiver completes or
    /// fails without a value. RAC's `-firstOrDefault:`.
    public func firstOrDefault(_ defaultValue: Value) -> Value {
        firstEvent().value ?? defaultValue
    }

    /// Subscribes, blocks the calling thread until the receiver completes,
    /// and returns all of its values, in order; throws the receiver's error
    /// if it fails. RAC's `-toArray`, with the error thrown rather than
    /// turned into nil.
    public func toArray() throws -> [Value] {
        switch collect().firstEvent() {
        case .next(let values): return values
        case .error(let error): throw error
        case .completed: preconditionFailure("collect() sends its array before it completes")
        }
    }

    /// Subscribes and blocks the calling thread until the receiver
    /// completes; throws its error if it fails. RAC's `-waitUntilCompleted:`.
    public func waitUntilCompleted() throws {
        if let error = ignoreValues().firstEvent().error { throw error }
    }

    /// Subscribes and blocks until the receiver's first event, which it
    /// returns; the subscription ends there.
    private func firstEvent() -> RACEvent<Value> {
        let arrived = DispatchSemaphore(value: 0)
        // Written once by the delivering thread before it signals, read by
        // this one after the wait: the semaphore orders the two.
        var first: RACEvent<Value>?
        materialize().take(1).subscribeNext { event in
            first = event
            arrived.signal()
        }
        arrived.wait()
        return first!
    }
}

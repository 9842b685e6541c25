// The library's own closures passed to its own `@Sendable` parameters (a
// scheduler's `schedule`, `createSignal`, a disposable's block).
//
// They capture sinks, cores, cells and values whose types are not `Sendable`
// but which the engine makes safe to use from the thread that runs the
// closure: sinks and cores serialize their events, cells are atomics, and a
// value is handed from the sending thread to the delivering one as
// docs/Concurrency.md ("Values between threads") says. The compiler cannot
// see that, so these casts say it, once, here. `@Sendable` changes no
// representation: the cast is a no-op at run time.

@inlinable @inline(__always)
internal func racSendable<R>(_ body: @escaping () -> R) -> @Sendable () -> R {
    unsafeBitCast(body, to: (@Sendable () -> R).self)
}

@inlinable @inline(__always)
internal func racSendable<A, R>(_ body: @escaping (A) -> R) -> @Sendable (A) -> R {
    unsafeBitCast(body, to: (@Sendable (A) -> R).self)
}

import CShims
import Dispatch
import Foundation

// The blocking operators subscribe and wait on a semaphore for the event
// they need. A signal that delivers synchronously, on the calling thread,
// during the subscription has signalled the semaphore before the wait
// starts, so the wait returns at once instead of deadlocking.
//
// A read that can never be answered stops at once with a message instead of
// hanging: one called from inside a subscriber's block of a subject it
// reads, when its subscription reached nothing but subjects this thread is
// delivering, or subjects fed by nothing but those (a multicast
// connection's: see `RACSubjectFeed`), and none of them has a value to
// replay (what an event for it would need is this thread, which is blocked
// in the read). Subscribing tells a thread-local probe what it reached (see
// `RACBlockingProbe`). A replay or behavior subject that has a value answers
// at once, as in RAC.
//
// The same on the main thread, for a read whose subscription queued work for
// the main thread scheduler and reached no source still able to send on its
// own (a synchronous source followed by `deliverOn(mainThreadScheduler)`, a
// `retry` whose first attempt failed at once), or reached a `RACCommand`'s
// execution whose block still waits for the main thread scheduler.
//
// As in RAC, they still deadlock where the probe cannot be sure: a source
// still running on another thread whose events go through `deliverOn` to
// the main thread, read on the main thread; a signal scheduled on a
// `RACTestScheduler`, read from the thread that steps it; a scheduler
// subclass of your own (taken for one that could answer, or not see at
// all); a subscription made through the subscription scheduler's background
// scheduler (a replay subject's, `autoconnect()`'s or `createSignal`'s, read
// off the main thread outside any scheduler's block), whose block the probe
// cannot see into. Call them from another thread, and not at all on a UI
// thread.
extension RACSignal {
    /// Subscribes, blocks the calling thread until the first value, and
    /// returns it; returns nil if the receiver completes or fails first.
    /// The subscription ends after that first event. RAC's `-first`.
    /// From async code, `try await first()` suspends instead (and is
    /// the one chosen there, except in top-level code: see
    /// docs/Porting.md, "Swift 6").
    @available(*, noasync, message: "blocks the thread: use try await first() in an async function (top-level code in main.swift picks this blocking form even when written so, swiftlang/swift#74459: move it into an async function, such as an @main type's static func main() async)")
    public func first() -> Value? {
        firstEvent("first()").value
    }

    /// Like `first()`, returning `defaultValue` if the receiver completes or
    /// fails without a value. RAC's `-firstOrDefault:`.
    public func firstOrDefault(_ defaultValue: Value) -> Value {
        firstEvent("firstOrDefault(_:)").value ?? defaultValue
    }

    /// Like `firstOrDefault(_:)`, also telling how it went: `success` is set
    /// to whether the receiver sent a value or completed (false if it
    /// failed), `error` to the error it failed with, or nil. RAC's
    /// `-firstOrDefault:success:error:`.
    public func firstOrDefault(_ defaultValue: Value, success: inout Bool, error: inout (any Error)?) -> Value {
        let event = firstEvent("firstOrDefault(_:success:error:)")
        success = event.error == nil
        error = event.error
        return event.value ?? defaultValue
    }

    /// `firstOrDefault(_:success:error:)` for the main thread in tests:
    /// instead of blocking, runs the main run loop (so that work scheduled
    /// on the main thread scheduler goes on) until the first event, or
    /// until 10 s have passed, which counts as a failure with
    /// `RACSignalError.timedOut`. RAC's
    /// `-asynchronousFirstOrDefault:success:error:`.
    public func asynchronousFirstOrDefault(_ defaultValue: Value, success: inout Bool,
                                           error: inout (any Error)?) -> Value {
        asynchronousFirstOrDefault(defaultValue, success: &success, error: &error,
                                   timeout: RACSignal.asynchronousWaitTimeout)
    }

    /// `asynchronousFirstOrDefault(_:success:error:)` that gives up after
    /// `timeout` seconds instead of 10, which counts as a failure with
    /// `RACSignalError.timedOut`: ReactiveObjC 3.1's
    /// `-asynchronousFirstOrDefault:success:error:timeout:`. On the main
    /// thread only; the first event reaches it through the main thread
    /// scheduler, as in RAC, so main-queue work queued before that event
    /// (a `RACCommand`'s `executing` and `enabled` updates) has run when it
    /// returns.
    public func asynchronousFirstOrDefault(_ defaultValue: Value, success: inout Bool,
                                           error: inout (any Error)?, timeout: TimeInterval) -> Value {
        let event = firstEventRunningTheMainRunLoop("asynchronousFirstOrDefault(_:success:error:timeout:)",
                                                    timeout: timeout)
        success = event.error == nil
        error = event.error
        return event.value ?? defaultValue
    }

    /// `waitUntilCompleted()` for the main thread in tests, running the
    /// main run loop as `asynchronousFirstOrDefault(_:success:error:)`
    /// does; throws the receiver's error, or `RACSignalError.timedOut`
    /// after 10 s. RAC's `-asynchronouslyWaitUntilCompleted:`.
    public func asynchronouslyWaitUntilCompleted() throws {
        try asynchronouslyWaitUntilCompleted(timeout: RACSignal.asynchronousWaitTimeout)
    }

    /// `asynchronouslyWaitUntilCompleted()` that gives up after `timeout`
    /// seconds instead of 10, throwing `RACSignalError.timedOut`:
    /// ReactiveObjC 3.1's `-asynchronouslyWaitUntilCompleted:timeout:`.
    /// Throws the receiver's error if it fails. On the main thread only; as
    /// in RAC, the completion reaches it through the main thread scheduler,
    /// so after `try command.execute(x).asynchronouslyWaitUntilCompleted()`
    /// the command's `executing` is already false again.
    public func asynchronouslyWaitUntilCompleted(timeout: TimeInterval) throws {
        if let error = ignoreValues()
            .firstEventRunningTheMainRunLoop("asynchronouslyWaitUntilCompleted(timeout:)", timeout: timeout).error {
            throw error
        }
    }

    /// How long the asynchronous waits wait without a `timeout:`: RAC's
    /// `RACSignalAsynchronousWaitTimeout`.
    private static var asynchronousWaitTimeout: TimeInterval { 10 }

    /// Subscribes and runs the main run loop until the receiver's first
    /// event (`timeout` seconds at most, then a `timedOut` error). Only on
    /// the main thread, which is what it runs.
    private func firstEventRunningTheMainRunLoop(_ operation: String, timeout: TimeInterval) -> RACEvent<Value> {
        guard Thread.isMainThread else { racMisuse("\(operation) runs the main run loop: call it on the main thread") }
        // Set on the main thread (delivered through the main thread
        // scheduler) and read there; the box's lock keeps that honest.
        let arrived = RACEventBox<Value>()
        // Through the main thread scheduler, one scheduled block for the
        // event, as RAC's `deliverOn:mainThreadScheduler` schedules it: what
        // was scheduled there before the event (a command's `executing`
        // update, scheduled by its own completion handler, which RAC
        // subscribes first) runs before the wait sees the event. Not
        // `deliverOn`, whose queue delivers a burst in one block and may so
        // run the event ahead of blocks scheduled between its events.
        let subscription = materialize().take(1).subscribeNext { event in
            // The event goes from the sending thread to the main one, as
            // docs/Concurrency.md ("Values between threads") says.
            RACScheduler.mainThreadScheduler.schedule(racSendable { arrived.set(event) })
        }
        let deadline = Date().addingTimeInterval(timeout)
        while arrived.get() == nil && Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: min(deadline, Date().addingTimeInterval(0.01)))
        }
        subscription.dispose()
        return arrived.get() ?? .error(RACSignalError.timedOut)
    }

    /// Subscribes, blocks the calling thread until the receiver completes,
    /// and returns all of its values, in order; throws the receiver's error
    /// if it fails. RAC's `-toArray`, with the error thrown rather than
    /// turned into nil.
    /// From async code, `try await toArray()` suspends instead (and is
    /// the one chosen there).
    @available(*, noasync, message: "blocks the thread: use try await toArray() in an async function (top-level code in main.swift picks this blocking form even when written so, swiftlang/swift#74459: move it into an async function, such as an @main type's static func main() async)")
    public func toArray() throws -> [Value] {
        switch collect().firstEvent("toArray()") {
        case .next(let values): return values
        case .error(let error): throw error
        case .completed: preconditionFailure("collect() sends its array before it completes")
        }
    }

    /// Subscribes and blocks the calling thread until the receiver
    /// completes; throws its error if it fails. RAC's `-waitUntilCompleted:`.
    /// From async code, `try await waitUntilCompleted()` suspends instead (and is
    /// the one chosen there).
    @available(*, noasync, message: "blocks the thread: use try await waitUntilCompleted() in an async function (top-level code in main.swift picks this blocking form even when written so, swiftlang/swift#74459: move it into an async function, such as an @main type's static func main() async)")
    public func waitUntilCompleted() throws {
        if let error = ignoreValues().firstEvent("waitUntilCompleted()").error { throw error }
    }

    /// Subscribes and blocks until the receiver's first event, which it
    /// returns; the subscription ends there. `operation` names the public
    /// call, for the message if the wait could never end.
    private func firstEvent(_ operation: StaticString) -> RACEvent<Value> {
        let arrived = DispatchSemaphore(value: 0)
        // Written once by the delivering thread before it signals, read by
        // this one after the wait: the semaphore orders the two.
        var first: RACEvent<Value>?
        let (subscription, verdict) = subscribeForBlockingRead { event in
            first = event
            arrived.signal()
        }
        if verdict == .answerable {
            // Holding the main queue's turn (the main thread, or a block of
            // the main queue, which on Linux may run on another thread),
            // marked: if what it waits for needs the main queue after all
            // (sent from another thread through deliverOnMainThread()), the
            // main queue's watch names this read.
            if RACScheduler.mainThreadScheduler.isRunningCallingThread {
                RACMainQueueWatch.whileMainThreadBlocks(in: operation) { arrived.wait() }
            } else {
                arrived.wait()
            }
        } else if arrived.wait(timeout: .now()) == .timedOut {
            // Nothing arrived during the subscription (a synchronous event
            // has signalled already), and nothing else can.
            subscription.dispose()
            if verdict == .owned_subjects {
                racMisuse("""
                    \(operation) was called from inside a subscriber's block of a subject it reads \
                    (directly, or through a multicast connection: publish(), multicast(_:), replay(), \
                    replayLast(), replayLazily()), and there is nothing to replay: its next event can \
                    only be delivered by this thread, after the block returns, so the call would never \
                    return. Read it from outside the block (schedule the read on another scheduler), \
                    or read a RACReplaySubject or RACBehaviorSubject, which replays its latest value \
                    at once.
                    """)
            }
            racMisuse("""
                \(operation) was called on the main thread for a signal whose events can only \
                arrive through the main thread scheduler (deliverOn(mainThreadScheduler), retry, \
                a RACCommand's execution), which runs only once the main thread is free: the call \
                would never return. Read it from another thread, or subscribe to it instead.
                """)
        }
        return first!
    }

    /// Subscribes `body` to the receiver's first event, and says whether
    /// only this thread could deliver it, once it is free: the subscription
    /// reached subjects this thread is delivering (or subjects fed by
    /// nothing but those), or work queued for the main thread from the main
    /// thread (or a command's execution fed by nothing but such work), and
    /// nothing else (no other subject, `createSignal` block still running,
    /// foreign signal class or other scheduled block).
    internal func subscribeForBlockingRead(
        _ body: @escaping (RACEvent<Value>) -> Void
    ) -> (subscription: RACDisposable, verdict: racs_probe_verdict) {
        let probe = RACBlockingProbe()
        let subscription = materialize().take(1).subscribeNext(racSendable(body))
        return (subscription, probe.close())
    }
}

extension RACSignal {
    /// Subscribes at once and returns a sequence of the receiver's values,
    /// in order, whose reads block until the value read has arrived (or the
    /// receiver has ended, which ends the sequence; an error ends it too):
    /// RAC's `-sequence`. The values are kept for the sequence's readers.
    /// After an error, the sequence's `array` holds the values sent before
    /// it, where RAC's `-array` of such a sequence is nil (`array` is never
    /// optional here); `try toArray()` on the signal throws the error, RAC's
    /// meaning.
    /// Reading it where only the reading thread could deliver the values
    /// hangs, as the blocking reads above do.
    public func sequence() -> RACSequence<Value> {
        let buffer = RACSignalSequenceBuffer<Value>()
        subscribeNext({ buffer.append($0) }, error: { _ in buffer.end() }, completed: { buffer.end() })
        return buffer.sequence(from: 0)
    }
}

/// The values behind `RACSignal.sequence()`: appended by the signal's
/// deliveries, read (waiting) by the sequence's nodes. A condition variable,
/// not the engine's atomics: its readers wait anyway, off every hot path.
// @unchecked Sendable: its condition variable guards every field.
private final class RACSignalSequenceBuffer<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [Value] = []
    private var ended = false

    func append(_ value: Value) {
        condition.lock()
        values.append(value)
        condition.broadcast()
        condition.unlock()
    }

    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// The value at `index`, once it has arrived; nil once the signal ended
    /// before it. A read that must wait while holding the main queue is
    /// marked, so that the main queue's watch names it if main-queue work
    /// waits behind it (`RACMainQueueWatch`).
    func value(at index: Int) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        if values.count <= index && !ended {
            if RACScheduler.mainThreadScheduler.isRunningCallingThread {
                RACMainQueueWatch.whileMainThreadBlocks(in: "a read of sequence()") { awaitValue(at: index) }
            } else {
                awaitValue(at: index)
            }
        }
        return index < values.count ? values[index] : nil
    }

    /// Waits, the lock held, until the value at `index` has arrived or the
    /// signal has ended. A thread inside a delivery (it owns a serializer,
    /// a subject's among them, or runs a `deliverOn` drain) may be what
    /// would send the value, after the read returns: after a second without
    /// it, that is said on the standard error, once per read, and the read
    /// waits on. (Not the once flags a thread runs: the read itself runs
    /// in one, the sequence's lazy head.)
    private func awaitValue(at index: Int) {
        var told = false
        while values.count <= index && !ended {
            if !condition.wait(until: Date(timeIntervalSinceNow: 1)) && !told
                && (racs_owns_a_serializer() || racs_drains_a_queue()) {
                told = true
                FileHandle.standardError.write(Data("""
                    RACSwift: a read of sequence() made from inside a delivery (a subscriber's block of \
                    a subject, a deliverOn drain) has waited 1 s for its value. If only that delivery \
                    can send it, after the read returns, the read never returns: read the sequence from \
                    outside the block.

                    """.utf8))
            }
        }
    }

    func sequence(from index: Int) -> RACSequence<Value> {
        RACSequence(headBlock: { self.value(at: index) }, tailBlock: { self.sequence(from: index + 1) })
    }
}

/// The first event of an asynchronous read, set on the delivering thread and
/// read on the main thread. A lock, not the engine's atomics: this is a
/// test helper that waits anyway, off every hot path.
// @unchecked Sendable: its lock guards the event.
private final class RACEventBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var event: RACEvent<Value>?

    func set(_ new: RACEvent<Value>) {
        lock.lock()
        event = new
        lock.unlock()
    }

    func get() -> RACEvent<Value>? {
        lock.lock()
        defer { lock.unlock() }
        return event
    }
}

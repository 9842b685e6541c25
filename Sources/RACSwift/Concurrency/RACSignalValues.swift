import CShims

/// How `values(bufferingPolicy:)` keeps the values a signal sends faster
/// than the loop takes them.
public enum RACValuesBufferingPolicy: Sendable, Equatable {
    /// Every value, without limit (what `values` does): the sender is never
    /// held up.
    case unbounded
    /// Every value, at most this many waiting (at least 1): a sender that
    /// finds them waiting waits its turn until the loop has taken half of
    /// them, as a sender waits at a subject's bound (docs/Concurrency.md
    /// point 9); nothing is lost or reordered.
    case bounded(Int)
    /// At most this many values, the newest: an older one is dropped to
    /// make room (`AsyncThrowingStream`'s `.bufferingNewest`).
    case bufferingNewest(Int)
    /// At most this many values, the oldest: a newer one is dropped when
    /// there is no room (`AsyncThrowingStream`'s `.bufferingOldest`).
    case bufferingOldest(Int)
}

/// The values of a signal as an `AsyncSequence`, kept as a
/// `RACValuesBufferingPolicy` says: what `values(bufferingPolicy:)`
/// returns. Delivers to one iterator, as `AsyncThrowingStream` does.
public struct RACSignalValues<Value>: AsyncSequence {
    /// The signal's value type.
    public typealias Element = Value

    internal let stream: AsyncThrowingStream<Value, any Error>
    internal let bound: RACValuesBound?

    /// Iterates the values, counting each one taken out of the bound.
    public struct AsyncIterator: AsyncIteratorProtocol {
        internal var base: AsyncThrowingStream<Value, any Error>.AsyncIterator
        internal let bound: RACValuesBound?

        /// The next value; nil once the signal has completed (or the task was
        /// cancelled); throws the signal's error.
        public mutating func next() async throws -> Value? {
            let value = try await base.next()
            if value != nil { bound?.taken() }
            return value
        }
    }

    /// An iterator over the values.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), bound: bound)
    }
}

extension RACSignalValues: Sendable where Value: Sendable {}

/// The bound of a `.bounded` `RACSignalValues`: the count of values yielded
/// and not yet taken by the loop, and the sending thread's wait at the
/// limit (a `RACBacklogGate`, with its rules).
///
/// Where the sender does not wait, and the values go past the limit, in
/// order: when the loop has ended (cancelled, left, or the sequence
/// dropped), and when the sender runs inside a task (`fromTask`, a task
/// that sends into a subject): it would block one of the few threads of
/// Swift's cooperative pool, which the iterating task may need to run.
// @unchecked Sendable: its words are only touched atomically.
internal final class RACValuesBound: @unchecked Sendable {
    internal let limit: Int
    internal let words = RACAtomicCell(count: RACBacklogGate.wordCount + 1)
    internal var gate: RACBacklogGate { RACBacklogGate(words.word(0)) }
    /// 1 once the loop has ended: senders no longer wait.
    internal var closed: RACAtomicWord { words.word(RACBacklogGate.wordCount) }

    internal init(limit: Int) {
        self.limit = limit
    }

    /// Called by the sender after it yielded a value.
    ///
    /// At the limit the sender sleeps at once, without the spin and the
    /// yield that other waits at a bound begin with. Its turn comes only
    /// after the loop has taken half the limit, each value a resumption of
    /// a task, which no spin of a few microseconds outlasts; and on a
    /// loaded machine the yield handed the processor to a busy thread for a
    /// whole time slice, while the loop, once it had taken what there was,
    /// suspended too: each run of values then cost two waits behind busy
    /// threads (`values(.bounded(64))` 15–39x slower than the unbounded
    /// `values` with eight busy threads on two cores; 1.2–2.0x sleeping at
    /// once, as a condition-variable bridge does: perf/README.md, round 4).
    internal func sent() {
        guard gate.enter() >= limit, !RACValuesBound.runsInATask else { return }
        gate.awaitTurn(resumeAt: limit / 2, watching: gate.count, isClosed: { closed.load(.seq_cst) != 0 },
                       spins: false, stallKey: 6,
                       stallWarning: """
            RACSwift: a send into values(bufferingPolicy: .bounded) waited 1 s for the loop to take a value, \
            which it did not do in that time, and went on without waiting; its value stays queued in order. \
            (Warned once.)
            """)
    }

    /// Called by the iterator for each value it takes.
    internal func taken() {
        _ = gate.leave(resumeAt: limit / 2)
    }

    /// Called when the loop ends: lets a waiting sender go, and no sender
    /// waits after. Sequentially consistent, as the sender's wait: either
    /// it sees the mark, or this sees it waiting.
    internal func close() {
        closed.store(1, .seq_cst)
        gate.letWaiterGo()
    }

    private static var runsInATask: Bool {
        withUnsafeCurrentTask { $0 != nil }
    }
}

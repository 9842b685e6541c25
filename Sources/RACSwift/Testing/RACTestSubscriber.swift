import Foundation

/// A subscriber that records what it receives, for tests: every event, its
/// values, and, when given a `RACTestScheduler`, the virtual time of each
/// (seconds since the start of virtual time; 0 without a scheduler).
///
/// Subscribe it with `signal.subscribe(recorder)`. Safe to read from the
/// test's thread while another delivers (a lock guards the record: a test
/// helper, off every hot path).
// @unchecked Sendable (which RACSubscriber requires): it records without a
// lock, for a test that drives its signals from one thread, as a
// RACTestScheduler does; read it once those deliveries are done.
public final class RACTestSubscriber<Value>: RACSubscriber, @unchecked Sendable {
    private let scheduler: RACTestScheduler?
    private let lock = NSLock()
    private var record: [(time: TimeInterval, event: RACEvent<Value>)] = []

    /// A recorder that stamps events with `scheduler`'s virtual time, or
    /// with 0 if there is none.
    public init(scheduler: RACTestScheduler? = nil) {
        self.scheduler = scheduler
    }

    /// Every event received, in order.
    public var events: [RACEvent<Value>] {
        recorded.map(\.event)
    }

    /// The values received, in order.
    public var values: [Value] {
        events.compactMap(\.value)
    }

    /// Every event received, with its virtual time in seconds since the
    /// start of the scheduler's virtual time.
    public var recorded: [(time: TimeInterval, event: RACEvent<Value>)] {
        lock.lock()
        defer { lock.unlock() }
        return record
    }

    public func sendNext(_ value: Value) { append(.next(value)) }
    public func sendError(_ error: any Error) { append(.error(error)) }
    public func sendCompleted() { append(.completed) }
    public func didSubscribe(with disposable: RACCompoundDisposable) {}

    private func append(_ event: RACEvent<Value>) {
        let time = scheduler.map { $0.now.timeIntervalSince(RACTestScheduler.start) } ?? 0
        lock.lock()
        record.append((time, event))
        lock.unlock()
    }
}

import CShims
import Dispatch
import Foundation

/// How urgently a scheduler's queue runs, mapped onto Dispatch's QoS classes.
public enum RACSchedulerPriority: Sendable {
    /// `DispatchQoS.QoSClass.userInitiated` (RAC's `RACSchedulerPriorityHigh`).
    case high
    /// `.default`.
    case `default`
    /// `.utility`.
    case low
    /// `.background`.
    case background
}

/// Runs blocks: at once, on a queue, at a time. RAC 2.5's `RACScheduler`.
///
/// Subclasses override `schedule(_:)`, `after(_:schedule:)` and
/// `after(_:repeatingEvery:withLeeway:schedule:)`. A scheduler that runs a
/// block makes itself `currentScheduler` for the duration (see
/// `performAsCurrentScheduler(_:)`). Disposing the disposable that a
/// scheduling method returns cancels the block if it has not started.
// @unchecked Sendable: scheduling from any thread is what schedulers are for;
// RACSwift's keep their state in Dispatch queues, atomics or (the test
// scheduler) a lock.
open class RACScheduler: @unchecked Sendable {
    /// For subclasses.
    public init() {}

    /// Schedules `block` to run as soon as the scheduler can. Returns a
    /// disposable that cancels it, or nil if it ran already (the immediate
    /// scheduler) or cannot be cancelled.
    @discardableResult
    open func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
        racMisuse("\(type(of: self)) must override schedule(_:)")
    }

    /// Schedules `block` to run at `date` (or as soon after it as possible).
    @discardableResult
    open func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        racMisuse("\(type(of: self)) must override after(_:schedule:)")
    }

    /// Schedules `block` to run `delay` seconds from now.
    @discardableResult
    public func afterDelay(_ delay: TimeInterval, schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        after(now.addingTimeInterval(delay), schedule: block)
    }

    /// Schedules `block` at `date`, then every `interval` seconds after it,
    /// until the returned disposable is disposed. `leeway` is how late the
    /// system may run it to save power.
    @discardableResult
    open func after(_ date: Date, repeatingEvery interval: TimeInterval,
                    withLeeway leeway: TimeInterval,
                    schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        racMisuse("\(type(of: self)) must override after(_:repeatingEvery:withLeeway:schedule:)")
    }

    /// What the scheduler takes as the present: the wall clock, or virtual
    /// time for `RACTestScheduler`. Relative delays count from here.
    internal var now: Date { Date() }

    // MARK: What a delivery queue asks of its scheduler

    /// The ordered queue of everything scheduled on this scheduler, if it
    /// keeps one (RACSwift's queue schedulers): `deliverOn` then pushes
    /// each event there, among the scheduler's blocks, instead of
    /// scheduling a block per event. Nil, as here, for a scheduler RACSwift
    /// knows nothing of.
    @usableFromInline
    internal var workQueue: RACSchedulerQueue? { nil }

    /// Runs `queue.drain()` as one of this scheduler's blocks (with it
    /// current), once per call: how a `RACSchedulerQueue` starts a burst
    /// and continues one after a term. Only schedulers with a `workQueue`
    /// are asked.
    @usableFromInline
    internal func submitDrain(of queue: RACSchedulerQueue) {
        racMisuse("\(type(of: self)) has no queue to drain")
    }

    /// Tells a blocking read waiting on this thread (RACBlockingProbe.h) of
    /// work pushed onto `workQueue`, as `schedule(_:)` does for its blocks.
    @usableFromInline
    internal func noteScheduledWork() {}

    /// Whether a thread sending into a `RACDeliveryQueue` on this scheduler
    /// may wait for the queue's drain to make room: whether the scheduler
    /// runs its blocks on threads of its own, whatever the sender does, and
    /// does so now. No, as here, for a scheduler RACSwift knows nothing of
    /// (one's own, a test scheduler, whose blocks run only when its thread
    /// steps it; the immediate and subscription schedulers run them at
    /// once): its queue is not bounded. The calling thread is asked
    /// separately (`isRunningCallingThread`).
    internal var runsDrainsIndependently: Bool { false }

    /// Whether the calling thread is running one of this scheduler's blocks,
    /// so that a block scheduled now runs only after it: a sender there
    /// never waits for a delivery queue's drain on this scheduler. Here: the
    /// scheduler is `currentScheduler`.
    internal var isRunningCallingThread: Bool { RACCurrentScheduler.get() === self }
}

extension RACScheduler {
    /// The scheduler running the current block, if any; on the main thread
    /// outside any scheduler's block, the main thread scheduler.
    public static var currentScheduler: RACScheduler? {
        if let scheduler = RACCurrentScheduler.get() { return scheduler }
        return RACCurrentScheduler.isMainThread ? mainThreadScheduler : nil
    }

    /// Whether `subscriptionScheduler` runs a block at once on this thread:
    /// inside another scheduler's block, or on the main thread.
    @usableFromInline
    internal static var subscriptionRunsInline: Bool {
        RACCurrentScheduler.get() != nil || RACCurrentScheduler.isMainThread
    }

    /// Runs `block` with the receiver as `currentScheduler`, then restores
    /// the previous one: RAC 2.5's `-performAsCurrentScheduler:`, for
    /// subclasses. Every scheduler that runs blocks on a queue or thread of
    /// its own runs them through this.
    public final func performAsCurrentScheduler(_ block: () -> Void) {
        let previous = RACCurrentScheduler.get()
        RACCurrentScheduler.set(self)
        defer { RACCurrentScheduler.set(previous) }
        block()
    }
}

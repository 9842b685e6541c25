import CShims
// Dispatch's timer sources are not marked Sendable, though Dispatch makes
// them safe to cancel from any thread.
@preconcurrency import Dispatch
import Foundation

/// A serial scheduler that runs its blocks on a serial Dispatch queue:
/// RAC 2.5's `RACQueueScheduler`, the base of `RACTargetQueueScheduler`,
/// for schedulers of one's own over a queue.
///
/// Blocks run one at a time, in the order scheduled, each with the receiver
/// as `currentScheduler`. Disposing a returned disposable before its block
/// starts cancels the block; disposing a repeating one stops the repetition.
/// As in RAC, a scheduled block keeps the scheduler alive until its time
/// comes, and a repeating one until it is disposed, so blocks on a
/// scheduler that nobody else keeps still run.
open class RACQueueScheduler: RACScheduler, @unchecked Sendable {
    /// The queue the blocks run on.
    public let queue: DispatchQueue

    /// The scheduler's name (for debugging).
    public let name: String

    /// A scheduler named `name` running on `queue`, which must be serial:
    /// RAC's `-initWithName:queue:`, for subclasses too.
    public init(name: String?, queue: DispatchQueue) {
        self.queue = queue
        self.name = name ?? queue.label
        isMainQueue = false
        queue.setSpecific(key: onQueue, value: true)
    }

    /// Whether `queue` is the main queue (`DispatchQueue.main` is not one
    /// object to compare with on every platform, so the main queue's
    /// scheduler says so when it is made).
    @usableFromInline internal let isMainQueue: Bool

    /// A scheduler running directly on `queue`, which must be serial.
    internal init(queue: DispatchQueue, name: String, isMainQueue: Bool = false) {
        self.queue = queue
        self.name = name
        self.isMainQueue = isMainQueue
        queue.setSpecific(key: onQueue, value: true)
    }

    /// Set on `queue`, and so found by `DispatchQueue.getSpecific(key:)`
    /// in any block running on it or on a queue that targets it (Dispatch
    /// looks up the target queues too): such a block holds the queue, so
    /// the scheduler's blocks run only after it. One key per scheduler, so
    /// that two schedulers over one queue, or one whose queue targets
    /// another's, each find their own.
    private let onQueue = DispatchSpecificKey<Bool>()

    deinit {
        // The queue may outlive the scheduler (one's own queue), and a key
        // made later at the same address must not find this one's mark.
        queue.setSpecific(key: onQueue, value: nil)
    }

    @discardableResult
    open override func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
        noteForBlockingRead()
        let disposable = RACDisposable()
        // Counted until its turn on the queue, whether it runs then or was
        // cancelled: the one place that sees either exactly once.
        racs_scheduled_blocks_add(1)
        queue.async {
            racs_scheduled_blocks_add(-1)
            guard !disposable.isDisposed else { return }
            self.performAsCurrentScheduler(block)
        }
        return disposable
    }

    /// Whether the scheduler is one of RACSwift's own classes, not a
    /// subclass of one's own, which may schedule its blocks otherwise: only
    /// then do the delivery queues rely on how it runs them.
    private var schedulesAsRACSwift: Bool {
        let kind = ObjectIdentifier(type(of: self))
        return kind == ObjectIdentifier(RACQueueScheduler.self) || kind == ObjectIdentifier(RACTargetQueueScheduler.self)
    }

    /// A user-data source on the queue whose handler runs `handler` with
    /// the scheduler current, as `schedule(_:)` would run a block (signal
    /// it with `signal(_:)`); a Dispatch work item could not be submitted
    /// again while pending. Nil on the main queue: there (on Linux, where
    /// the run loop drains it) a source is serviced ahead of blocks queued
    /// before it was signalled, so a delivery queue's events would overtake
    /// this scheduler's own blocks (`DeliverOnOrderTests`; 200 of 200
    /// rounds): the delivery queue then schedules a block per burst, which
    /// keeps its place among them as RAC's blocks do. Nil for a subclass.
    /// The source's handler holds the scheduler, as a scheduled block does.
    @usableFromInline
    internal override func makeBurstSource(_ handler: @escaping @Sendable () -> Void) -> DispatchSourceUserDataAdd? {
        guard schedulesAsRACSwift && !isMainQueue else { return nil }
        let source = DispatchSource.makeUserDataAddSource(queue: queue)
        source.setEventHandler { self.performAsCurrentScheduler(handler) }
        source.resume()
        return source
    }

    /// RACSwift's queue schedulers run their blocks on Dispatch's threads,
    /// whatever a sender does; the main queue's only once something runs
    /// the main queue (`RACMainQueueWatch`).
    internal override var runsDrainsIndependently: Bool {
        schedulesAsRACSwift && (!isMainQueue || RACMainQueueWatch.mainQueueRuns)
    }

    /// Current, or in a block on the queue or on a queue that targets it,
    /// or, for the main queue, on the main thread (whose own code, run
    /// loop or not, holds the main queue's turn).
    internal override var isRunningCallingThread: Bool {
        if RACCurrentScheduler.get() === self { return true }
        if isMainQueue && racs_is_main_thread() { return true }
        return DispatchQueue.getSpecific(key: onQueue) != nil
    }

    @discardableResult
    open override func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        noteForBlockingRead()
        let disposable = RACDisposable()
        // Counted until its date, as `schedule(_:)`'s block until its turn.
        racs_scheduled_blocks_add(1)
        queue.asyncAfter(wallDeadline: Self.wallTimeWithDate(date)) {
            racs_scheduled_blocks_add(-1)
            guard !disposable.isDisposed else { return }
            self.performAsCurrentScheduler(block)
        }
        return disposable
    }

    @discardableResult
    open override func after(_ date: Date, repeatingEvery interval: TimeInterval,
                        withLeeway leeway: TimeInterval,
                        schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        noteForBlockingRead()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(wallDeadline: Self.wallTimeWithDate(date),
                       repeating: .nanoseconds(Self.nanoseconds(interval)),
                       leeway: .nanoseconds(Self.nanoseconds(leeway)))
        // The handler holds the scheduler strongly: as in RAC, the timer
        // fires until it is disposed, even when nobody else keeps the
        // scheduler (unowned, a tick after the user dropped it trapped).
        // No cycle: the scheduler does not hold the timer, and cancelling
        // it releases the handler, and with it the scheduler.
        timer.setEventHandler { self.performAsCurrentScheduler(block) }
        timer.resume()
        // Counted until disposed (a disposable's block runs once).
        racs_scheduled_blocks_add(1)
        return RACDisposable {
            timer.cancel()
            racs_scheduled_blocks_add(-1)
        }
    }

    /// Tells a blocking read subscribing on this thread (see
    /// RACBlockingProbe.h) of the work being scheduled: work queued for the
    /// main thread from the main thread cannot run while the read waits
    /// there; any other may answer it. Main-queue work also starts the
    /// watch that says when nothing runs the main queue.
    private func noteForBlockingRead() {
        if isMainQueue { RACMainQueueWatch.noteUse() }
        if isMainQueue && racs_is_main_thread() {
            racs_probe_note_main_thread_work()
        } else {
            racs_probe_note_other_source()
        }
    }

    private static func nanoseconds(_ interval: TimeInterval) -> Int {
        Int((max(interval, 0) * 1e9).rounded())
    }

    /// `date` as a Dispatch wall time: RAC's `+wallTimeWithDate:`.
    public static func wallTimeWithDate(_ date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let spec = timespec(tv_sec: Int(whole), tv_nsec: Int(((seconds - whole) * 1e9).rounded()))
        return DispatchWallTime(timespec: spec)
    }

    /// The old spelling of `wallTimeWithDate(_:)`, which the naming rule
    /// makes RAC's selector `wallTimeWithDate:` keep.
    @available(*, deprecated, renamed: "wallTimeWithDate(_:)")
    public static func wallTime(with date: Date) -> DispatchWallTime {
        wallTimeWithDate(date)
    }
}

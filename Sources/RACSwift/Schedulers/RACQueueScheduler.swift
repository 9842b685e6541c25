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

    /// A Dispatch source on the queue that runs `handler` once for any
    /// number of `signal(_:)` calls made before it starts: the way a
    /// `RACDeliveryQueue` schedules its drain, one run per burst, with no
    /// block, disposable or closure made per run (a Dispatch work item
    /// cannot be submitted again while pending). The handler makes the
    /// scheduler current itself. Cancel the source to let go of it.
    @usableFromInline
    internal func makeBurstSource(_ handler: @escaping @Sendable () -> Void) -> DispatchSourceUserDataAdd {
        let source = DispatchSource.makeUserDataAddSource(queue: queue)
        source.setEventHandler(handler: handler)
        source.resume()
        return source
    }

    /// Has `source`'s handler run on the queue, as `schedule(_:)` would run
    /// a block.
    @usableFromInline
    internal func signal(_ source: DispatchSourceUserDataAdd) {
        noteForBlockingRead()
        source.add(data: 1)
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

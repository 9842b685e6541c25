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
        super.init()
        setUp()
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
        super.init()
        setUp()
    }

    /// Marks the queue, and makes the ordered queue and its drain's source.
    private func setUp() {
        queue.setSpecific(key: onQueue, value: true)
        let work = RACSchedulerQueue(scheduler: self)
        ordered = work
        // Not on the main queue: there (on Linux, where the run loop drains
        // it) a source is serviced ahead of blocks queued before it was
        // signalled, so a burst would overtake blocks put on the main queue
        // directly before it began (`DeliverOnOrderTests`); a block per
        // burst keeps its place among them.
        guard !isMainQueue else { return }
        let source = DispatchSource.makeUserDataAddSource(queue: queue)
        // Unowned: the scheduler owns the source; a submitted drain holds
        // the scheduler (`submitDrain(of:)`).
        source.setEventHandler { [unowned(unsafe) self] in
            performAsCurrentScheduler { _ = work.drain() }
            Unmanaged.passUnretained(self).release()
        }
        source.resume()
        burst = source
    }

    /// The ordered queue of what is scheduled here (`RACSchedulerQueue`).
    /// Written once, by `init`.
    private var ordered: RACSchedulerQueue!

    /// The drain's source (a user-data source on `queue`), but on the
    /// main queue. Written once, by `init`.
    private var burst: DispatchSourceUserDataAdd?

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
        burst?.cancel()
    }

    /// Queues `block` behind everything scheduled here before it (blocks,
    /// timers that fired, `deliverOn` events), as one node of the
    /// scheduler's ordered queue.
    @discardableResult
    open override func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
        noteForBlockingRead()
        // Counted until its turn, whether it runs then or was cancelled
        // (`RACScheduledBlock.run()`).
        racs_scheduled_blocks_add(1)
        let scheduled = RACScheduledBlock(block)
        scheduled.push(onto: ordered)
        return scheduled.disposable
    }

    /// Pushes `block`, a timer's, when it comes due: it then takes its
    /// place behind what was scheduled before that moment.
    private func scheduleDue(_ block: @escaping @Sendable () -> Void, cancelledBy disposable: RACDisposable) {
        let scheduled = RACScheduledBlock { if !disposable.isDisposed { block() } }
        scheduled.push(onto: ordered)
    }

    @usableFromInline
    internal override var workQueue: RACSchedulerQueue? { schedulesAsRACSwift ? ordered : nil }

    @usableFromInline
    internal override func submitDrain(of work: RACSchedulerQueue) {
        // The submitted drain's reference to the scheduler, let go of when
        // it has run (a resubmission takes its own).
        _ = Unmanaged.passRetained(self)
        // The main queue's watch starts at its first use (a burst start is
        // the first use of one).
        if isMainQueue { RACMainQueueWatch.noteUse() }
        if let burst {
            // One run per signal: a signal comes only from a burst's start
            // (the queue was idle, so no run is pending) or from the end of
            // a term, inside the run, which Dispatch follows with another.
            racs_probe_note_other_source()
            burst.add(data: 1)
        } else {
            queue.async { [unowned(unsafe) self] in
                performAsCurrentScheduler { _ = work.drain() }
                Unmanaged.passUnretained(self).release()
            }
        }
    }

    @usableFromInline
    internal override func noteScheduledWork() {
        noteForBlockingRead()
    }

    /// Whether the scheduler is one of RACSwift's own classes, not a
    /// subclass of one's own, which may schedule its blocks otherwise: only
    /// then do the delivery queues rely on how it runs them.
    private var schedulesAsRACSwift: Bool {
        let kind = ObjectIdentifier(type(of: self))
        return kind == ObjectIdentifier(RACQueueScheduler.self) || kind == ObjectIdentifier(RACTargetQueueScheduler.self)
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
        // Counted until its turn, as `schedule(_:)`'s block (the pushed
        // block's run counts it out).
        racs_scheduled_blocks_add(1)
        queue.asyncAfter(wallDeadline: Self.wallTimeWithDate(date)) {
            self.scheduleDue(block, cancelledBy: disposable)
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
        let disposable = RACDisposable {
            timer.cancel()
            racs_scheduled_blocks_add(-1)
        }
        timer.setEventHandler {
            // Each tick is counted until its turn, as a scheduled block.
            racs_scheduled_blocks_add(1)
            self.scheduleDue(block, cancelledBy: disposable)
        }
        timer.resume()
        // Counted until disposed (a disposable's block runs once).
        racs_scheduled_blocks_add(1)
        return disposable
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

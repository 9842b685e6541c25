import CShims
import Foundation

/// A scheduler in virtual time, for tests: RAC 2.5's `RACTestScheduler`.
///
/// Nothing runs until the test steps or advances the scheduler. Blocks run
/// on the thread that calls `step()`, `step(_:)`, `stepAll()`,
/// `advance(by:)` or `advance(to:)`, one at a time, earliest first (blocks
/// due at the same time run in the order they were scheduled), each with
/// the receiver as `currentScheduler`.
///
/// Virtual time (`now`) starts at `Date(timeIntervalSinceReferenceDate: 0)`
/// and moves only when a step runs a block, to that block's date, or when
/// the test advances it (never backwards).
/// `schedule(_:)` queues a block at the present virtual time, `after(_:schedule:)`
/// at the given date, and `afterDelay(_:schedule:)` counts from virtual time.
/// Disposing a returned disposable takes the block off the queue.
public final class RACTestScheduler: RACScheduler, @unchecked Sendable {
    // Guarded by `lock`. A test scheduler is driven from one thread and is no
    // hot path, so a plain NSLock (rather than the lock-free machinery used
    // elsewhere) is enough to keep use from a stray thread from corrupting
    // the queue. The lock is never held while a block runs, so blocks may
    // schedule, dispose and read `now` freely.
    private let lock = NSLock()
    private var queue = RACTestSchedulerQueue()
    private var virtualNow = RACTestScheduler.start

    /// An empty test scheduler at the start of virtual time.
    public override init() {
        super.init()
    }

    deinit {
        // Blocks that never ran leave the count of scheduled blocks with it.
        racs_scheduled_blocks_add(-queue.count)
    }

    /// The present in virtual time: the start of virtual time
    /// (`Date(timeIntervalSinceReferenceDate: 0)`) until a block runs or
    /// time is advanced, then the latest date a block was due at or time was
    /// advanced to.
    public override var now: Date {
        lock.withLock { virtualNow }
    }

    /// Runs, in time order, every block due up to `interval` seconds of
    /// virtual time from `now` (blocks they queue for that span too), and
    /// leaves `now` at the end of the span.
    public func advance(by interval: TimeInterval) {
        guard interval >= 0 else { racMisuse("virtual time cannot go backwards: advance(by: \(interval))") }
        advance(to: now.addingTimeInterval(interval))
    }

    /// Runs, in time order, every block due up to `date` (blocks they queue
    /// for that span too), and leaves `now` at `date` (or where it was, if
    /// that is later).
    public func advance(to date: Date) {
        while runNext(dueBy: date) {}
        lock.withLock { if date > virtualNow { virtualNow = date } }
    }

    // MARK: Stepping

    /// Runs the earliest queued block, if any, advancing virtual time to it.
    public func step() {
        step(1)
    }

    /// Runs the `ticks` earliest blocks, one after another, or as many as
    /// there are. Blocks queued by those blocks take their turn among them.
    public func step(_ ticks: Int) {
        guard ticks >= 0 else { racMisuse("cannot step a negative number of ticks: step(\(ticks))") }
        for _ in 0..<ticks {
            guard runNext() else { return }
        }
    }

    /// Runs blocks until the queue is empty, including blocks queued while
    /// stepping. Never returns while a repeating block is scheduled.
    public func stepAll() {
        while runNext() {}
    }

    /// Dequeues and runs the earliest block (due by `limit`, if given);
    /// false if there was none.
    private func runNext(dueBy limit: Date? = nil) -> Bool {
        let next: (() -> Void)? = lock.withLock {
            guard let (date, block) = queue.popFirst(dueBy: limit) else { return nil }
            racs_scheduled_blocks_add(-1)
            if date > virtualNow { virtualNow = date }
            return block
        }
        guard let next else { return false }
        performAsCurrentScheduler(next)
        return true
    }

    // MARK: Scheduling

    /// Queues `block` at the present virtual time, after the blocks already
    /// due then. Returns a disposable that takes it off the queue.
    @discardableResult
    public override func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
        enqueue(at: nil, block)
    }

    /// Queues `block` at `date` in virtual time.
    @discardableResult
    public override func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        enqueue(at: date, block)
    }

    /// Queues `block` at `date`, and each time it runs queues it again
    /// `interval` seconds (of virtual time) after the date it was due, until
    /// the returned disposable is disposed. `leeway` is ignored: virtual time
    /// is exact.
    @discardableResult
    public override func after(_ date: Date, repeatingEvery interval: TimeInterval,
                               withLeeway leeway: TimeInterval,
                               schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        guard interval >= 0 else { racMisuse("a repeating interval cannot be negative, not \(interval)") }
        guard leeway >= 0 else { racMisuse("a leeway cannot be negative, not \(leeway)") }
        let timer = RACSerialDisposable()
        repeatBlock(block, at: date, every: interval, holdingIn: timer)
        return timer
    }

    /// Queues one repetition of a timer. `timer` holds the disposable of the
    /// repetition that is queued, so disposing it cancels the next one.
    private func repeatBlock(_ block: @escaping () -> Void, at date: Date,
                             every interval: TimeInterval, holdingIn timer: RACSerialDisposable) {
        // Unowned: only this scheduler runs the closure, so it is alive then,
        // and a strong reference would make a cycle through the queue.
        timer.disposable = enqueue(at: date) { [unowned self] in
            // The next repetition is queued before the block runs, as in RAC,
            // so a block that disposes its timer cancels that one too.
            repeatBlock(block, at: date.addingTimeInterval(interval), every: interval, holdingIn: timer)
            block()
        }
    }

    /// Queues `block` at `date` (nil: the present virtual time) and returns
    /// the disposable that takes it off the queue.
    private func enqueue(at date: Date?, _ block: @escaping () -> Void) -> RACDisposable {
        // A blocking read that scheduled work may be answered by it.
        racs_probe_note_other_source()
        let sequence: UInt64 = lock.withLock {
            racs_scheduled_blocks_add(1)
            return queue.append(at: date ?? virtualNow, block)
        }
        // Weak: the disposable may outlive the scheduler.
        return RACDisposable { [weak self] in self?.cancel(sequence) }
    }

    /// Takes the action with `sequence` off the queue, if it is still there.
    private func cancel(_ sequence: UInt64) {
        let block: (() -> Void)? = lock.withLock {
            guard let block = queue.cancel(sequence) else { return nil }
            racs_scheduled_blocks_add(-1)
            return block
        }
        // Released outside the lock: what the block captured may schedule
        // or cancel on this scheduler as it goes.
        _ = block
    }
}

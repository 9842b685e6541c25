import CShims
import Foundation

extension RACScheduler {
    /// Schedules `block` on the receiver, handing it a `reschedule` closure:
    /// RAC 2.5's `-[RACScheduler scheduleRecursiveBlock:]`.
    ///
    /// Each call of `reschedule` schedules one more run of `block` on the
    /// receiver (so on the receiver's thread or queue, with the receiver as
    /// `currentScheduler` wherever the receiver sets it). Calls made while the
    /// block is still running are only counted; the runs are scheduled once
    /// the block returns, one per call. Calls made after it returned (from a
    /// callback, another thread) schedule a run at once.
    ///
    /// Runs never nest: on a scheduler that runs blocks synchronously (the
    /// immediate scheduler, the subscription scheduler on the main thread),
    /// the next run starts after the previous one has returned, from a loop
    /// in the first run, so a million reschedules use no more stack than one.
    ///
    /// Disposing the returned disposable cancels every scheduled run that has
    /// not started and makes later `reschedule` calls do nothing.
    @discardableResult
    public func scheduleRecursiveBlock(
        _ block: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
    ) -> RACDisposable? {
        let recursion = RACRecursiveSchedule(scheduler: self, block: block)
        recursion.scheduleRun(deferringSynchronousRun: false)
        return recursion.disposable
    }
}

/// The state of one `scheduleRecursiveBlock(_:)` call, shared by all its runs.
// @unchecked Sendable: its fields never change after init, and the
// disposable is thread-safe.
private final class RACRecursiveSchedule: @unchecked Sendable {
    let scheduler: RACScheduler
    let block: @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
    /// Cancels everything: holds the scheduling disposable of each run that
    /// is scheduled and has not started.
    let disposable = RACCompoundDisposable()

    init(scheduler: RACScheduler, block: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void) {
        self.scheduler = scheduler
        self.block = block
    }

    /// Schedules one run. With `deferringSynchronousRun`, a run that the
    /// scheduler starts synchronously, inside `schedule(_:)` on this thread,
    /// does not run there: `scheduleRun` returns true and the caller, the
    /// loop in `runAndRescheduleLoop()`, runs the block itself. That keeps the
    /// stack flat on synchronous schedulers.
    @discardableResult
    func scheduleRun(deferringSynchronousRun: Bool) -> Bool {
        guard !disposable.isDisposed else { return false }
        let attempt = deferringSynchronousRun ? RACScheduleAttempt() : nil

        // The slot joins the compound before the block is handed to the
        // scheduler, so that a run starting at once on another thread finds
        // it and removes it: the compound holds only runs still to come.
        let slot = RACSerialDisposable()
        disposable.add(slot)
        slot.disposable = scheduler.schedule { [self] in
            disposable.remove(slot)
            guard !disposable.isDisposed else { return }
            if let attempt, attempt.deferIfSynchronous() { return }
            runAndRescheduleLoop()
        }
        return attempt?.finishScheduling() ?? false
    }

    /// Runs the block, then schedules the runs it asked for, running at once
    /// those the scheduler hands back synchronously (and the runs they ask
    /// for in turn), until none is left.
    private func runAndRescheduleLoop() {
        var pending = runOnce()
        while pending > 0, !disposable.isDisposed {
            pending -= 1
            if scheduleRun(deferringSynchronousRun: true) {
                pending += runOnce()
            }
        }
    }

    /// Runs the block once; returns how many times it called `reschedule`
    /// before returning.
    private func runOnce() -> Int {
        let requests = RACRescheduleRequests()
        block { [self] in
            guard !requests.count() else { return }
            // The run is over: reschedule at once, as RAC does.
            scheduleRun(deferringSynchronousRun: false)
        }
        return requests.close()
    }
}

/// One hand-over of a run to the scheduler, to tell whether the scheduler
/// started it synchronously, before `schedule(_:)` returned.
///
/// Plain fields, no atomics: `deferred` and `scheduling` are only read by a
/// closure running on the thread that scheduled it, so every access happens
/// on one thread.
// @unchecked Sendable: touched on one thread only (above).
private final class RACScheduleAttempt: @unchecked Sendable {
    private let thread = pthread_self()
    private var scheduling = true
    private var deferred = false

    /// Called by the scheduled closure. True if it was started inside
    /// `schedule(_:)` on the scheduling thread; the run is then left to the
    /// scheduling loop.
    func deferIfSynchronous() -> Bool {
        guard pthread_equal(thread, pthread_self()) != 0, scheduling else { return false }
        deferred = true
        return true
    }

    /// Called once `schedule(_:)` returned. True if the run was deferred.
    func finishScheduling() -> Bool {
        scheduling = false
        return deferred
    }
}

/// The `reschedule` calls of one run of the block: counted while the block
/// runs, refused once it has returned (the caller then reschedules at once).
///
/// One atomic word, so that `reschedule` may be called from any thread while
/// the block runs: bit 0 means "the block returned", the rest counts calls.
// @unchecked Sendable: that one word is its state.
private final class RACRescheduleRequests: @unchecked Sendable {
    /// The word (see `RACInlineAtomics`); must stay the first stored property.
    private var _atomics: Int = 0

    private var word: RACAtomicWord { RACInlineAtomics.word(0, of: self) }

    /// Counts one call. False if the block has returned: the call is not
    /// counted and the caller must reschedule itself.
    func count() -> Bool {
        // Release: whatever the caller did before asking to reschedule is
        // visible to the thread that closes the count and schedules the run.
        word.fetchAdd(2, .release) & 1 == 0
    }

    /// Marks the block returned; returns how many calls it counted.
    func close() -> Int {
        // Acquire: pairs with `count()`.
        word.fetchOr(1, .acquire) >> 1
    }
}

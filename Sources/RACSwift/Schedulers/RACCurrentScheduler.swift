import CShims

/// The thread-local "current scheduler": which scheduler, if any, is running
/// the block on this thread. Kept in a C11 thread-local (CShims'
/// `RACThreadState.h`), not `Thread.threadDictionary` or a pthread key,
/// because it is read on every subscription and must cost a few instructions.
///
/// It holds an unretained pointer: the scheduler that sets it is running a
/// block on this thread and so is alive until it restores the old value.
internal enum RACCurrentScheduler {
    static func get() -> RACScheduler? {
        guard let pointer = racs_current_scheduler() else { return nil }
        return Unmanaged<RACScheduler>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func set(_ scheduler: RACScheduler?) {
        racs_set_current_scheduler(scheduler.map { Unmanaged.passUnretained($0).toOpaque() })
    }

    /// Whether this thread is the main thread, as `Thread.isMainThread`
    /// answers it, but asked of the kernel only once per thread.
    static var isMainThread: Bool { racs_is_main_thread() }
}

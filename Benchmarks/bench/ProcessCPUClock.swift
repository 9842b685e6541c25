import Glibc

/// CPU time used by every thread of this process, user and system, in
/// nanoseconds (CLOCK_PROCESS_CPUTIME_ID). Read around each sample beside
/// the wall clock: on a loaded machine or one core, a wait that spins
/// instead of sleeping costs CPU time that wall time alone can hide, and
/// contract point 19 bounds both.
enum ProcessCPUClock {
    static func read() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}

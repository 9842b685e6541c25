import Foundation

/// What a case measures between the start and the end of its timed region.
enum Meter {
    /// Wall time from CLOCK_MONOTONIC, in nanoseconds.
    case nanoseconds
    /// Heap allocations made by this thread, counted by the LD_PRELOAD shim
    /// that perf/alloc-count.sh loads (see `AllocationCounter`).
    case allocations

    /// Prefix of the unit column: "ns" per delivery, "allocs" per send.
    var symbol: String {
        switch self {
        case .nanoseconds: "ns"
        case .allocations: "allocs"
        }
    }

    /// A per-operation figure for the report: allocation counts are small
    /// fractions when they are not zero, times need no more than 2 places.
    func format(_ value: Double) -> String {
        String(format: self == .allocations ? "%.4f" : "%.2f", value)
    }

    /// Whether this meter can be read in this process.
    var isAvailable: Bool {
        switch self {
        case .nanoseconds: true
        case .allocations: AllocationCounter.shared != nil
        }
    }

    /// The current reading. `.allocations` must be available.
    @inline(__always)
    func read() -> UInt64 {
        switch self {
        case .nanoseconds:
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
        case .allocations:
            return AllocationCounter.shared!.read()
        }
    }
}

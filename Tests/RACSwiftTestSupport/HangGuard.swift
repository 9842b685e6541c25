import Foundation

/// How long a test (or the soak) waits for something that must happen —
/// a drain, a thread's return, a delivery — before it calls it a hang.
///
/// Not a bound on how long anything may take, and never the property a
/// test checks: what a test checks is a count (values heard, waits that
/// gave up, deliveries per call), which load cannot change. Load only
/// stretches time: `.ci/run` in a fresh clone at a load of 8, under Thread
/// Sanitizer, took 96 s for a test that takes 3 s on a quiet machine. So
/// the guard is far beyond that, and only a wait that would never end
/// reaches it; the failures it gives say "hang".
public enum HangGuard {
    /// Five minutes.
    public static let seconds: Double = 300

    /// `seconds` from now, for `DispatchSemaphore.wait(timeout:)`.
    public static var deadline: DispatchTime { .now() + seconds }

    /// Polls `condition` every millisecond until it holds (returns true)
    /// or the guard has passed (returns false: a hang).
    public static func waitUntil(_ condition: () -> Bool) -> Bool {
        let end = monotonicNanoseconds() + UInt64(seconds * 1e9)
        while !condition() {
            if monotonicNanoseconds() >= end { return condition() }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return true
    }
}

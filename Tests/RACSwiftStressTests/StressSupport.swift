import Foundation

// runConcurrently, monotonicNanoseconds, residentMegabytes, simulatedWork and
// SpinBarrier are in RACSwiftTestSupport, which the soak shares.

/// A counter that threads increment: the tests' own tally, so it uses a
/// lock. It is test scaffolding, not library code.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int: Int] = [:]

    func add(_ key: Int = 0) {
        lock.lock()
        counts[key, default: 0] += 1
        lock.unlock()
    }

    func count(_ key: Int = 0) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return counts[key, default: 0]
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return counts.values.reduce(0, +)
    }
}

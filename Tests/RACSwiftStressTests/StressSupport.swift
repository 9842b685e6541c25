import Foundation
import RACSwiftTestSupport

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

/// What the subscriber of a flood saw: the largest number of values whose
/// `sendNext` had returned but which it had not heard yet (what waited in
/// the queues between them, at least), and whether each sender's values,
/// numbered `sender * stride + sequence`, came in order.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class FloodObserved: @unchecked Sendable {
    static let stride = 1 << 32

    /// How many sends have returned; a sender adds 1 after each.
    let returned = AtomicWord()
    var received = 0
    var largestBacklog = 0
    var outOfOrder = 0
    var last: [Int]

    init(senders: Int) {
        last = Array(repeating: -1, count: senders)
    }

    /// Called in the subscriber's block, one value at a time.
    func hear(_ value: Int) {
        // Acquire: the count a sender published after its send returned.
        largestBacklog = max(largestBacklog, returned.value.load(ordering: .acquiring) - received)
        received += 1
        let (sender, sequence) = (value / Self.stride, value % Self.stride)
        if sequence != last[sender] + 1 { outOfOrder += 1 }
        last[sender] = sequence
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization

/// A value sent by a sender: who sent it, its place in that sender's
/// order and, for a value forwarded from subject to subject, how many times
/// it has been forwarded (its hops), in one Int.
enum Stamp {
    static let senderShift = 40
    static let hopShift = 56

    static func encode(sender: Int, sequence: Int) -> Int { sender << senderShift | sequence }
    static func sender(_ value: Int) -> Int { value >> senderShift & (1 << (hopShift - senderShift) - 1) }
    static func sequence(_ value: Int) -> Int { value & (1 << senderShift - 1) }
    static func hops(_ value: Int) -> Int { value >> hopShift }
    /// The value as the next subject is sent it: one hop more.
    static func forwarded(_ value: Int) -> Int { value + 1 << hopShift }
}

/// Each sender's values as one subscriber hears them: how many, and how
/// many did not follow the one before from the same sender (lost, doubled
/// or reordered). Touched only inside that subscriber's deliveries.
struct SenderOrder {
    private(set) var counts: [Int]
    private(set) var outOfOrder = 0
    private var next: [Int]

    init(senders: Int) {
        counts = Array(repeating: 0, count: senders)
        next = counts
    }

    /// Whether every sender's values all arrived, once each, in order.
    func isExact(sent: [Int]) -> Bool { counts == sent && outOfOrder == 0 }

    mutating func hear(_ value: Int) {
        let sender = Stamp.sender(value), sequence = Stamp.sequence(value)
        if sequence != next[sender] { outOfOrder += 1 }
        next[sender] = sequence + 1
        counts[sender] += 1
    }
}

/// What waits in one subject's queue, at least: the values sent into it
/// whose `sendNext` has returned, less those its subscriber has been
/// delivered. The measure of docs/Concurrency.md point 9's bound (as in
/// ForwardingBoundStressTests), taken by the subscriber itself.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class Backlog: @unchecked Sendable {
    private let returnedCount = Atomic<Int>(0)
    private let deliveredCount = Atomic<Int>(0)
    /// The largest backlog a delivery saw. Touched only inside the
    /// subject's deliveries.
    private(set) var largest = 0

    /// Counts a value whose `sendNext` into the subject has returned.
    func returned() {
        // Releasing: the subscriber that reads the count knows the send returned.
        returnedCount.add(1, ordering: .releasing)
    }

    /// Called by the subscriber as each delivery starts.
    func delivering() {
        let delivered = deliveredCount.load(ordering: .relaxed)
        largest = max(largest, returnedCount.load(ordering: .acquiring) - delivered)
        deliveredCount.store(delivered + 1, ordering: .relaxed)
    }

    /// The backlog as another thread sees it now: a lower bound (the
    /// deliveries are read after the returns).
    var sampled: Int {
        let returns = returnedCount.load(ordering: .acquiring)
        return max(0, returns - deliveredCount.load(ordering: .relaxed))
    }
}

/// The run's violations: counted, and the first few described.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class Violations: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    private let counted = Atomic<Int>(0)

    var count: Int { counted.load(ordering: .relaxed) }

    func report(_ message: @autoclosure () -> String) {
        if counted.add(1, ordering: .relaxed).oldValue < 10 {
            let text = message()
            lock.lock()
            messages.append(text)
            lock.unlock()
        }
    }

    var described: [String] {
        lock.lock()
        defer { lock.unlock() }
        return messages
    }
}

/// A sender's loop: sends `sender`'s numbered values into `subject` until
/// `stop` (or `limit` values), calling `returned` with each sequence number
/// once its send has returned. Returns how many it sent and its longest
/// `sendNext`, in nanoseconds.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
func sendNumbered(into subject: RACSubject<Int>, as sender: Int, until stop: borrowing Atomic<Bool>,
                  limit: Int = .max, returned: (Int) -> Void = { _ in }) -> (count: Int, longest: UInt64) {
    var sequence = 0
    var longest: UInt64 = 0
    while sequence < limit && !stop.load(ordering: .relaxed) {
        let start = monotonicNanoseconds()
        subject.sendNext(Stamp.encode(sender: sender, sequence: sequence))
        longest = max(longest, monotonicNanoseconds() - start)
        returned(sequence)
        sequence += 1
    }
    return (sequence, longest)
}

/// Writes `line` to the standard output at once, unbuffered, so that a log
/// shows how far a run got even if it is killed.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The controller thread of a flood: sleeps for `seconds`, sampling the
/// resident set into `peak` (megabytes) every 50 ms, then sets `stop`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
func controlFlood(seconds: Double, peak: borrowing Atomic<Int>, stop: borrowing Atomic<Bool>) {
    let start = monotonicNanoseconds()
    while Double(monotonicNanoseconds() - start) / 1e9 < seconds {
        Thread.sleep(forTimeInterval: 0.05)
        peak.max(Int(residentMegabytes()), ordering: .relaxed)
    }
    stop.store(true, ordering: .relaxed)
}

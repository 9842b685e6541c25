import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization

/// A value sent by a sender: who sent it and its place in that sender's
/// order, in one Int.
enum Stamp {
    static let senderShift = 40

    static func encode(sender: Int, sequence: Int) -> Int { sender << senderShift | sequence }
    static func sender(_ value: Int) -> Int { value >> senderShift }
    static func sequence(_ value: Int) -> Int { value & (1 << senderShift - 1) }
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
/// `stop`, calling `returned` with each sequence number once its send has
/// returned. Returns how many it sent and its longest `sendNext`, in
/// nanoseconds.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
func sendNumbered(into subject: RACSubject<Int>, as sender: Int, until stop: borrowing Atomic<Bool>,
                  returned: (Int) -> Void = { _ in }) -> (count: Int, longest: UInt64) {
    var sequence = 0
    var longest: UInt64 = 0
    while !stop.load(ordering: .relaxed) {
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

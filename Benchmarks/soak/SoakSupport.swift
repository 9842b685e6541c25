import Foundation
import RACSwift
import Synchronization

/// Nanoseconds on the monotonic clock.
func nowNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// The process's resident set size, in megabytes (Linux: /proc/self/statm;
/// 0 where there is none).
func residentMegabytes() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// Runs `body(index)` on `count` threads started together and waits for all.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        Thread {
            body(index)
            finished.leave()
        }.start()
    }
    finished.wait()
}

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

/// A reusable barrier for two or more threads, spinning with yields.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SpinBarrier: @unchecked Sendable {
    private let parties: Int
    private let arrived = Atomic<Int>(0)
    private let generation = Atomic<Int>(0)

    init(parties: Int) {
        self.parties = parties
    }

    func arriveAndWait() {
        let current = generation.load(ordering: .acquiring)
        if arrived.add(1, ordering: .acquiringAndReleasing).newValue == parties {
            arrived.store(0, ordering: .relaxed)
            generation.add(1, ordering: .releasing)
        } else {
            while generation.load(ordering: .acquiring) == current { sched_yield() }
        }
    }
}

/// An atomic word in a class, so that several fit in an array.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class AtomicWord: Sendable {
    let value: Atomic<Int>
    init(_ initial: Int = 0) { value = Atomic(initial) }
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
        let start = nowNanoseconds()
        subject.sendNext(Stamp.encode(sender: sender, sequence: sequence))
        longest = max(longest, nowNanoseconds() - start)
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

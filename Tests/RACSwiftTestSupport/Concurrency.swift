import Foundation
import Synchronization

// What the stress tests and the soak (Benchmarks/soak) share.

/// Runs `body(threadIndex)` on `threads` threads started together, and waits
/// for all of them. Threads, not a concurrent queue, so every body really
/// runs in parallel with the others.
public func runConcurrently(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for index in 0..<threads {
        finished.enter()
        Thread {
            start.wait()
            body(index)
            finished.leave()
        }.start()
    }
    for _ in 0..<threads { start.signal() }
    finished.wait()
}

/// Nanoseconds on the monotonic clock.
public func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// The process's resident set size, in megabytes (Linux: /proc/self/statm;
/// 0 where there is none).
public func residentMegabytes() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// A subscriber's bit of work per value: about 200 multiply-adds, so that
/// the floods' subscribers are slower than their senders. The shift and
/// xor keep each step from composing with the next: a chain of plain
/// multiply-adds is affine, and the optimizer folds 200 of them into one.
@inline(never)
public func simulatedWork(_ value: Int) -> Int {
    var x = value
    for _ in 0..<200 {
        x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        x ^= x >> 29
    }
    return x
}

/// An atomic word in a class, so that several fit in an array.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class AtomicWord: Sendable {
    public let value: Atomic<Int>

    public init(_ initial: Int = 0) {
        value = Atomic(initial)
    }
}

/// A reusable barrier: the threads that call `arriveAndWait()` leave it
/// together, once all `parties` have arrived. A waiter spins briefly (so
/// that, with a core each, the threads start a round at the same moment),
/// then sleeps on a condition until the last one arrives: a loop of yields
/// on a loaded machine hands the core to busy threads for a whole time
/// slice per yield, which made one stress test take 845 s at a load of 14.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public final class SpinBarrier: @unchecked Sendable {
    private let parties: Int
    private let arrived = Atomic<Int>(0)
    private let generation = Atomic<Int>(0)
    /// Guards a sleeper's check of `generation` against the last
    /// arrival's advance, so that no wake-up is lost.
    private let condition = NSCondition()

    public init(parties: Int) {
        self.parties = parties
    }

    public func arriveAndWait() {
        // Read before arriving: the generation cannot move on without us.
        let current = generation.load(ordering: .acquiring)
        if arrived.add(1, ordering: .acquiringAndReleasing).newValue == parties {
            arrived.store(0, ordering: .relaxed)
            // Releasing: the reset is seen by every thread that sees the new
            // generation, before it arrives again. Under the lock, so that a
            // sleeper's check and wait do not straddle it.
            condition.lock()
            generation.add(1, ordering: .releasing)
            condition.broadcast()
            condition.unlock()
            return
        }
        var spins = 0
        while generation.load(ordering: .acquiring) == current {
            spins += 1
            guard spins == 2_000 else { continue }
            condition.lock()
            while generation.load(ordering: .acquiring) == current { condition.wait() }
            condition.unlock()
        }
    }
}

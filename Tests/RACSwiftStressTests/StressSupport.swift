import Foundation

/// Runs `body(threadIndex)` on `threads` threads started together, and waits
/// for all of them. Threads, not a concurrent queue, so every body really
/// runs in parallel with the others.
func runConcurrently(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
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

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// The process's resident set size, in megabytes (Linux: /proc/self/statm).
func residentMegabytes() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// A subscriber's bit of work per value: about 200 multiply-adds.
@inline(never)
func simulatedWork(_ value: Int) -> Int {
    var x = value
    for _ in 0..<200 { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    return x
}

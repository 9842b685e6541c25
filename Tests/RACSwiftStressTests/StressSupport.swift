import Foundation

/// Runs `body(threadIndex)` on `threads` threads started together, and waits
/// for all of them. Threads, not a concurrent queue, so every body really
/// runs in parallel with the others.
func runConcurrently(threads: Int, _ body: @escaping (Int) -> Void) {
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

import Foundation

/// Raw baselines for W11: a plain `AsyncStream` fed the values, then
/// iterated; and plain `Task`s doing the work of a `fromTask` body.
enum RawAsync {
    /// Runs `body` in a task and blocks this thread until it returns: the
    /// bench's repetitions are synchronous.
    static func blockingOn(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }

    static func streamCase(_ mode: Mode) -> Case {
        let m = mode.count(500_000)
        return Case(
            workload: "raw", label: "AsyncStream iterated", params: ["M": m], unit: "value",
            units: m, expected: Tally.expected(subscribers: 1, values: 0..<m)
        ) {
            let tally = Tally()
            return Trial(run: {
                let stream = AsyncStream<Int> { continuation in
                    for value in 0..<m { continuation.yield(value) }
                    continuation.finish()
                }
                blockingOn { for await value in stream { tally.add(value) } }
            }, observe: { [tally].observed })
        }
    }

    static func taskCase(_ mode: Mode) -> Case {
        let m = mode.count(100_000)
        return Case(
            workload: "raw", label: "Task sending one value", params: ["M": m], unit: "lifecycle",
            units: m, expected: ["nexts": m, "completions": m]
        ) {
            let nexts = LockedCount(), completions = LockedCount()
            return Trial(run: {
                let done = DispatchSemaphore(value: 0)
                for _ in 0..<m {
                    Task {
                        nexts.add()
                        if completions.add() == m { done.signal() }
                    }
                }
                done.wait()
            }, observe: { ["nexts": nexts.total, "completions": completions.total] })
        }
    }
}

/// A count that many tasks add to, behind a mutex (both sides of W11's
/// lifecycle case use it). `@unchecked Sendable`: the mutex guards it.
final class LockedCount: @unchecked Sendable {
    private let mutex = RawMutex()
    private var count = 0

    /// Adds one; returns the count after it.
    @discardableResult
    func add() -> Int {
        mutex.lock()
        defer { mutex.unlock() }
        count += 1
        return count
    }

    var total: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return count
    }
}

/// W11's raw bounded bridge: what a user would write to feed an async loop
/// from a thread with at most `limit` values waiting. A count of the values
/// yielded and not yet taken, under an `NSCondition`; the sender sleeps on it
/// while `limit` wait, the loop signals it for each value it takes; the
/// values go through a plain `AsyncStream`.
// @unchecked Sendable: the condition's lock guards `waiting`.
final class RawBoundedStream: @unchecked Sendable {
    private let limit: Int
    private let room = NSCondition()
    private var waiting = 0
    private let stream: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation

    init(limit: Int) {
        self.limit = limit
        (stream, continuation) = AsyncStream<Int>.makeStream()
    }

    func send(_ value: Int) {
        room.lock()
        while waiting == limit { room.wait() }
        waiting += 1
        room.unlock()
        continuation.yield(value)
    }

    func finish() {
        continuation.finish()
    }

    /// The values, each counted out as the loop takes it.
    var values: AsyncMapSequence<AsyncStream<Int>, Int> {
        stream.map { [self] value in
            taken()
            return value
        }
    }

    private func taken() {
        room.lock()
        waiting -= 1
        room.signal()
        room.unlock()
    }
}

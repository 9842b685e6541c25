import Dispatch

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

import Foundation

/// Threads that send concurrently, for W7 and its raw baseline.
///
/// The threads are created up front and wait; `run()` releases them together
/// and returns once all have sent everything, so a measurement covers the
/// sending, not thread creation. Thread t sends the values
/// t·perThread ..< (t+1)·perThread.
final class SenderThreads {
    private let start = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let count: Int

    init(count: Int, perThread: Int, send: @escaping @Sendable (Int) -> Void) {
        self.count = count
        for t in 0..<count {
            let (start, finished) = (self.start, self.finished)
            Thread {
                start.wait()
                Self.sendingLoop(t * perThread..<(t + 1) * perThread, send)
                finished.signal()
            }.start()
        }
    }

    /// A sender thread's measured work. Never inlined, so that
    /// perf/callgrind.sh can count it too (callgrind's --toggle-collect is per
    /// thread: `timedRegion` covers only the thread that waits).
    @inline(never)
    private static func sendingLoop(_ values: Range<Int>, _ send: (Int) -> Void) {
        for value in values {
            send(value)
        }
    }

    /// Lets the threads go and waits for all of them. Call once.
    func run() {
        for _ in 0..<count { start.signal() }
        for _ in 0..<count { finished.wait() }
    }
}

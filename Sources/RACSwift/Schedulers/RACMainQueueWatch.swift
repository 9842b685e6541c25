import CShims
import Dispatch
import Foundation

/// Says once, on the standard error, when `RACScheduler.mainThreadScheduler`
/// is used and nothing runs the main queue: on Linux a command line tool or
/// a server that neither calls `dispatchMain()`, nor runs `RunLoop.main`,
/// nor has an async `main` never runs those blocks, and would otherwise wait
/// without a word (`deliverOnMainThread()`, a `RACCommand` on its default
/// scheduler).
///
/// At the first use, it queues a canary block on the main queue and checks
/// `patience` later, from a background queue, whether the canary ran. One
/// relaxed load per later use; nothing else.
internal enum RACMainQueueWatch {
    /// How long the canary may wait.
    internal static let patience: TimeInterval = 5

    /// Word 0: the watch has started; word 1: the canary has run.
    private static let state = RACAtomicCell(count: 2)

    /// Called for each block scheduled on the main queue's scheduler.
    @inline(__always)
    internal static func noteUse() {
        // Relaxed: only the exchange below decides who starts the watch.
        guard state.word(0).load(.relaxed) == 0 else { return }
        start()
    }

    /// Whether the canary has run: something runs the main queue. False
    /// before the first use, and until the main queue has run once since.
    internal static var mainQueueRuns: Bool {
        // Acquire: pairs with the canary's release.
        state.word(1).load(.acquire) != 0
    }

    private static func start() {
        guard state.word(0).exchange(1, .relaxed) == 0 else { return }
        // Release / acquire: the canary's store is read on another thread
        // (Dispatch's own ordering would do; these say it here).
        DispatchQueue.main.async { state.word(1).store(1, .release) }
        DispatchQueue.global().asyncAfter(deadline: .now() + patience) {
            guard state.word(1).load(.acquire) == 0 else { return }
            // Key 2 of `racs_warn_once`: the serializer's stalls have 0
            // and 1.
            racs_warn_once(2, """
                RACSwift: a block scheduled on RACScheduler.mainThreadScheduler has waited \
                \(Int(patience)) s: nothing is running the main queue (or the main thread has been busy \
                all along). Its blocks, and so deliverOnMainThread() and RACCommand's default \
                scheduler, run only while the main queue runs: call dispatchMain() or \
                RunLoop.main.run(), use an async main, or pass a scheduler of your own \
                (deliverOn(_:), RACCommand(enabled:scheduler:signalBlock:)).
                """)
        }
    }
}

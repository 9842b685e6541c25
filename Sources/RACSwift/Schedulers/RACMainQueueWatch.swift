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
///
/// Once the main queue has run, a blocking read on the main thread can
/// still keep it from running again: each such read is watched on its own
/// (`whileMainThreadBlocks`), and one still waiting `patience` later while
/// blocks scheduled on the main thread scheduler wait too is named on the
/// standard error. Every such read is told once: the main thread is in one
/// read at a time, and stays in a stuck one.
internal enum RACMainQueueWatch {
    /// How long the canary may wait.
    internal static let patience: TimeInterval = 5

    /// Word 0: the watch has started; word 1: the canary has run; word 2:
    /// the blocking read the main thread waits in now (the address of its
    /// name, a static string that lives as long as the program), or 0;
    /// word 3: how many blocking reads the main thread has entered, which
    /// tells a read's own watch whether it still waits in that read.
    private static let state = RACAtomicCell(count: 4)

    /// Runs `wait`, a blocking read's wait (`operation` names the call) on
    /// the main thread, marked as such: if the main queue's blocks wait
    /// meanwhile, the warning names the read, which is what keeps the main
    /// queue from running. Once the main queue has run, the read is also
    /// watched on its own (before, the canary's watch covers it).
    internal static func whileMainThreadBlocks(in operation: StaticString, _ wait: () -> Void) {
        // Relaxed: only the main thread writes it; the watch compares.
        let read = state.word(3).load(.relaxed) + 1
        state.word(3).store(read, .relaxed)
        // Release / acquire: the name's bytes are static; the orders only
        // keep the mark within the wait.
        state.word(2).store(Int(bitPattern: operation.utf8Start), .release)
        if mainQueueRuns { watch(read) }
        wait()
        state.word(2).store(0, .release)
    }

    /// `patience` from now, on a background queue: if the main thread is
    /// still in blocking read number `read` and a block scheduled on the
    /// main thread scheduler is still waiting for the main queue, says so,
    /// naming the read.
    private static func watch(_ read: Int) {
        DispatchQueue.global().asyncAfter(deadline: .now() + patience) {
            guard state.word(3).load(.relaxed) == read, state.word(2).load(.acquire) != 0,
                  RACScheduler.mainThreadScheduler.workQueue?.hasWork == true else { return }
            FileHandle.standardError.write(Data("\(stallWarning)\n".utf8))
        }
    }

    /// The warning, naming the blocking read the main thread is in, if any.
    internal static var stallWarning: String {
        var message = """
            RACSwift: a block scheduled on RACScheduler.mainThreadScheduler has waited \
            \(Int(patience)) s: 
            """
        if let name = UnsafePointer<CChar>(bitPattern: state.word(2).load(.acquire)) {
            message += """
                the main thread is blocked in \(String(cString: name)), a blocking read, waiting for \
                an event that can only arrive through the main queue, which runs only once that read \
                returns: it never will. Read from another thread, subscribe instead, or await the \
                read's async form in an async function.
                """
        } else {
            message += """
                nothing is running the main queue (or the main thread has been busy all along). Its \
                blocks, and so deliverOnMainThread() and RACCommand's default scheduler, run only \
                while the main queue runs: call dispatchMain() or RunLoop.main.run(), use an async \
                main, or pass a scheduler of your own (deliverOn(_:), \
                RACCommand(enabled:scheduler:signalBlock:)).
                """
        }
        return message
    }

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
            racs_warn_once(2, stallWarning)
        }
    }
}

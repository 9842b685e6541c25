import CShims
import Dispatch
import Foundation

/// A serial scheduler that runs its blocks on a Dispatch queue targeting
/// another queue: RAC 2.5's `RACTargetQueueScheduler`, which is also what
/// `RACScheduler.scheduler(priority:name:)` and `mainThreadScheduler` return.
///
/// Blocks run one at a time, in the order scheduled, each with the receiver
/// as `currentScheduler`. Disposing a returned disposable before its block
/// starts cancels the block; disposing a repeating one stops the repetition.
public final class RACTargetQueueScheduler: RACScheduler {
    let queue: DispatchQueue

    /// A serial scheduler named `name` whose queue targets `targetQueue`.
    public convenience init(name: String?, targetQueue: DispatchQueue) {
        self.init(queue: DispatchQueue(label: name ?? "RACSwift.RACTargetQueueScheduler",
                                       target: targetQueue))
    }

    /// Whether `queue` is the main queue (`DispatchQueue.main` is not one
    /// object to compare with on every platform, so the main queue's
    /// scheduler says so when it is made).
    private let isMainQueue: Bool

    /// A scheduler running directly on `queue`, which must be serial.
    init(queue: DispatchQueue, isMainQueue: Bool = false) {
        self.queue = queue
        self.isMainQueue = isMainQueue
    }

    @discardableResult
    public override func schedule(_ block: @escaping () -> Void) -> RACDisposable? {
        noteForBlockingRead()
        let disposable = RACDisposable()
        queue.async {
            guard !disposable.isDisposed else { return }
            self.performAsCurrentScheduler(block)
        }
        return disposable
    }

    @discardableResult
    public override func after(_ date: Date, schedule block: @escaping () -> Void) -> RACDisposable? {
        noteForBlockingRead()
        let disposable = RACDisposable()
        queue.asyncAfter(wallDeadline: Self.wallTime(date)) {
            guard !disposable.isDisposed else { return }
            self.performAsCurrentScheduler(block)
        }
        return disposable
    }

    @discardableResult
    public override func after(_ date: Date, repeatingEvery interval: TimeInterval,
                        withLeeway leeway: TimeInterval,
                        schedule block: @escaping () -> Void) -> RACDisposable? {
        noteForBlockingRead()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(wallDeadline: Self.wallTime(date),
                       repeating: .nanoseconds(Self.nanoseconds(interval)),
                       leeway: .nanoseconds(Self.nanoseconds(leeway)))
        timer.setEventHandler { [unowned self] in self.performAsCurrentScheduler(block) }
        timer.resume()
        return RACDisposable { timer.cancel() }
    }

    /// Tells a blocking read subscribing on this thread (see
    /// RACBlockingProbe.h) of the work being scheduled: work queued for the
    /// main thread from the main thread cannot run while the read waits
    /// there; any other may answer it.
    private func noteForBlockingRead() {
        if isMainQueue && racs_is_main_thread() {
            racs_probe_note_main_thread_work()
        } else {
            racs_probe_note_other_source()
        }
    }

    private static func nanoseconds(_ interval: TimeInterval) -> Int {
        Int((max(interval, 0) * 1e9).rounded())
    }

    private static func wallTime(_ date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let spec = timespec(tv_sec: Int(whole), tv_nsec: Int(((seconds - whole) * 1e9).rounded()))
        return DispatchWallTime(timespec: spec)
    }
}

extension RACScheduler {
    /// A new serial scheduler on a background queue of the given priority.
    public static func scheduler(priority: RACSchedulerPriority = .default,
                                 name: String? = nil) -> RACScheduler {
        let qos: DispatchQoS.QoSClass
        switch priority {
        case .high: qos = .userInitiated
        case .default: qos = .default
        case .low: qos = .utility
        case .background: qos = .background
        }
        return RACTargetQueueScheduler(name: name ?? "RACSwift.RACScheduler",
                                       targetQueue: .global(qos: qos))
    }

    /// The scheduler of the main queue (the main thread). On Linux its blocks
    /// run while the main thread runs the main queue (`dispatchMain()`, a run
    /// loop, or a waiting test).
    public static var mainThreadScheduler: RACScheduler { mainQueueScheduler }
}

/// The main queue's scheduler, one for the process.
private let mainQueueScheduler = RACTargetQueueScheduler(queue: .main, isMainQueue: true)

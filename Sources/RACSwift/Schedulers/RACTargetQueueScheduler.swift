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

    /// A scheduler running directly on `queue`, which must be serial.
    init(queue: DispatchQueue) {
        self.queue = queue
    }

    @discardableResult
    public override func schedule(_ block: @escaping () -> Void) -> RACDisposable? {
        // A blocking read that scheduled work may be answered by it.
        racs_probe_note_other_source()
        let disposable = RACDisposable()
        queue.async {
            guard !disposable.isDisposed else { return }
            self.performAsCurrentScheduler(block)
        }
        return disposable
    }

    @discardableResult
    public override func after(_ date: Date, schedule block: @escaping () -> Void) -> RACDisposable? {
        racs_probe_note_other_source()
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
        racs_probe_note_other_source()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(wallDeadline: Self.wallTime(date),
                       repeating: .nanoseconds(Self.nanoseconds(interval)),
                       leeway: .nanoseconds(Self.nanoseconds(leeway)))
        timer.setEventHandler { [unowned self] in self.performAsCurrentScheduler(block) }
        timer.resume()
        return RACDisposable { timer.cancel() }
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
private let mainQueueScheduler = RACTargetQueueScheduler(queue: .main)

import Foundation

/// The scheduler signals subscribe on: RAC 2.5's
/// `+[RACScheduler subscriptionScheduler]`. It runs a block at once when
/// there is a current scheduler (inside another scheduler's block, or on the
/// main thread), and otherwise on a shared background scheduler, so that a
/// subscription's work never runs on an arbitrary thread without a scheduler.
internal final class RACSubscriptionScheduler: RACScheduler, @unchecked Sendable {
    static let shared = RACSubscriptionScheduler()

    private let background = RACScheduler.scheduler(priority: .default, name: "RACSwift.subscriptionScheduler")

    /// The scheduler that timed blocks go to: the current one, else background.
    private var target: RACScheduler {
        RACScheduler.currentScheduler ?? background
    }

    @discardableResult
    override func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
        guard RACScheduler.subscriptionRunsInline else { return background.schedule(block) }
        block()
        return nil
    }

    @discardableResult
    override func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        target.after(date, schedule: block)
    }

    @discardableResult
    override func after(_ date: Date, repeatingEvery interval: TimeInterval,
                        withLeeway leeway: TimeInterval,
                        schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        target.after(date, repeatingEvery: interval, withLeeway: leeway, schedule: block)
    }
}

extension RACScheduler {
    /// Runs a block at once if there is a current scheduler, else on a
    /// background scheduler. Signals subscribe through it.
    public static var subscriptionScheduler: RACScheduler { RACSubscriptionScheduler.shared }
}

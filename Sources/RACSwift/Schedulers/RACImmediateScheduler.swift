import Foundation

/// Runs every block at once, on the calling thread: RAC 2.5's
/// `+[RACScheduler immediateScheduler]`. `after(_:schedule:)` sleeps until
/// the date; repeating is not supported (it would never return).
internal final class RACImmediateScheduler: RACScheduler, @unchecked Sendable {
    static let shared = RACImmediateScheduler()

    @discardableResult
    override func schedule(_ block: @escaping @Sendable () -> Void) -> RACDisposable? {
        block()
        return nil
    }

    @discardableResult
    override func after(_ date: Date, schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        let delay = date.timeIntervalSinceNow
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        block()
        return nil
    }

    @discardableResult
    override func after(_ date: Date, repeatingEvery interval: TimeInterval,
                        withLeeway leeway: TimeInterval,
                        schedule block: @escaping @Sendable () -> Void) -> RACDisposable? {
        racMisuse("the immediate scheduler cannot repeat a block: it would never return")
    }
}

extension RACScheduler {
    /// Runs blocks at once on the calling thread.
    public static var immediateScheduler: RACScheduler { RACImmediateScheduler.shared }
}

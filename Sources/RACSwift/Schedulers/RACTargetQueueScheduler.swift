import Dispatch
import Foundation

/// A serial scheduler that runs its blocks on a Dispatch queue targeting
/// another queue: RAC 2.5's `RACTargetQueueScheduler`, which is also what
/// `RACScheduler.scheduler(priority:name:)` and `mainThreadScheduler` return.
/// It schedules as `RACQueueScheduler` does.
public final class RACTargetQueueScheduler: RACQueueScheduler, @unchecked Sendable {
    /// A serial scheduler named `name` whose queue targets `targetQueue`.
    public init(name: String?, targetQueue: DispatchQueue) {
        let label = name ?? "RACSwift.RACTargetQueueScheduler"
        super.init(queue: DispatchQueue(label: label, target: targetQueue), name: label)
    }

    /// The main queue's scheduler.
    fileprivate init(mainQueue: DispatchQueue) {
        super.init(queue: mainQueue, name: "RACSwift.mainThreadScheduler", isMainQueue: true)
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
    /// run only while the main queue is run: on the main thread by its run
    /// loop (`RunLoop.main.run()`, a waiting test), or, under
    /// `dispatchMain()`, on a Dispatch worker thread, one at a time.
    public static var mainThreadScheduler: RACScheduler { mainQueueScheduler }
}

/// The main queue's scheduler, one for the process.
private let mainQueueScheduler = RACTargetQueueScheduler(mainQueue: .main)

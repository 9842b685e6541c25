import Foundation

/// Why `RACCommand.execute(_:)` failed: RAC 2.5's `RACCommandErrorDomain`.
///
/// As an `NSError` (`error as NSError`), it has RAC's domain
/// (`RACCommandErrorDomain`), code (`RACCommandErrorNotEnabled`, 1) and
/// localized description. RAC's userInfo also held the refusing command
/// under `RACUnderlyingCommandErrorKey`; a case without a payload (pinned
/// in docs/API.md) cannot, so the command is the one whose `execute(_:)`
/// returned the failing signal (see docs/Porting.md).
public enum RACCommandError: Error, Equatable, CustomNSError {
    /// The command was not enabled (`RACCommandErrorNotEnabled`): its enabled
    /// signal last sent false, or it was executing and does not allow
    /// concurrent executions.
    case notEnabled

    /// RAC's `RACCommandErrorDomain`.
    public static var errorDomain: String { "RACCommandErrorDomain" }

    /// RAC's `RACCommandErrorNotEnabled`: 1.
    public var errorCode: Int {
        switch self {
        case .notEnabled: return 1
        }
    }

    /// RAC's `NSLocalizedDescriptionKey` text for the error.
    public var errorUserInfo: [String: Any] {
        switch self {
        case .notEnabled: return [NSLocalizedDescriptionKey: "The command is disabled and cannot be executed"]
        }
    }
}

/// Work started by an action (a button, a refresh), with its state as
/// signals: RAC 2.5's `RACCommand`.
///
/// Each `execute(_:)` runs `signalBlock(input)` and subscribes to the signal
/// it returns: one *execution*. The command reports executions on
/// `executionSignals`, their errors on `errors`, whether any is running on
/// `executing`, and whether `execute(_:)` would start one on `enabled`.
///
/// **Threads.** As in RAC, the command works on the main thread: executions
/// are subscribed on `RACScheduler.mainThreadScheduler`, and
/// `executionSignals`, `executing`, `errors` and every value of `enabled`
/// after its first are delivered there. On Linux the main thread scheduler
/// runs only while the main queue is run: by the main thread's run loop
/// (`RunLoop.main.run()`, a waiting test), or, under `dispatchMain()`, on a
/// Dispatch worker thread. A server, or a test in virtual time, passes
/// its own serial scheduler to `init(enabled:scheduler:signalBlock:)`, which
/// then plays the main thread's part. `execute(_:)` itself may be called
/// from any thread.
///
/// When the command is deallocated, `executionSignals` completes, and the
/// other signals complete once the executions still running have ended.
// @unchecked Sendable: `execute(_:)` and `allowsConcurrentExecution` go
// through the command core's atomics from any thread.
public final class RACCommand<Input, Value>: @unchecked Sendable {
    /// Sends, on the command's scheduler, one signal per execution, in the
    /// order of execution: the values of that execution, then completion,
    /// also when the execution fails (errors go to `errors` instead).
    public let executionSignals: RACSignal<RACSignal<Value>>

    /// Whether the command is executing: false at first, true while any
    /// execution runs. Replays its latest value to each subscriber; sends
    /// changes only, on the command's scheduler.
    public let executing: RACSignal<Bool>

    /// Whether `execute(_:)` would start an execution: the enabled signal's
    /// latest value (true until it sends one), and, unless
    /// `allowsConcurrentExecution`, no execution running. Replays its latest
    /// value to each subscriber. Its first value is the state when the
    /// command was made, including a value the enabled signal sent at once
    /// on subscription; changes only are sent after that, on the command's
    /// scheduler.
    public let enabled: RACSignal<Bool>

    /// Sends, on the command's scheduler, the error of each execution that
    /// fails, including executions started before the subscription. Never
    /// fails itself.
    public let errors: RACSignal<any Error>

    private let core: RACCommandCore<Value>
    private let signalBlock: (Input) -> RACSignal<Value>
    private let enabledSubscription: RACDisposable?

    /// Whether `execute(_:)` may start an execution while others run. False
    /// by default. Thread-safe; a change updates `enabled`.
    public var allowsConcurrentExecution: Bool {
        get { core.allowsConcurrentExecution }
        set { core.setAllowsConcurrentExecution(newValue) }
    }

    /// A command, always enabled unless executing, that starts executions
    /// with `signalBlock`: RAC's `-initWithSignalBlock:`.
    public convenience init(signalBlock: @escaping @Sendable (Input) -> RACSignal<Value>) {
        self.init(enabled: nil, signalBlock: signalBlock)
    }

    /// A command enabled while `enabled` last sent true (and not executing):
    /// RAC's `-initWithEnabled:signalBlock:`. `enabled` is subscribed at
    /// once; a nil `enabled` means always true. Errors from it are ignored,
    /// keeping the last value.
    public convenience init(enabled: RACSignal<Bool>?, signalBlock: @escaping @Sendable (Input) -> RACSignal<Value>) {
        self.init(enabled: enabled, scheduler: RACScheduler.mainThreadScheduler, signalBlock: signalBlock)
    }

    /// `init(enabled:signalBlock:)` with `scheduler`, which must be serial,
    /// in place of the main thread: executions are subscribed on it and the
    /// signals deliver on it.
    public init(enabled: RACSignal<Bool>?, scheduler: RACScheduler,
                signalBlock: @escaping @Sendable (Input) -> RACSignal<Value>) {
        let core = RACCommandCore<Value>(scheduler: scheduler)
        self.core = core
        self.signalBlock = signalBlock
        executionSignals = core.executions.map { $0.catchTo(.empty(), at: nil) }.deliverOn(scheduler)
        executing = core.executing
        self.enabled = core.enabled
        errors = core.errors.deliverOn(scheduler)
        // The core, not the command: the subscription must not keep the
        // command alive.
        enabledSubscription = enabled?.subscribeNext { core.setEnabledInput($0) }
        core.start()
        executionSignals.name = "\(self) -executionSignals"
        executing.name = "\(self) -executing"
        self.enabled.name = "\(self) -enabled"
        errors.name = "\(self) -errors"
    }

    deinit {
        enabledSubscription?.dispose()
        core.end()
    }

    /// Starts an execution with `input`, if the command is enabled: calls
    /// `signalBlock(input)` at once, sends the execution on
    /// `executionSignals`, and subscribes to the block's signal on the
    /// command's scheduler (so `executing` and `enabled` have changed before
    /// its work starts, as in RAC). The execution runs to its end whether or
    /// not anyone subscribes.
    ///
    /// Returns the execution's events, replayed to every subscriber:
    /// subscribing does not execute again. If the command is not enabled,
    /// returns a signal that fails with `RACCommandError.notEnabled`, and
    /// `signalBlock` is not called.
    @discardableResult
    public func execute(_ input: Input) -> RACSignal<Value> {
        guard core.beginExecution() else { return RACSignal.error(RACCommandError.notEnabled) }
        let signal = signalBlock(input)
        let execution = RACReplaySubject<Value>()
        execution.name = "\(self) -execute: \(input)"
        // Until the block below runs, it alone can send into the execution:
        // on the main thread scheduler, a blocking read of the execution on
        // the main thread, which the block waits for, could never return,
        // and stops instead (see `RACSubjectFeed`).
        let queued = core.scheduler === RACScheduler.mainThreadScheduler ? RACSubjectFeed.mainQueueBlock() : nil
        if let queued { execution.core.addFeed(queued) }
        core.executions.sendNext(execution)
        core.scheduler.schedule { [core] in
            queued?.lapse()
            // The command's bookkeeping comes before the execution's own
            // subscribers see the end, as in RAC, where it subscribed first.
            signal.subscribeNext({ execution.sendNext($0) }, error: { error in
                core.errors.sendNext(error)
                core.endExecution()
                execution.sendError(error)
            }, completed: {
                core.endExecution()
                execution.sendCompleted()
            })
        }
        return execution
    }
}

/// The state of a `RACCommand`, and the subjects its public signals come
/// from. Executions and the enabled input hold the core, not the command, so
/// the command can go away while they run.
///
/// **One word of state.** Whether the enabled input last said YES, whether
/// concurrent executions are allowed, whether the command is gone, and how
/// many executions are running all live in one atomic word. Starting an
/// execution is one compare-and-swap that checks "enabled" and takes the
/// slot together, so two threads can never both start a non-concurrent
/// command (RAC 2.5 read `enabled` and started in two steps, and could).
///
/// **Publishing.** Every change is followed by a refresh, applied through a
/// `RACSerializer` (words 1 to 3) whose owner reads the word afresh,
/// compares it with what it published last, and schedules the difference on
/// the command's scheduler. So the scheduled updates are in order, never
/// repeat a value, and the last one reflects the latest state, whatever
/// threads race to change it; a serial scheduler then delivers them in that
/// order.
// @unchecked Sendable: its state is the atomic words described above.
internal final class RACCommandCore<Value>: @unchecked Sendable {
    private enum Operation {
        case start
        case refresh
    }

    /// Word 0: the state (see `RACCommandState`); words 1 to 4: the
    /// serializer. Must stay the first stored property (see
    /// `RACInlineAtomics`).
    private var _atomics: (Int, Int, Int, Int, Int) = (RACCommandState.enabledInput, 0, 0, 0, 0)

    /// Where executions are subscribed and the public signals deliver.
    let scheduler: RACScheduler
    /// One replayed signal per execution, sent as it starts.
    let executions = RACSubject<RACSignal<Value>>()
    let errors = RACSubject<any Error>()
    let executing = RACBehaviorSubject(defaultValue: false)
    let enabled = RACReplaySubject<Bool>(capacity: 1)

    // Owner-only (serializer): what was last scheduled for delivery.
    @exclusivity(unchecked) private var started = false
    @exclusivity(unchecked) private var finished = false
    @exclusivity(unchecked) private var publishedExecuting = false
    @exclusivity(unchecked) private var publishedEnabled = true

    init(scheduler: RACScheduler) {
        self.scheduler = scheduler
    }

    private var state: RACAtomicWord { RACInlineAtomics.word(0, of: self) }

    private var serializer: RACSerializer<Operation> {
        RACSerializer(RACInlineAtomics.word(1, of: self))
    }

    // MARK: Changes, from any thread

    /// Sends the first value of `enabled` (the state as it is now, the
    /// enabled input's synchronous value included) and starts publishing.
    func start() {
        perform(.start)
    }

    var allowsConcurrentExecution: Bool {
        state.load(.acquire) & RACCommandState.concurrent != 0
    }

    func setAllowsConcurrentExecution(_ allowed: Bool) {
        update { allowed ? $0 | RACCommandState.concurrent : $0 & ~RACCommandState.concurrent }
    }

    /// The enabled signal's latest value.
    func setEnabledInput(_ enabled: Bool) {
        update { enabled ? $0 | RACCommandState.enabledInput : $0 & ~RACCommandState.enabledInput }
    }

    /// Takes an execution slot if the command is enabled; false if not.
    func beginExecution() -> Bool {
        var current = state.load(.relaxed)
        while RACCommandState.isEnabled(current) {
            // Acquire-release, as every change of the word: the refresh's
            // owner must see it, and reads it with acquire.
            let seen = state.compareExchange(expected: current, desired: current + RACCommandState.oneExecution,
                                             .acq_rel, .relaxed)
            if seen == current {
                perform(.refresh)
                return true
            }
            current = seen
        }
        return false
    }

    func endExecution() {
        _ = state.fetchSub(RACCommandState.oneExecution, .acq_rel)
        perform(.refresh)
    }

    /// The command is gone: no more executions; the signals complete once
    /// the running ones have ended.
    func end() {
        executions.sendCompleted()
        update { $0 | RACCommandState.ended }
    }

    private func update(_ change: (Int) -> Int) {
        var current = state.load(.relaxed)
        while true {
            let seen = state.compareExchange(expected: current, desired: change(current), .acq_rel, .relaxed)
            if seen == current { break }
            current = seen
        }
        perform(.refresh)
    }

    private func perform(_ operation: Operation) {
        serializer.perform(operation, now: { apply(operation) }) { apply($0) }
    }

    // MARK: Owner only

    private func apply(_ operation: Operation) {
        let current = state.load(.acquire)
        let nowExecuting = RACCommandState.executions(current) > 0
        let nowEnabled = RACCommandState.isEnabled(current)
        switch operation {
        case .start:
            started = true
            publishedEnabled = nowEnabled
            // Synchronous, as RAC samples the enabled input at init.
            enabled.sendNext(nowEnabled)
        case .refresh:
            guard started, !finished else { return }
        }
        let executingChange = nowExecuting != publishedExecuting ? nowExecuting : nil
        let enabledChange = nowEnabled != publishedEnabled ? nowEnabled : nil
        publishedExecuting = nowExecuting
        publishedEnabled = nowEnabled
        let ending = current & RACCommandState.ended != 0 && !nowExecuting
        finished = ending
        if ending { errors.sendCompleted() }
        guard executingChange != nil || enabledChange != nil || ending else { return }
        scheduler.schedule { [executing, enabled] in
            if let executingChange { executing.sendNext(executingChange) }
            if let enabledChange { enabled.sendNext(enabledChange) }
            if ending {
                executing.sendCompleted()
                enabled.sendCompleted()
            }
        }
    }
}

/// The layout of a `RACCommandCore`'s state word.
private enum RACCommandState {
    static let concurrent = 1
    static let enabledInput = 2
    static let ended = 4
    static let oneExecution = 8

    static func executions(_ state: Int) -> Int {
        state / oneExecution
    }

    /// RAC's `immediateEnabled`: the enabled input, and room for another
    /// execution.
    static func isEnabled(_ state: Int) -> Bool {
        state & enabledInput != 0 && (state & concurrent != 0 || executions(state) == 0)
    }
}

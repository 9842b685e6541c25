#if RACS_CONTROLLED
/// Exhaustive enumeration of the schedules with at most `bound`
/// preemptions (iterative context bounding, as in CHESS: Musuvathi and
/// Qadeer, PLDI 2007), statelessly: each schedule is run from the start,
/// replaying a prefix of the previous one's choices and then taking the
/// next untried choice at its deepest point that stays within the bound.
/// Switches where the running thread cannot go on (it spins, sleeps or
/// ends) cost nothing, and are enumerated too.
final class BoundedPreemption {
    struct Decision {
        /// The default choice first, then the other eligible threads.
        var options: [Int]
        var chosen: Int
        /// Whether the running thread could have gone on.
        var currentCanRun: Bool
        var current: Int
        var preemptionsBefore: Int

        func cost(_ option: Int) -> Int {
            currentCanRun && options[option] != current ? 1 : 0
        }
    }

    let bound: Int
    private var prefix: [Int] = []
    private var exhausted = false
    /// Schedules whose replayed prefix met other choices than recorded
    /// (an execution that is not deterministic; should stay 0).
    private(set) var divergences = 0

    init(bound: Int) { self.bound = bound }

    /// The strategy for the next schedule, or nil once all are done.
    func next() -> Run? {
        exhausted ? nil : Run(prefix: prefix, bound: bound, owner: self)
    }

    /// After `run` ended: moves to the next schedule.
    fileprivate func advance(after run: Run) {
        if run.diverged { divergences += 1 }
        let decisions = run.decisions
        for index in stride(from: decisions.count - 1, through: 0, by: -1) {
            let decision = decisions[index]
            var option = decision.chosen + 1
            while option < decision.options.count {
                if decision.preemptionsBefore + decision.cost(option) <= bound {
                    prefix = decisions[..<index].map { $0.options[$0.chosen] } + [decision.options[option]]
                    return
                }
                option += 1
            }
        }
        exhausted = true
    }

    final class Run: Strategy {
        let prefix: [Int]
        let bound: Int
        private unowned let owner: BoundedPreemption
        private(set) var decisions: [Decision] = []
        private(set) var diverged = false
        private var preemptions = 0

        init(prefix: [Int], bound: Int, owner: BoundedPreemption) {
            self.prefix = prefix
            self.bound = bound
            self.owner = owner
        }

        func choose(_ eligible: [Int], current: Int, currentCanRun: Bool) -> Int {
            let first = defaultChoice(eligible, current: current, currentCanRun: currentCanRun)
            let options = [first] + eligible.filter { $0 != first }
            var chosen = 0
            if decisions.count < prefix.count {
                if let index = options.firstIndex(of: prefix[decisions.count]) {
                    chosen = index
                } else {
                    diverged = true
                }
            }
            let decision = Decision(options: options, chosen: chosen, currentCanRun: currentCanRun,
                                    current: current, preemptionsBefore: preemptions)
            preemptions += decision.cost(chosen)
            decisions.append(decision)
            return options[chosen]
        }

        /// The choices that differ from the default, by decision number:
        /// what `Replay` takes.
        var deviations: [(decision: Int, thread: Int)] {
            decisions.enumerated().compactMap { index, decision in
                decision.chosen == 0 ? nil : (index + 1, decision.options[decision.chosen])
            }
        }

        func finish() { owner.advance(after: self) }
    }
}
#endif

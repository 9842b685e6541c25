#if RACS_CONTROLLED
import CShims
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Runs scenarios under the strategies, and reports a failure with the
/// command that replays its schedule.
enum ControlledRun {
    /// The command that replays the schedule running now (a closure: an
    /// enumerated schedule's choices are known as it goes).
    static var replayLine: () -> String = { "" }

    static func printReplayLine() {
        print("  replay: Verification/controlled/run \(replayLine())\(ControlledHooks.bugArguments)")
    }

    struct Outcome {
        let failures: [String]
        let scheduler: ControlledScheduler
        /// The most operations seen waiting in a watched subject.
        let largestBacklog: Int
        /// The report made when a check at a scheduling point failed.
        let failureReport: String?
        let covered: Set<String>

        var report: String {
            failureReport ?? scheduler.report(failures.joined(separator: "; "))
        }
    }

    /// One schedule of `scenario` under `strategy`.
    static func once(_ scenario: Scenario, _ strategy: Strategy) -> Outcome {
        ControlledHooks.configure(term: scenario.term, backlog: scenario.backlog, spinPauses: scenario.spin.pauses,
                                  spinYields: scenario.spin.yields)
        let scheduler = ControlledScheduler(strategy: strategy)
        let script = Script(scheduler: scheduler)
        RACSchedulerSupport.runInline { scenario.build(script) }
        let homes = racs_node_controlled_live_homes()
        let nodes = racs_node_controlled_live_nodes()
        scheduler.run()
        // Every thread's exit ran under the scheduler (workerMain): its
        // home is freed once the last of its nodes is, wherever that was
        // (a serializer at rest holds none). Counted before the end checks,
        // which run on the harness's thread: its home, made there, stays.
        let homesLeft = racs_node_controlled_live_homes() - homes
        let nodesLeft = racs_node_controlled_live_nodes() - nodes
        script.runEndChecks()
        ControlledTallies.check(script)
        script.expect(homesLeft == 0 && nodesLeft == 0,
                      "the node cache kept \(homesLeft) homes and \(nodesLeft) nodes of the schedule's threads "
                          + "(every one is freed once its thread exited and its nodes came back)")
        if !scenario.stuckOwner && scheduler.warnings.contains(where: { $0 > 0 }) {
            script.expect(false, "a wait gave up or warned (racs_warn_once keys: \(scheduler.warnings)) "
                + "though no block blocked")
        }
        return Outcome(failures: script.failures, scheduler: scheduler, largestBacklog: script.largestBacklog,
                       failureReport: script.failureReport, covered: script.covered)
    }

    /// Stops the run on a failed check, with the schedule's trace.
    static func check(_ outcome: Outcome) {
        guard !outcome.failures.isEmpty else { return }
        failingSchedules += 1
        if failingSchedules == 1 {
            print(outcome.report)
            printReplayLine()
        }
        if !keepGoing { exit(1) }
    }

    /// With `--keep-going`: count the failing schedules of the whole budget
    /// (the first one is printed) instead of stopping at it, to measure how
    /// often a strategy meets a bug.
    static var keepGoing = false
    static var failingSchedules = 0

    /// The seed of schedule `index` of `scenario` from `base`: printed on a
    /// failure, and all `--seed` needs.
    static func seed(base: UInt64, scenario: String, index: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in scenario.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        var random = SplitMix64(seed: base ^ hash ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return random.next() >> 1
    }

    struct Budget {
        var pct: Int
        var exhaustive: Int
        var depth: Int
        var baseSeed: UInt64
    }

    /// The warm-up schedule (no preemption): it also measures the steps a
    /// schedule takes, which PCT spreads its change points over, and runs
    /// the library's lazy initializations, so that later schedules are
    /// deterministic. A replay does not check it (its own schedule may be
    /// another).
    static func warmUp(_ scenario: Scenario, checking: Bool = true) -> Outcome {
        replayLine = { "--scenario \(scenario.name) --strategy none --seed -" }
        let outcome = once(scenario, NonPreemptive())
        if checking { check(outcome) }
        return outcome
    }

    /// Explores `scenario`: the exhaustive enumeration with at most two
    /// preemptions (small scenarios), then `budget.pct` PCT schedules.
    static func explore(_ scenario: Scenario, _ budget: Budget) {
        let started = DispatchTime.now()
        failingSchedules = 0
        let warm = warmUp(scenario)
        let steps = warm.scheduler.steps
        let threads = warm.scheduler.workers.count
        var summary = ["\(scenario.name): \(threads) threads, \(steps) points unpreempted"]
        var giveUpSchedules = 0
        var coverage: [String: Int] = [:]
        func note(_ outcome: Outcome) {
            for path in outcome.covered { coverage[path, default: 0] += 1 }
        }
        var longest = 0
        var largestBacklog = 0
        if scenario.small && budget.exhaustive > 0 {
            let enumeration = BoundedPreemption(bound: 2)
            var count = 0
            while count < budget.exhaustive, let run = enumeration.next() {
                replayLine = { "--scenario \(scenario.name) --strategy dfs --seed \(deviationText(run))" }
                let outcome = once(scenario, run)
                check(outcome)
                run.finish()
                count += 1
                longest = max(longest, outcome.scheduler.steps)
                largestBacklog = max(largestBacklog, outcome.largestBacklog)
                note(outcome)
                if outcome.scheduler.warnings[0] > 0 { giveUpSchedules += 1 }
            }
            let complete = enumeration.next() == nil
            if keepGoing { summary.append("\(failingSchedules) failed so far") }
            summary.append("exhaustive ≤2 preemptions: \(count) schedules"
                + (complete ? " (all of them)" : " (budget reached, not complete)")
                + (enumeration.divergences > 0 ? ", \(enumeration.divergences) diverged" : ""))
        }
        for index in 0..<budget.pct {
            let seed = seed(base: budget.baseSeed, scenario: scenario.name, index: index)
            replayLine = { "--scenario \(scenario.name) --strategy pct --seed \(seed) --steps \(steps) --depth \(budget.depth)" }
            let outcome = once(scenario, PCT(seed: seed, threads: threads, steps: steps, depth: budget.depth))
            check(outcome)
            longest = max(longest, outcome.scheduler.steps)
            largestBacklog = max(largestBacklog, outcome.largestBacklog)
            note(outcome)
            if outcome.scheduler.warnings[0] > 0 { giveUpSchedules += 1 }
        }
        if budget.pct > 0 { summary.append("PCT depth \(budget.depth): \(budget.pct) schedules") }
        if keepGoing { summary.append("\(failingSchedules) failed (warm-up included)") }
        summary.append("longest \(longest) points")
        if largestBacklog > 0 { summary.append("largest backlog \(largestBacklog)") }
        if giveUpSchedules > 0 { summary.append("give-up path in \(giveUpSchedules)") }
        for (path, count) in coverage.sorted(by: { $0.key < $1.key }) { summary.append("\(path) in \(count)") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        summary.append(String(format: "%.1f s", seconds))
        print(summary.joined(separator: "; "))
    }

    /// Replays one schedule: `strategy` is `pct`, `dfs` or `none` (the
    /// schedule without preemptions, which the warm-up runs).
    static func replay(_ scenario: Scenario, strategy: String, seed: String, steps: Int?, depth: Int) {
        let warm = warmUp(scenario, checking: false)
        let chosen: Strategy
        switch strategy {
        case "pct":
            guard let value = UInt64(seed) else { usage("a PCT seed is a number") }
            let steps = steps ?? warm.scheduler.steps
            replayLine = { "--scenario \(scenario.name) --strategy pct --seed \(seed) --steps \(steps) --depth \(depth)" }
            chosen = PCT(seed: value, threads: warm.scheduler.workers.count, steps: steps, depth: depth)
        case "dfs":
            replayLine = { "--scenario \(scenario.name) --strategy dfs --seed \(seed)" }
            chosen = Replay(deviations: parseDeviations(seed))
        case "none":
            replayLine = { "--scenario \(scenario.name) --strategy none --seed -" }
            chosen = NonPreemptive()
        default:
            usage("a replay's --strategy is pct, dfs or none")
        }
        let outcome = once(scenario, chosen)
        if outcome.failures.isEmpty {
            print(outcome.scheduler.report("").replacingOccurrences(of: "FAILED: ", with: "PASSED: the replayed schedule"))
        } else {
            print(outcome.report)
            printReplayLine()
            exit(1)
        }
    }

    /// A schedule of the enumeration, as its choices that differ from the
    /// default (decision:thread, comma-separated; "-" for none).
    static func deviationText(_ run: BoundedPreemption.Run) -> String {
        let text = run.deviations.map { "\($0.decision):\($0.thread)" }.joined(separator: ",")
        return text.isEmpty ? "-" : text
    }

    static func parseDeviations(_ text: String) -> [Int: Int] {
        var result: [Int: Int] = [:]
        guard text != "-" else { return result }
        for pair in text.split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let decision = Int(parts[0]), let thread = Int(parts[1]) else {
                usage("a dfs seed is decision:thread pairs, comma-separated")
            }
            result[decision] = thread
        }
        return result
    }
}

func usage(_ message: String) -> Never {
    print("""
        controlled: \(message)
        usage: controlled [--scenario NAME]... [--strategy pct|dfs|both] [--budget N] [--exhaustive N]
                          [--depth D] [--base-seed S] [--bug NAME]...
               controlled --scenario NAME [--strategy pct|dfs|none] --seed S [--steps K] [--depth D]   (replay)
               controlled --list      (--keep-going: count failing schedules rather than stop at the first)
        """)
    exit(2)
}
#endif

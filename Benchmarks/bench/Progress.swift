import Foundation

/// What the bench tells stderr while it runs: the expected duration first,
/// then one line per workload as it finishes, so that a run on a loaded
/// machine (several times slower) shows where it is. stdout keeps the table
/// alone.
final class Progress {
    /// About the seconds a workload's full run takes on a quiet 2-core
    /// machine: a full run at load average 15-20 (issue 25's round), whose
    /// raw rows ran about 12 times slower than quiet, divided by 12; "raw" is
    /// the baselines' rows at the end. Only the proportions matter much: the
    /// time left is scaled by the pace of the run so far. A workload not
    /// listed counts `unlistedSeconds`. W13 came later and is its own quiet
    /// run (8.3 s at ed4ba6f, load 1.3): its per-value `async` baseline and
    /// the drains' thread hops dominate it. W14 is about 1 s quiet; W1 gained the held floor's row (0.2 s).
    /// W7 (8 and 16 threads, the flood), W11 (bounded `values`) and W13 (4
    /// senders, the flood) gained rows for issue 32: their figures are the
    /// new runs at load 10-12 divided by that load's slowdown (about 5).
    /// W16 (23 structures at 3 sizes, each repetition about the same work)
    /// took 50 s of CPU time in a run at load 8 (issue 33's growth audit).
    private static let fullRunSeconds: [String: Double] = [
        "W1": 1.4, "W2": 0.9, "W3": 3.0, "W3b": 1.5, "W4": 1.4, "W4b": 1.0, "W5": 0.5, "W6": 0.2,
        "W7": 6.0, "W8": 0.5, "W9": 0.3, "W10": 0.6, "W11": 5.0, "W12": 0.6, "W13": 14.0, "W14": 1.0, "W16": 50.0,
        "raw": 2.0,
    ]
    /// The same under `onecore` and `loaded`, where only the rows that wait
    /// or drain run (`Workload.cases(_:under:)`), with fewer operations
    /// (`LoadCondition.workFraction`) and the time budget: the first runs
    /// on this 2-core machine at load 10-12 from other work, W13 as the
    /// library was at 14e10dc (its deliverOn collapsing under load, issue
    /// 32, each group stopped by the budget), divided by about 5 as above
    /// but not below the budget's share. Only proportions matter much.
    private static let conditionSeconds: [LoadCondition: [String: Double]] = [
        .onecore: ["W7": 3, "W11": 1, "W13": 10],
        .loaded: ["W7": 3, "W11": 3, "W13": 45],
    ]
    private static let unlistedSeconds = 1.0
    /// A `--quick` run does a tenth of the operations in 8 repetitions
    /// instead of 13, and has fixed costs of its own (threads, tasks).
    private static let quickFraction = 0.12

    private let steps: [(condition: LoadCondition, workload: String)]
    private let scale: Double
    private let start = Date()
    private var finished = 0

    /// For a run of `steps` (a workload id, "raw" for the baselines, under a
    /// condition) in `mode`.
    init(steps: [(condition: LoadCondition, workload: String)], mode: Mode) {
        self.steps = steps
        scale = mode == .quick ? Self.quickFraction : 1
    }

    private func expected(_ step: (condition: LoadCondition, workload: String)) -> Double {
        let table = step.condition == .quiet ? Self.fullRunSeconds : Self.conditionSeconds[step.condition] ?? [:]
        return (table[step.workload] ?? Self.unlistedSeconds) * scale
    }

    /// The 1-minute load average and the online cores. A thread that wants
    /// a core gets about cores / (load + 1) of one when the others are
    /// busy, so the bench's threads slow down by about (load + 1) / cores
    /// past a load of cores - 1. Rough (waits that spin do worse), but it
    /// tracks the machine instead of assuming a quiet one.
    private static func machineLoad() -> (average: Double, cores: Int, slowdown: Double)? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let first = text.split(separator: " ").first, let average = Double(first) else { return nil }
        let cores = onlineCores
        return (average, cores, max(1, (average + 1) / Double(cores)))
    }

    /// Prints the expected duration.
    func begin() {
        let total = max(1, steps.map(expected).reduce(0, +))
        let conditions = Set(steps.map(\.condition)).count
        let what = String(format: "bench: %d workload run(s) in %d condition(s)", steps.count, conditions)
        guard let load = Self.machineLoad() else {
            report(what + String(format: ", about %.0f s on a quiet 2-core machine; progress below, results on stdout",
                                 total))
            return
        }
        report(what + String(format: ", about %.0f s at this machine's load (average %.1f on %d cores); " +
                              "progress below, results on stdout", total * load.slowdown, load.average, load.cores))
    }

    /// Prints that `workload` has finished under `condition`, the time so
    /// far and an estimate of what is left, scaled by how this run compares
    /// with the table.
    func finish(_ workload: String, under condition: LoadCondition) {
        finished += 1
        let elapsed = Date().timeIntervalSince(start)
        let expectedSoFar = steps.prefix(finished).map(expected).reduce(0, +)
        let expectedLeft = steps.dropFirst(finished).map(expected).reduce(0, +)
        let pace = expectedSoFar > 0 ? elapsed / expectedSoFar : 1
        let name = condition == .quiet ? workload : "\(workload) (\(condition.rawValue))"
        report(String(format: "bench: [%d/%d] %@ done, %.1f s elapsed, about %.0f s left",
                      finished, steps.count, name, elapsed, expectedLeft * pace))
    }

    private func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

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
    private static let fullRunSeconds: [String: Double] = [
        "W1": 1.4, "W2": 0.9, "W3": 3.0, "W3b": 1.5, "W4": 1.4, "W4b": 1.0, "W5": 0.5, "W6": 0.2,
        "W7": 4.7, "W8": 0.5, "W9": 0.3, "W10": 0.6, "W11": 4.0, "W12": 0.6, "W13": 8.3, "W14": 1.0,
        "raw": 2.0,
    ]
    private static let unlistedSeconds = 1.0
    /// A `--quick` run does a tenth of the operations in 8 repetitions
    /// instead of 13, and has fixed costs of its own (threads, tasks).
    private static let quickFraction = 0.12

    private let names: [String]
    private let scale: Double
    private let start = Date()
    private var finished = 0

    /// For a run of `workloads` (ids, "raw" for the baselines) in `mode`.
    init(workloads: [String], mode: Mode) {
        names = workloads
        scale = mode == .quick ? Self.quickFraction : 1
    }

    private func expected(_ workload: String) -> Double {
        (Self.fullRunSeconds[workload] ?? Self.unlistedSeconds) * scale
    }

    /// Prints the expected duration.
    func begin() {
        let total = names.map(expected).reduce(0, +)
        report(String(format: "bench: %d workload(s), about %.0f s on a quiet 2-core machine " +
                      "(several times that on a loaded one); progress below, results on stdout",
                      names.count, max(1, total)))
    }

    /// Prints that `workload` has finished, the time so far and an estimate
    /// of what is left, scaled by how this run compares with the table.
    func finish(_ workload: String) {
        finished += 1
        let elapsed = Date().timeIntervalSince(start)
        let expectedSoFar = names.prefix(finished).map(expected).reduce(0, +)
        let expectedLeft = names.dropFirst(finished).map(expected).reduce(0, +)
        let pace = expectedSoFar > 0 ? elapsed / expectedSoFar : 1
        report(String(format: "bench: [%d/%d] %@ done, %.1f s elapsed, about %.0f s left",
                      finished, names.count, workload, elapsed, expectedLeft * pace))
    }

    private func report(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

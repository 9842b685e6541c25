import Foundation

/// What the bench tells stderr while it runs: the expected duration first,
/// then one line per workload as it finishes, so that a run on a loaded
/// machine (several times slower) shows where it is. stdout keeps the table
/// alone.
final class Progress {
    /// Seconds a workload's full run took on a quiet 2-core machine
    /// (measured at the commit that added this table); "raw" is the
    /// baselines' rows at the end. A workload not listed counts
    /// `unlistedSeconds`.
    private static let fullRunSeconds: [String: Double] = [
        "W1": 1.2, "W2": 0.6, "W3": 2.2, "W3b": 0.8, "W4": 0.9, "W4b": 0.5, "W5": 0.5, "W6": 0.6,
        "W7": 4.0, "W8": 0.4, "W9": 2.0, "W10": 0.9, "W11": 2.5, "W12": 0.6, "raw": 1.5,
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

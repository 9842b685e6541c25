import Foundation

/// The human-readable report, one per load condition: one row per case as
/// it finishes, then one verdict line per workload.
///
///     case                                 unit                median       min  baseline   ratio       cpu  base cpu cpu ratio vs
///     W4 createSignal next+completed       ns/lifecycle        803.42    764.26     39.86  20.16x    803.10     39.80    20.18x raw subscribe object
///     raw subscribe object                 ns/lifecycle         35.22     34.41                        35.20
///
/// `cpu` is the median CPU time of all the process's threads per operation
/// (`ProcessCPUClock`), `base cpu` the baseline's, and `cpu ratio` the one
/// over the other: a wait that spins shows there even when its wall time is
/// fine.
struct Table {
    /// Column widths; a negative width pads on the right (left-aligned text).
    /// The last column is free.
    private static let widths = [-36, -16, 9, 9, 9, 7, 9, 9, 9]
    /// The run's mode: its repetitions, against which a row cut short by
    /// the time budget is marked.
    let mode: Mode

    private func line(_ fields: String...) {
        let padded = zip(fields, Self.widths).map { field, width in
            let pad = String(repeating: " ", count: max(0, abs(width) - field.count))
            return width < 0 ? field + pad : pad + field
        }
        print((padded + fields.dropFirst(Self.widths.count)).joined(separator: " "))
    }

    func header(condition: LoadCondition = .quiet, setting: String? = nil) {
        print("RACSwift bench, \(mode.description): median and min per operation over " +
              "\(mode.repetitions) repetitions after \(mode.warmups) warm-up(s)")
        print("condition \(condition.rawValue)" + (setting.map { ": \($0)" } ?? ""))
        line("case", "unit", "median", "min", "baseline", "ratio", "cpu", "base cpu", "cpu ratio", "vs")
    }

    func row(_ result: CaseResult) {
        let c = result.case
        guard let m = result.measurement else {
            line(c.id, c.unitSymbol, "-", "-", "-", "-", "-", "-", "-", unmeasuredReason)
            return
        }
        line(c.id, c.unitSymbol, c.meter.format(m.median), c.meter.format(m.min),
             result.baselineMedian.map(c.meter.format) ?? "",
             result.ratio.map { String(format: "%.2fx", $0) } ?? "",
             m.cpuMedian.map(c.meter.format) ?? "",
             result.baselineCPUMedian.map(c.meter.format) ?? "",
             result.cpuRatio.map { String(format: "%.2fx", $0) } ?? "",
             (c.baseline.map(baselineName) ?? "")
                + (m.samples.count < mode.repetitions ? " (\(m.samples.count) repetitions: time budget)" : ""))
    }

    func verdicts(_ verdicts: [Verdict], condition: LoadCondition = .quiet) {
        guard !verdicts.isEmpty else { return }
        print("\nverdicts (\(condition.rawValue))")
        for v in verdicts {
            print("\(v.workload) \(v.status.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)) \(v.text)")
        }
    }
}

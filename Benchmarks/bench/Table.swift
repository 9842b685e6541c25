import Foundation

/// The human-readable report: one row per case as it finishes, then one
/// verdict line per workload.
///
///     case                                unit              median      min  baseline   ratio vs
///     W4 createSignal next+completed      ns/lifecycle      803.42   764.26     39.86  20.16x raw subscribe object
///     raw subscribe object                ns/lifecycle       35.22    34.41
struct Table {
    /// Column widths; a negative width pads on the right (left-aligned text).
    /// The last column is free.
    private static let widths = [-36, -16, 9, 9, 9, 7]

    private func line(_ fields: String...) {
        let padded = zip(fields, Self.widths).map { field, width in
            let pad = String(repeating: " ", count: max(0, abs(width) - field.count))
            return width < 0 ? field + pad : pad + field
        }
        print((padded + fields.dropFirst(Self.widths.count)).joined(separator: " "))
    }

    func header(_ mode: Mode) {
        print("RACSwift bench, \(mode.description): median and min per operation over " +
              "\(mode.repetitions) repetitions after \(mode.warmups) warm-up(s)")
        line("case", "unit", "median", "min", "baseline", "ratio", "vs")
    }

    func row(_ result: CaseResult) {
        let c = result.case
        guard let m = result.measurement else {
            line(c.id, c.unitSymbol, "-", "-", "-", "-", unmeasuredReason)
            return
        }
        line(c.id, c.unitSymbol, c.meter.format(m.median), c.meter.format(m.min),
             result.baselineMedian.map(c.meter.format) ?? "",
             result.ratio.map { String(format: "%.2fx", $0) } ?? "",
             c.baseline.map(baselineName) ?? "")
    }

    func verdicts(_ verdicts: [Verdict]) {
        guard !verdicts.isEmpty else { return }
        print("\nverdicts")
        for v in verdicts {
            print("\(v.workload) \(v.status.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)) \(v.text)")
        }
    }
}

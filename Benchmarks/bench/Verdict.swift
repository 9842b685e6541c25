import Foundation

/// A workload's verdict: are all its cases' targets met?
struct Verdict {
    enum Status: String {
        case pass = "PASS"
        case miss = "MISS"
        /// The workload ran but cannot be judged in this process (W8
        /// without the allocation counter), or has no target.
        case unjudged = "--"
    }

    let workload: String
    let status: Status
    let text: String
}

/// Whether one measured case meets one target, and a phrase that says so.
func evaluate(_ target: Target, _ result: CaseResult) -> (met: Bool, phrase: String) {
    let c = result.case
    let median = result.measurement!.median
    let against = c.baseline.map { "raw \($0.label)" } ?? "no baseline"
    switch target {
    case .ratio(let limit):
        guard let ratio = result.ratio else { return (false, "\(c.label): no baseline ratio") }
        return (ratio <= limit, String(format: "%@ %.2fx %@ (target <= %.2fx)", c.label, ratio, against, limit))
    case .absolute(let limit):
        return (median <= limit, "\(c.label) \(c.meter.format(median)) \(c.unitSymbol) (target <= \(c.meter.format(limit)))")
    case .throughputOfBaseline:
        guard let ratio = result.ratio, let baseline = result.baselineMedian else {
            return (false, "\(c.label): no baseline")
        }
        let perSecond = { (ns: Double) in 1e3 / ns }        // ns per op -> M ops per s
        return (ratio <= 1, String(format: "%@ %@ throughput %.1f M/s vs %@ %.1f M/s (target >= raw)",
                                   c.label, c.unit, perSecond(median), against, perSecond(baseline)))
    }
}

/// The verdict for one workload from the results of its cases.
func verdict(workload: String, results: [CaseResult]) -> Verdict {
    if let unmeasured = results.first(where: { $0.measurement == nil }) {
        return Verdict(workload: workload, status: .unjudged,
                       text: "\(unmeasured.case.label): \(unmeasuredReason)")
    }
    let judged = results.flatMap { result in result.case.targets.map { evaluate($0, result) } }
    guard !judged.isEmpty else {
        return Verdict(workload: workload, status: .unjudged, text: "no target")
    }
    return Verdict(workload: workload, status: judged.allSatisfy(\.met) ? .pass : .miss,
                   text: judged.map(\.phrase).joined(separator: "; "))
}

/// Why a case with an allocation meter has no numbers.
let unmeasuredReason = "allocation counter not loaded: run perf/alloc-count.sh"

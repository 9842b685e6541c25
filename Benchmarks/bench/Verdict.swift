import Foundation

/// A workload's verdict: are all its cases' targets met?
struct Verdict {
    enum Status: String {
        case pass = "PASS"
        case miss = "MISS"
        /// The workload ran but cannot be judged in this process (W8
        /// without the allocation counter, any workload in a `--quick`
        /// run), or has no target.
        case unjudged = "--"
    }

    let workload: String
    let status: Status
    let text: String
}

/// How the report names the baseline a case is compared with: `raw …` for a
/// raw baseline, the case id for a library row measured beside it (W9
/// against W1's N=100 row).
func baselineName(_ baseline: Case) -> String {
    baseline.workload == "raw" ? "raw \(baseline.label)" : baseline.id
}

/// Whether one measured case meets one target, and a phrase that says so.
/// `results` are the workload's other results, for a target that compares
/// with one of them (`growthWithin`, `ratioToRow`).
func evaluate(_ target: Target, _ result: CaseResult, among results: [CaseResult]) -> (met: Bool, phrase: String) {
    let c = result.case
    let median = result.measurement!.median
    let against = c.baseline.map(baselineName) ?? "no baseline"
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
        guard let oneThread = result.oneThreadBaselineMedian else {
            return (ratio <= 1, String(format: "%@ %@ throughput %.1f M/s vs %@ %.1f M/s (target >= raw)",
                                       c.label, c.unit, perSecond(median), against, perSecond(baseline)))
        }
        let mode = Contention.mode(baseline: baseline, oneThread: oneThread)
        return (ratio * mode.factor <= 1,
                String(format: "%@ %@ throughput %.1f M/s, %.2fx %@ %.1f M/s, %@ (target >= %.1fx)",
                       c.label, c.unit, perSecond(median), 1 / ratio, against, perSecond(baseline),
                       mode.phrase, mode.factor))
    case .growthWithin(let limit, let floorLabel):
        guard let growth = result.ratio,
              let floor = results.first(where: { $0.case.label == floorLabel }), let floorGrowth = floor.ratio else {
            return (false, "\(c.label): no growth to compare with \(floorLabel)")
        }
        return (growth <= limit * floorGrowth,
                String(format: "%@ grows %.2fx from %@, %.2fx the %.2fx of %@ (target <= %.2fx)", c.label, growth,
                       against, growth / floorGrowth, floorGrowth, floorLabel, limit))
    case .cpuRatio(let limit):
        guard let ratio = result.cpuRatio else { return (false, "\(c.label): no baseline CPU time") }
        return (ratio <= limit, String(format: "%@ CPU %.2fx %@ (target <= %.2fx)", c.label, ratio, against, limit))
    case .ratioToRow(let limit, let rowLabel):
        guard let row = results.first(where: { $0.case.label == rowLabel }), let rowMedian = row.measurement?.median else {
            return (false, "\(c.label): no row \(rowLabel) to compare with")
        }
        let ratio = median / rowMedian
        return (ratio <= limit, String(format: "%@ %.2fx %@ (target <= %.2fx)", c.label, ratio, rowLabel, limit))
    }
}

/// The verdict for one workload from the results of its cases. In a
/// `--quick` run nothing is judged: a tenth of the operations on a machine
/// that may be busy says nothing about a target; the figures are printed
/// all the same.
func verdict(workload: String, results: [CaseResult], mode: Mode) -> Verdict {
    if let unmeasured = results.first(where: { $0.measurement == nil }) {
        return Verdict(workload: workload, status: .unjudged,
                       text: "not judged: \(unmeasured.case.label): \(unmeasuredReason)")
    }
    let judged = results.flatMap { result in
        result.case.targets.map { (label: result.case.label, evaluate($0, result, among: results)) }
    }
    guard !judged.isEmpty else {
        return Verdict(workload: workload, status: .unjudged, text: "no target")
    }
    if mode == .quick {
        return Verdict(workload: workload, status: .unjudged,
                       text: "not judged in a --quick run: " + judged.map(\.1.phrase).joined(separator: "; "))
    }
    let missed = judged.filter { !$0.1.met }.map(\.label)
    guard !missed.isEmpty else {
        return Verdict(workload: workload, status: .pass, text: judged.map(\.1.phrase).joined(separator: "; "))
    }
    // With several targets, which ones missed comes first, and each is
    // marked among the others.
    guard judged.count > 1 else { return Verdict(workload: workload, status: .miss, text: judged[0].1.phrase) }
    let phrases = judged.map { ($0.1.met ? "" : "MISSED ") + $0.1.phrase }.joined(separator: "; ")
    return Verdict(workload: workload, status: .miss, text: "missed by \(missed.joined(separator: ", ")): \(phrases)")
}

/// Why a case with an allocation meter has no numbers, and how to get them.
let unmeasuredReason = """
    allocation counter not loaded; run perf/alloc-count.sh (it preloads perf/malloccount.c into the bench)
    """

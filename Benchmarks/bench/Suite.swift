/// A measured case, with the median of the baseline measured alongside it.
struct CaseResult {
    let `case`: Case
    /// Nil when the case's meter cannot be read in this process.
    let measurement: Measurement?
    let baselineMedian: Double?
    /// The median of the case's `oneThreadBaseline`, if it has one.
    var oneThreadBaselineMedian: Double? = nil

    /// Median over baseline median; nil without a baseline or when the
    /// baseline is zero (allocation counts).
    var ratio: Double? {
        guard let median = measurement?.median, let baseline = baselineMedian, baseline > 0 else { return nil }
        return median / baseline
    }
}

/// Runs the cases the options select: the workloads in the order of perf/README.md's table, each
/// case taking turns with its raw baseline (see `measure`), then the raw
/// baselines on their own. Each row is reported as soon as it is measured.
final class Suite {
    private let options: Options
    private let table: Table
    /// Results in run order.
    private(set) var results: [CaseResult] = []

    init(options: Options, table: Table) {
        self.options = options
        self.table = table
    }

    private func selected(_ id: String) -> Bool {
        guard let filter = options.filter else { return true }
        return id.localizedCaseInsensitiveContains(filter)
    }

    /// Runs everything selected; returns one verdict per selected workload.
    func run() throws -> [Verdict] {
        var verdicts: [Verdict] = []
        let selectedWorkloads = workloads.map { ($0.id, $0.cases(options.mode).filter { selected($0.id) }) }
            .filter { !$0.1.isEmpty }
        let raws = rawCases(options.mode).filter { selected($0.id) }
        let progress = Progress(workloads: selectedWorkloads.map(\.0) + (raws.isEmpty ? [] : ["raw"]),
                                mode: options.mode)
        progress.begin()
        for (id, cases) in selectedWorkloads {
            let results = try cases.map(run)
            verdicts.append(verdict(workload: id, results: results, mode: options.mode))
            progress.finish(id)
        }
        for raw in raws {
            _ = try run(raw)
        }
        if !raws.isEmpty { progress.finish("raw") }
        return verdicts
    }

    /// Measures `c`, and its baseline alongside it.
    private func run(_ c: Case) throws -> CaseResult {
        var result = CaseResult(case: c, measurement: nil, baselineMedian: nil)
        if c.meter.isAvailable {
            let baselines = [c.baseline, c.oneThreadBaseline].compactMap { $0 }
            let measured = try measure([c] + baselines, mode: options.mode)
            result = CaseResult(case: c, measurement: measured[0],
                                baselineMedian: c.baseline.map { _ in measured[1].median },
                                oneThreadBaselineMedian: c.oneThreadBaseline.map { _ in measured.last!.median })
        }
        results.append(result)
        table.row(result)
        return result
    }
    /// `--iterations`: the one case the filter selects, alone, without its
    /// baseline, so that an instruction count covers nothing else. An id
    /// equal to the filter is chosen over ids that merely contain it.
    static func single(options: Options) throws -> Case {
        let all = workloads.flatMap { $0.cases(options.mode) } + rawCases(options.mode)
        let filter = options.filter ?? ""
        // An exact id wins, so that "raw fan-out N=1" does not also pick N=10.
        let exact = all.filter { $0.id.lowercased() == filter.lowercased() }
        let matches = exact.isEmpty ? all.filter { $0.id.localizedCaseInsensitiveContains(filter) } : exact
        guard matches.count == 1 else {
            throw Options.UsageError(description: """
                --iterations needs a --filter that selects exactly one case; it selects \(matches.count)\
                \(matches.map { "\n  \($0.id)" }.joined())
                """)
        }
        return matches[0]
    }
}

/// A measured case, with the median of the baseline measured alongside it.
struct CaseResult {
    let `case`: Case
    /// The condition the case and its baselines ran under.
    var condition: LoadCondition = .quiet
    /// Nil when the case's meter cannot be read in this process.
    let measurement: Measurement?
    let baselineMedian: Double?
    /// The baseline's median CPU ns per operation, if it was timed.
    var baselineCPUMedian: Double? = nil
    /// The median of the case's `oneThreadBaseline`, if it has one.
    var oneThreadBaselineMedian: Double? = nil

    /// Median over baseline median; nil without a baseline or when the
    /// baseline is zero (allocation counts).
    var ratio: Double? {
        guard let median = measurement?.median, let baseline = baselineMedian, baseline > 0 else { return nil }
        return median / baseline
    }

    /// CPU time per operation over the baseline's, as `ratio` is for wall time.
    var cpuRatio: Double? {
        guard let cpu = measurement?.cpuMedian, let baseline = baselineCPUMedian, baseline > 0 else { return nil }
        return cpu / baseline
    }
}

/// Runs the cases the options select under one load condition: the
/// workloads in the order of perf/README.md's table, each case taking turns
/// with its raw baseline (see `measure`), then (quiet only) the raw
/// baselines on their own. Each row is reported as soon as it is measured.
final class Suite {
    private let options: Options
    private let table: Table
    let condition: LoadCondition
    /// Results in run order.
    private(set) var results: [CaseResult] = []

    init(options: Options, table: Table, condition: LoadCondition = .quiet) {
        self.options = options
        self.table = table
        self.condition = condition
    }

    /// The workloads, each with the cases the options select under `condition`.
    static func selection(_ options: Options, under condition: LoadCondition) -> (workloads: [(String, [Case])], raws: [Case]) {
        let selected = { (c: Case) in options.filter?.selects(c) ?? true }
        let chosen = workloads.map { ($0.id, $0.cases(options.mode, under: condition).filter(selected)) }
            .filter { !$0.1.isEmpty }
        // The raw rows on their own only when quiet: under load they run
        // beside the cases that compare with them, which is what counts.
        let raws = condition == .quiet ? rawCases(options.mode).filter(selected) : []
        return (chosen, raws)
    }

    /// Runs everything selected; returns one verdict per selected workload.
    func run(progress: Progress) throws -> [Verdict] {
        var verdicts: [Verdict] = []
        let (selectedWorkloads, raws) = Self.selection(options, under: condition)
        for (id, cases) in selectedWorkloads {
            let results = try cases.map(run)
            verdicts.append(verdict(workload: id, results: results, mode: options.mode))
            progress.finish(id, under: condition)
        }
        for raw in raws {
            _ = try run(raw)
        }
        if !raws.isEmpty { progress.finish("raw", under: condition) }
        return verdicts
    }

    /// Measures `c`, and its baseline alongside it.
    private func run(_ c: Case) throws -> CaseResult {
        var result = CaseResult(case: c, condition: condition, measurement: nil, baselineMedian: nil)
        if c.meter.isAvailable {
            let baselines = [c.baseline, c.oneThreadBaseline].compactMap { $0 }
            let measured = try measure([c] + baselines, mode: options.mode)
            result = CaseResult(case: c, condition: condition, measurement: measured[0],
                                baselineMedian: c.baseline.map { _ in measured[1].median },
                                baselineCPUMedian: c.baseline.flatMap { _ in measured[1].cpuMedian },
                                oneThreadBaselineMedian: c.oneThreadBaseline.map { _ in measured.last!.median })
        }
        results.append(result)
        table.row(result)
        return result
    }
    /// `--iterations`: the one case the filter selects, alone, without its
    /// baseline, so that an instruction count covers nothing else.
    static func single(options: Options) throws -> Case {
        let all = workloads.flatMap { $0.cases(options.mode) } + rawCases(options.mode)
        // A workload id selects its one case (perf/callgrind.sh W4); an
        // exact case id selects itself ("raw fan-out N=1", not N=10).
        let matches = options.filter.map { filter in all.filter(filter.selects) } ?? all
        guard matches.count == 1 else {
            throw Options.UsageError(description: """
                --iterations needs a --filter that selects exactly one case; it selects \(matches.count)\
                \(matches.map { "\n  \($0.id)" }.joined())
                """)
        }
        return matches[0]
    }
}

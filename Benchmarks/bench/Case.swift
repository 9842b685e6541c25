/// Named values a repetition observed, such as ["deliveries": 1000, "sum": 499500].
/// A case states the values it expects; any difference fails the run.
typealias Observed = [String: Int]

/// One repetition, prepared and ready: only `run` is measured.
struct Trial {
    /// The measured work.
    let run: () -> Void
    /// Reads the result afterwards, outside the measurement.
    let observe: () -> Observed
}

/// One row of the table: a workload at one set of parameters.
final class Case {
    /// "W1" … "W8", or "raw" for a baseline in plain Swift.
    let workload: String
    /// What distinguishes this case within its workload, e.g. "subject N=100".
    let label: String
    /// The numbers the case was built from, for the JSON record.
    let params: [String: Int]
    /// What one operation is: "delivery", "send", "pair", …
    let unit: String
    let meter: Meter
    /// Operations per repetition; the report divides by it.
    let units: Int
    let expected: Observed
    /// The raw case this one is compared with, if any.
    let baseline: Case?
    let targets: [Target]
    /// For a baseline run by several threads (W7's mutex loop), the same
    /// baseline run by one, measured alongside: whether the threads really
    /// contended in this run (see `Contention`).
    let oneThreadBaseline: Case?
    /// Builds fresh state for one repetition (untimed).
    let prepare: () -> Trial

    init(workload: String, label: String, params: [String: Int], unit: String,
         meter: Meter = .nanoseconds, units: Int, expected: Observed,
         baseline: Case? = nil, targets: [Target] = [], oneThreadBaseline: Case? = nil,
         prepare: @escaping () -> Trial) {
        self.workload = workload
        self.label = label
        self.params = params
        self.unit = unit
        self.meter = meter
        self.units = units
        self.expected = expected
        self.baseline = baseline
        self.targets = targets
        self.oneThreadBaseline = oneThreadBaseline
        self.prepare = prepare
    }

    /// Unique in a run; what --filter matches and the JSON records carry.
    var id: String { "\(workload) \(label)" }

    /// Unit column of the table, e.g. "ns/delivery".
    var unitSymbol: String { "\(meter.symbol)/\(unit)" }
}

/// A goal for a case's median; the verdict line checks each.
enum Target {
    /// At most this multiple of the baseline's median.
    case ratio(atMost: Double)
    /// At most this many meter units (ns, allocations) per operation.
    case absolute(atMost: Double)
    /// At least the baseline's throughput: the same as a ratio of at most 1,
    /// reported as operations per second. With a `oneThreadBaseline`, at
    /// least `Contention.contendedFactor` times it when the baseline's
    /// threads contended in this run.
    case throughputOfBaseline
    /// A growth (the ratio to the baseline: a large N against a small one)
    /// at most `limit` times the growth of the workload's case labelled
    /// `floor`, measured in the same run (W9 against the raw held floor).
    case growthWithin(Double, floor: String)
    /// At most this multiple of the median of the workload's case labelled
    /// `row`, measured in the same run (W1 at N = 100 against the raw held
    /// floor, besides its own baseline).
    case ratioToRow(atMost: Double, row: String)
    /// Process CPU time per operation at most this multiple of the
    /// baseline's, both measured in the same run and condition (contract
    /// point 19: no path burning more CPU than the plain alternative).
    case cpuRatio(atMost: Double)
}

/// A workload of perf/README.md's table, implemented against the library.
protocol Workload {
    static var id: String { get }
    /// The cases of a quiet run.
    static func cases(_ mode: Mode) -> [Case]
    /// The cases to run under `condition`. Only the rows that wait or drain
    /// (contract point 19) implement it for `onecore` and `loaded`: the
    /// others' ratios do not depend on the load, and running them there
    /// would only make a run several times longer.
    static func cases(_ mode: Mode, under condition: LoadCondition) -> [Case]
}

extension Workload {
    static func cases(_ mode: Mode, under condition: LoadCondition) -> [Case] {
        condition == .quiet ? cases(mode) : []
    }
}

/// How much work one run of the suite does: how many operations each
/// repetition performs, and how many repetitions are timed.
enum Mode: Equatable, CustomStringConvertible {
    /// The default: numbers worth recording.
    case full
    /// `--quick`: a smoke run for CI. A tenth of the operations, fewer
    /// repetitions; ratios are noisier but the checks are the same.
    case quick
    /// `--iterations N`: exactly N operations, one repetition, no warm-up, so
    /// that an instruction count (perf/callgrind.sh) divides cleanly.
    case iterations(Int)

    /// Untimed repetitions first: they fault in pages, fill allocator caches
    /// and run one-time initialisation (lazy globals, generic metadata).
    var warmups: Int {
        switch self {
        case .full: 2
        case .quick: 1
        case .iterations: 0
        }
    }

    /// Timed repetitions; the report gives their median and minimum.
    var repetitions: Int {
        switch self {
        case .full: 11
        case .quick: 7
        case .iterations: 1
        }
    }

    /// Seconds of timed repetitions after which a group of cases (a case
    /// and its baselines) stops early, once it has `minimumRepetitions`: a
    /// path that collapses under load (W13 took 86 µs per value loaded, 250
    /// times its quiet time) must not stretch a run to an hour. On a quiet
    /// machine no group comes near it.
    var timeBudget: Double {
        switch self {
        case .full: 15
        case .quick: 4
        case .iterations: .infinity
        }
    }

    /// Timed repetitions a group keeps even past `timeBudget`, enough for a median.
    var minimumRepetitions: Int {
        switch self {
        case .full: 5
        case .quick: 3
        case .iterations: 1
        }
    }

    /// Operations per repetition for a workload whose full run does `full`.
    func count(_ full: Int) -> Int {
        switch self {
        case .full: full
        case .quick: max(1, full / 10)
        case .iterations(let n): n
        }
    }

    /// How the report's header names the mode.
    var description: String {
        switch self {
        case .full: "full run"
        case .quick: "--quick"
        case .iterations(let n): "--iterations \(n)"
        }
    }
}

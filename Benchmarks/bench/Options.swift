/// The command line, parsed.
///
///     bench [--quick | --iterations N] [--filter PATTERN] [--conditions LIST] [--json PATH] [--svg PATH] [--list]
struct Options {
    var mode = Mode.full
    /// Runs only the cases it selects (`CaseFilter`). Baselines that a
    /// selected case is compared with run too, except with --iterations.
    var filter: CaseFilter?
    /// The load conditions to run, in order, each with its own table.
    var conditions: [LoadCondition] = [.quiet]
    var jsonPath: String?
    /// `--svg PATH`: also draw the scaling rows (see `ScalingChart`).
    var svgPath: String?
    var list = false

    static let usage = """
        usage: bench [--quick | --iterations N] [--filter PATTERN] [--conditions LIST] [--json PATH] [--svg PATH] [--list]
          --quick          smoke run: fewer operations and repetitions
          --iterations N   N operations, one repetition, no warm-up, no baselines;
                           --filter must select exactly one case (for perf/callgrind.sh)
          --filter P       only the cases of workload P (W1: not W10-W14) or the case whose id
                           is P; with * or ?, case ids matching the pattern ('W1*', '*deliverOn*');
                           plus their baselines
          --conditions L   comma-separated load conditions, each run with its own table
                           (default quiet): quiet (the machine as it is), onecore (every
                           thread on one CPU), loaded (4 busy processes per core); onecore
                           and loaded run only the rows that wait or drain (W7, W11 values,
                           W13, the floods)
          --json PATH      also write the results as a JSON array of records
          --svg PATH       also draw the scaling rows (W1, W9 against N; W16 against n; W7 against threads) as an SVG
          --list           print the case ids and exit
        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(of flag: String) throws -> String {
            guard let v = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return v
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--quick": mode = .quick
            case "--iterations":
                guard let n = Int(try value(of: flag)), n > 0 else {
                    throw UsageError(description: "--iterations needs a positive integer")
                }
                mode = .iterations(n)
            case "--filter": filter = CaseFilter(pattern: try value(of: flag))
            case "--conditions": conditions = try LoadCondition.parse(try value(of: flag))
            case "--json": jsonPath = try value(of: flag)
            case "--svg": svgPath = try value(of: flag)
            case "--list": list = true
            case "-h", "--help": throw UsageError(description: "")
            default: throw UsageError(description: "unknown argument \(flag)")
            }
        }
        if case .iterations = mode, conditions != [.quiet] {
            throw UsageError(description: "--iterations counts instructions, which load does not change: no --conditions")
        }
    }
}

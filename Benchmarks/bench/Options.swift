/// The command line, parsed.
///
///     bench [--quick | --iterations N] [--filter SUBSTRING] [--json PATH] [--svg PATH] [--list]
struct Options {
    var mode = Mode.full
    /// Runs only the cases whose id contains this (case-insensitive). Baselines
    /// that a selected case is compared with run too, except with --iterations.
    var filter: String?
    var jsonPath: String?
    /// `--svg PATH`: also draw the scaling rows (see `ScalingChart`).
    var svgPath: String?
    var list = false

    static let usage = """
        usage: bench [--quick | --iterations N] [--filter SUBSTRING] [--json PATH] [--svg PATH] [--list]
          --quick          smoke run: fewer operations and repetitions
          --iterations N   N operations, one repetition, no warm-up, no baselines;
                           --filter must select exactly one case (for perf/callgrind.sh)
          --filter S       only the cases whose id contains S, plus their baselines
          --json PATH      also write the results as a JSON array of records
          --svg PATH       also draw the scaling rows (W1, W9 against N; W7 against threads) as an SVG
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
            case "--filter": filter = try value(of: flag)
            case "--json": jsonPath = try value(of: flag)
            case "--svg": svgPath = try value(of: flag)
            case "--list": list = true
            case "-h", "--help": throw UsageError(description: "")
            default: throw UsageError(description: "unknown argument \(flag)")
            }
        }
    }
}

import Foundation

/// The machine a run's cases see (../shared/ENGINE.md, contract point 19):
/// the waits and drains must hold up on a loaded machine and on one core,
/// not only on an idle one, so `--conditions` runs the rows that wait or
/// drain under each, each case beside its baselines in the same condition.
enum LoadCondition: String, CaseIterable {
    /// The machine as it is.
    case quiet
    /// Every thread of the bench, Dispatch's workers included, on one CPU.
    case onecore
    /// Four busy processes per core at the bench's priority, for the whole
    /// condition: the load a busy build or a phone's background work makes.
    case loaded

    /// Busy processes per online core under `loaded`.
    static let busyPerCore = 4

    /// The share of a quiet run's operations a repetition does under this
    /// condition. The paths measured here are the ones that may collapse
    /// under load (issue 32: up to 700x their quiet time), and a run must
    /// stay within minutes; the ratios need milliseconds per repetition,
    /// which a twentieth still gives when nothing collapses.
    var workFraction: Double {
        switch self {
        case .quiet: 1
        case .onecore: 0.25
        case .loaded: 0.05
        }
    }

    /// `count` operations scaled by `workFraction`, at least 1.
    func scaled(_ count: Int) -> Int {
        max(1, Int(Double(count) * workFraction))
    }

    /// Parses `--conditions quiet,onecore,loaded` (any order; run in the order given).
    static func parse(_ list: String) throws -> [LoadCondition] {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let conditions = try names.map { name in
            guard let condition = LoadCondition(rawValue: name) else {
                throw Options.UsageError(description: "unknown condition \(name); known: "
                                         + allCases.map(\.rawValue).joined(separator: ", "))
            }
            return condition
        }
        guard !conditions.isEmpty, Set(conditions).count == conditions.count else {
            throw Options.UsageError(description: "--conditions needs distinct names, e.g. quiet,onecore,loaded")
        }
        return conditions
    }

    /// Sets the condition up, runs `body` under it, and undoes it, also when
    /// `body` throws. (A crash or a signal is `BusyLoad`'s to clean up.)
    func run<T>(_ body: (_ setting: String) throws -> T) throws -> T {
        switch self {
        case .quiet:
            return try body("the machine as it is")
        case .onecore:
            let pinning = try CPUAffinity.pinWholeProcess()
            defer { pinning.restore() }
            return try body("every thread pinned to CPU \(pinning.cpu) (\(pinning.threads) threads at start)")
        case .loaded:
            let cores = onlineCores
            let load = try BusyLoad.start(processes: Self.busyPerCore * cores)
            defer { load.stop() }
            return try body("\(load.count) busy processes `\(BusyLoad.command)` on \(cores) cores")
        }
    }
}

/// The CPUs the system has online (not the process's affinity: `loaded`
/// loads the whole machine).
var onlineCores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

import Foundation

// `swift run -c release bench [--quick | --iterations N] [--filter P] [--conditions L] [--json PATH] [--svg PATH] [--list]`
//
// Exit status: 0 when every check passed (a missed target is reported, not
// fatal: the numbers are the result), 1 when a workload observed a wrong
// result, 2 on a usage error.

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n\(Options.usage)\n".utf8))
    exit(2)
}

if options.list {
    // The ids a run with these options would measure; under a condition
    // other than quiet, prefixed with its name.
    for condition in options.conditions {
        let prefix = condition == .quiet ? "" : "\(condition.rawValue): "
        let (chosen, raws) = Suite.selection(options, under: condition)
        (chosen.flatMap(\.1) + raws).forEach { print(prefix + $0.id) }
    }
    exit(0)
}

if let counter = AllocationCounter.shared, !counter.seesSwiftAllocations() {
    FileHandle.standardError.write(Data("allocation counter loaded but blind to Swift allocations\n".utf8))
    exit(1)
}

let table = Table(mode: options.mode)
do {
    if case .iterations = options.mode {
        let c = try Suite.single(options: options)
        guard c.meter.isAvailable else { throw Options.UsageError(description: "\(c.id): \(unmeasuredReason)") }
        table.header()
        _ = try measure([c], mode: options.mode)
        // perf/callgrind.sh divides its instruction count by this.
        print("callgrind-units \(c.units) \(c.unit) \(c.id)")
        exit(0)
    }
    // Taken before measuring: the commit may move while the suite runs, and
    // the binary was built from the tree as it was before.
    let runInfo = options.jsonPath.map { _ in RunInfo.current() }
    let selections = options.conditions.map { ($0, Suite.selection(options, under: $0)) }
    if let filter = options.filter, selections.allSatisfy({ $0.1.workloads.isEmpty && $0.1.raws.isEmpty }) {
        throw Options.UsageError(description: "--filter \(filter.pattern) selects no case" +
                                 (filter.isGlob ? "" : " (it names a workload or case id exactly; '*\(filter.pattern)*' matches within ids)"))
    }
    let progress = Progress(steps: selections.flatMap { condition, selection in
        selection.workloads.map { (condition, $0.0) } + (selection.raws.isEmpty ? [] : [(condition, "raw")])
    }, mode: options.mode)
    progress.begin()
    var results: [CaseResult] = []
    for (index, (condition, selection)) in selections.enumerated() {
        if index > 0 { print() }
        guard !selection.workloads.isEmpty || !selection.raws.isEmpty else {
            // Nothing to load the machine for.
            print("condition \(condition.rawValue): no selected case runs under it " +
                  "(onecore and loaded run the rows that wait or drain: W7, W11 values, W13)")
            continue
        }
        let suite = Suite(options: options, table: table, condition: condition)
        try condition.run { setting in
            table.header(condition: condition, setting: setting)
            table.verdicts(try suite.run(progress: progress), condition: condition)
        }
        results += suite.results
    }
    if let path = options.jsonPath, let runInfo {
        try writeJSON(results, runInfo, to: path)
        print("\nwrote \(path)")
    }
    if let path = options.svgPath {
        // One curve per row: the first condition's.
        let first = options.conditions[0]
        try Data(ScalingChart.svg(results.filter { $0.condition == first }).utf8).write(to: URL(fileURLWithPath: path))
        print("\nwrote \(path)")
    }
} catch let failure as CheckFailure {
    FileHandle.standardError.write(Data("\(failure)\n".utf8))
    exit(1)
} catch let usage as Options.UsageError {
    FileHandle.standardError.write(Data("\(usage)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

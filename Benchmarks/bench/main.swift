import Foundation

// `swift run -c release bench [--quick | --iterations N] [--filter S] [--json PATH] [--svg PATH] [--list]`
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
    for workload in workloads {
        workload.cases(options.mode).forEach { print($0.id) }
    }
    rawCases(options.mode).forEach { print($0.id) }
    exit(0)
}

if let counter = AllocationCounter.shared, !counter.seesSwiftAllocations() {
    FileHandle.standardError.write(Data("allocation counter loaded but blind to Swift allocations\n".utf8))
    exit(1)
}

let table = Table()
do {
    if case .iterations = options.mode {
        let c = try Suite.single(options: options)
        guard c.meter.isAvailable else { throw Options.UsageError(description: "\(c.id): \(unmeasuredReason)") }
        table.header(options.mode)
        _ = try measure([c], mode: options.mode)
        // perf/callgrind.sh divides its instruction count by this.
        print("callgrind-units \(c.units) \(c.unit) \(c.id)")
        exit(0)
    }
    // Taken before measuring: the commit may move while the suite runs, and
    // the binary was built from the tree as it was before.
    let runInfo = options.jsonPath.map { _ in RunInfo.current() }
    table.header(options.mode)
    let suite = Suite(options: options, table: table)
    table.verdicts(try suite.run())
    if let path = options.jsonPath, let runInfo {
        try writeJSON(suite.results, runInfo, to: path)
        print("\nwrote \(path)")
    }
    if let path = options.svgPath {
        try Data(ScalingChart.svg(suite.results).utf8).write(to: URL(fileURLWithPath: path))
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

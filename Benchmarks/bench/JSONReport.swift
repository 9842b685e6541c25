import Foundation

/// One measured case as a JSON record (`--json PATH` writes an array of
/// them; perf/compare reads two such files).
struct Record: Encodable {
    let workload: String
    /// The load condition: quiet, onecore or loaded.
    let condition: String
    /// The case id, unique in a condition of a run: perf/compare matches
    /// records by condition and case.
    let `case`: String
    let params: [String: Int]
    /// E.g. "ns/delivery".
    let unit: String
    let median: Double?
    let min: Double?
    let samples: [Double]
    let baselineCase: String?
    let baselineMedian: Double?
    let ratio: Double?
    /// CPU ns per operation, all threads (nil for an allocation count).
    let cpuMedian: Double?
    let cpuSamples: [Double]
    let baselineCpuMedian: Double?
    let cpuRatio: Double?
    let gitCommit: String
    let date: String
    let toolchain: String

    init(_ result: CaseResult, _ info: RunInfo) {
        let c = result.case
        workload = c.workload
        condition = result.condition.rawValue
        self.case = c.id
        params = c.params
        unit = c.unitSymbol
        median = result.measurement?.median
        min = result.measurement?.min
        samples = result.measurement?.samples ?? []
        baselineCase = c.baseline?.id
        baselineMedian = result.baselineMedian
        ratio = result.ratio
        cpuMedian = result.measurement?.cpuMedian
        cpuSamples = result.measurement?.cpuSamples ?? []
        baselineCpuMedian = result.baselineCPUMedian
        cpuRatio = result.cpuRatio
        gitCommit = info.gitCommit
        date = info.date
        toolchain = info.toolchain
    }
}

/// Writes the records of `results` to `path`.
func writeJSON(_ results: [CaseResult], _ info: RunInfo, to path: String) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(results.map { Record($0, info) })
    try data.write(to: URL(fileURLWithPath: path))
}

import Foundation

/// `--svg PATH`: the scaling rows of a run drawn as an SVG, with no
/// dependency: per-delivery cost against the number of subscribers (W1, W9)
/// with the raw rows under it; beside it, W16's cost per unit against its
/// size n, one curve per structure, log scale on both axes (a flat line is
/// a constant cost per unit); under them, delivery throughput against the
/// number of sending threads (W7) with the mutex loop. Rows the run did not
/// measure (a `--filter`) are left out.
enum ScalingChart {
    /// One line of a panel: a name, a colour, and (x, y) points.
    struct Series {
        let name: String
        let colour: String
        let points: [(x: Double, y: Double)]
        /// A second line in the same colour, dashed (W16: CPU time beside wall time).
        var dashed: [(x: Double, y: Double)] = []
    }

    /// The medians of a run by case id: the rows themselves, and the
    /// baselines measured beside them (W7's mutex loop has no row of its own
    /// unless the raw rows ran).
    static func medians(_ results: [CaseResult]) -> [String: Double] {
        var medians: [String: Double] = [:]
        for result in results {
            if let median = result.measurement?.median { medians[result.case.id] = median }
            if let baseline = result.case.baseline, let median = result.baselineMedian, medians[baseline.id] == nil {
                medians[baseline.id] = median
            }
            if let oneThread = result.case.oneThreadBaseline, let median = result.oneThreadBaselineMedian,
               medians[oneThread.id] == nil {
                medians[oneThread.id] = median
            }
        }
        return medians
    }

    static func svg(_ results: [CaseResult]) -> String {
        let m = medians(results)
        func series(_ name: String, _ colour: String, _ ids: [(Double, String)], _ y: (Double) -> Double = { $0 }) -> Series {
            Series(name: name, colour: colour, points: ids.compactMap { x, id in m[id].map { (x, y($0)) } })
        }
        let subscribers = [
            series("RACSubject (W1, W9)", "#c0392b", [(1, "W1 subject N=1"), (10, "W1 subject N=10"),
                                                      (100, "W1 subject N=100"), (1_000, "W9 subject N=1000"),
                                                      (10_000, "W9 subject N=10000")]),
            series("raw array of closures", "#7f8c8d", [(1, "raw fan-out N=1"), (10, "raw fan-out N=10"),
                                                        (100, "raw fan-out N=100")]),
            series("raw held floor (unretained calls)", "#2c3e50", [(100, "raw held fan-out N=100"),
                                                                    (10_000, "raw held fan-out N=10000")]),
        ]
        let perSecond = { (ns: Double) in 1e3 / ns }
        let threads = [
            series("RACSubject N=4 (W7)", "#c0392b",
                   W7Contended.senderCounts.map { (Double($0), "W7 subject N=4 \($0) threads") }, perSecond),
            series("raw pthread mutex loop", "#7f8c8d", [(1, "raw mutex fan-out N=4 1 thread")]
                   + W7Contended.senderCounts.map { (Double($0), "raw mutex fan-out N=4 \($0) threads") }, perSecond),
        ]
        let growth = growthSeries(results)
        // The panels with something measured, two to a row.
        let panels = [
            Panel(title: "ns per delivery against subscribers (log scale)", xLabel: "subscribers N",
                  yLabel: "ns per delivery", logX: true, series: subscribers),
            Panel(title: "W16: ns per unit against size n (log-log)", xLabel: "size n", yLabel: "ns per unit",
                  logX: true, logY: true, series: growth,
                  note: "solid: wall time; dashed: CPU time. Flat: constant cost per unit"),
            Panel(title: "deliveries per second against sending threads", xLabel: "sending threads",
                  yLabel: "M deliveries/s", logX: false, series: threads),
        ].filter { panel in panel.series.contains { !$0.points.isEmpty } }
        let rowHeight = 300 + 52 + 15 * (panels.map { $0.series.count + ($0.note == nil ? 0 : 1) }.max() ?? 0)
        let width = 480 * min(max(panels.count, 1), 2), height = rowHeight * max((panels.count + 1) / 2, 1)
        var body = panels.isEmpty ? "<text x=\"60\" y=\"40\">no scaling row was measured in this run</text>\n" : ""
        for (index, panel) in panels.enumerated() {
            body += draw(panel, x: 480 * (index % 2), y: rowHeight * (index / 2))
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            \(body)</svg>

            """
    }

    /// One chart: its labels, its scales, its lines, and a line of text
    /// under the legend.
    struct Panel {
        let title: String
        let xLabel: String
        let yLabel: String
        let logX: Bool
        var logY = false
        let series: [Series]
        var note: String? = nil
    }

    /// W16's rows, one series per structure: a row's label without its
    /// " n=<n>" is the structure, `params["n"]` the size. The rows at the
    /// smallest size are the others' baselines, measured beside them.
    static func growthSeries(_ results: [CaseResult]) -> [Series] {
        var order: [String] = []
        var wall: [String: [Double: Double]] = [:], cpu: [String: [Double: Double]] = [:]
        func add(_ c: Case, _ median: Double?, _ cpuMedian: Double?) {
            guard c.workload == W16Growth.id, let n = c.params["n"] else { return }
            let structure = c.label.hasSuffix(" n=\(n)") ? String(c.label.dropLast(" n=\(n)".count)) : c.label
            if !order.contains(structure) { order.append(structure) }
            // A baseline shared by several rows: its first measurement.
            if let median { wall[structure, default: [:]][Double(n)] = wall[structure]?[Double(n)] ?? median }
            if let cpuMedian { cpu[structure, default: [:]][Double(n)] = cpu[structure]?[Double(n)] ?? cpuMedian }
        }
        for result in results {
            if let baseline = result.case.baseline { add(baseline, result.baselineMedian, result.baselineCPUMedian) }
            add(result.case, result.measurement?.median, result.measurement?.cpuMedian)
        }
        let colours = ["#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#2c3e50", "#7f8c8d"]
        func points(_ byN: [Double: Double]?) -> [(x: Double, y: Double)] {
            (byN ?? [:]).sorted { $0.key < $1.key }.map { (x: $0.key, y: $0.value) }
        }
        return order.enumerated().map { index, structure in
            Series(name: structure, colour: colours[index % colours.count], points: points(wall[structure]),
                   dashed: points(cpu[structure]))
        }
    }

    /// `panel` drawn 480 wide at offset (`x`, `y`).
    private static func draw(_ panel: Panel, x: Int, y: Int) -> String {
        let (title, xLabel, yLabel, logX, logY, series) =
            (panel.title, panel.xLabel, panel.yLabel, panel.logX, panel.logY, panel.series)
        let left = Double(x) + 60, right = Double(x) + 460, top = Double(y) + 40, bottom = Double(y) + 300
        let all = series.flatMap { $0.points + $0.dashed }.filter { !logY || $0.y > 0 }
        guard !all.isEmpty else { return "" }
        let xs = all.map { logX ? log10($0.x) : $0.x }
        let (xMin, xMax) = (xs.min()!, max(xs.max()!, xs.min()! + 1))
        let yMax = niceCeiling(all.map(\.y).max()!)
        // Log scale: from the 1, 2 or 5 times a power of ten at or below
        // the smallest value.
        let yMin = logY ? min(niceFloor(all.map(\.y).min()!), yMax / 10) : 0
        func px(_ value: Double) -> Double {
            left + ((logX ? log10(value) : value) - xMin) / (xMax - xMin) * (right - left)
        }
        func py(_ value: Double) -> Double {
            logY ? bottom - (log10(value) - log10(yMin)) / (log10(yMax) - log10(yMin)) * (bottom - top)
                : bottom - value / yMax * (bottom - top)
        }
        var out = "<text x=\"\(left)\" y=\"\(top - 16)\" font-weight=\"bold\">\(title)</text>\n"
        out += "<line x1=\"\(left)\" y1=\"\(bottom)\" x2=\"\(right)\" y2=\"\(bottom)\" stroke=\"black\"/>\n"
        out += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(bottom)\" stroke=\"black\"/>\n"
        let yTicks = logY ? logTicks(from: yMin, to: yMax) : (0...4).map { yMax * Double($0) / 4 }
        for value in yTicks {
            out += "<line x1=\"\(left)\" y1=\"\(py(value))\" x2=\"\(right)\" y2=\"\(py(value))\" stroke=\"#eee\"/>\n"
            out += "<text x=\"\(left - 6)\" y=\"\(py(value) + 4)\" text-anchor=\"end\">\(format(value))</text>\n"
        }
        for tick in Set(all.map(\.x)).sorted() {
            out += "<text x=\"\(px(tick))\" y=\"\(bottom + 16)\" text-anchor=\"middle\">\(format(tick))</text>\n"
        }
        out += "<text x=\"\((left + right) / 2)\" y=\"\(bottom + 34)\" text-anchor=\"middle\">\(xLabel)</text>\n"
        out += "<text x=\"\(left - 44)\" y=\"\((top + bottom) / 2)\" text-anchor=\"middle\" " +
            "transform=\"rotate(-90 \(left - 44) \((top + bottom) / 2))\">\(yLabel)</text>\n"
        for (index, s) in series.enumerated() where !s.points.isEmpty {
            let path = s.points.map { "\(px($0.x)),\(py($0.y))" }.joined(separator: " ")
            out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(s.colour)\" stroke-width=\"2\"/>\n"
            for point in s.points {
                out += "<circle cx=\"\(px(point.x))\" cy=\"\(py(point.y))\" r=\"3\" fill=\"\(s.colour)\">" +
                    "<title>\(s.name), \(xLabel) \(format(point.x)): \(format(point.y))</title></circle>\n"
            }
            let dashed = s.dashed.filter { !logY || $0.y > 0 }
            if !dashed.isEmpty {
                let path = dashed.map { "\(px($0.x)),\(py($0.y))" }.joined(separator: " ")
                out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(s.colour)\" stroke-width=\"1.5\" " +
                    "stroke-dasharray=\"5 4\"><title>\(s.name), CPU time</title></polyline>\n"
            }
            let legendY = bottom + 52 + Double(index) * 15
            out += "<rect x=\"\(left)\" y=\"\(legendY - 9)\" width=\"12\" height=\"4\" fill=\"\(s.colour)\"/>\n"
            out += "<text x=\"\(left + 18)\" y=\"\(legendY - 4)\">\(s.name)</text>\n"
        }
        if let note = panel.note {
            out += "<text x=\"\(left)\" y=\"\(bottom + 48 + Double(series.count) * 15)\" fill=\"#555\">\(note)</text>\n"
        }
        return out
    }

    /// The 1, 2 and 5 times powers of ten from `low` to `high`; only the
    /// powers of ten when that would be more than eight lines.
    private static func logTicks(from low: Double, to high: Double) -> [Double] {
        var ticks: [Double] = []
        var power = pow(10, floor(log10(low)))
        while power <= high {
            ticks += [1.0, 2, 5].map { $0 * power }.filter { $0 >= low * 0.999 && $0 <= high * 1.001 }
            power *= 10
        }
        return ticks.count > 8 ? ticks.filter { log10($0) == log10($0).rounded() } : ticks
    }

    /// The largest 1, 2 or 5 times a power of ten at or below `value`.
    private static func niceFloor(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, floor(log10(value)))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= value }!
    }

    /// The smallest 1, 2 or 5 times a power of ten at or above `value`.
    private static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        let power = pow(10, floor(log10(value)))
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value }!
    }

    private static func format(_ value: Double) -> String {
        value >= 100 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
}

import Foundation

/// `--svg PATH`: the scaling rows of a run drawn as an SVG, with no
/// dependency: per-delivery cost against the number of subscribers (W1, W9)
/// with the raw rows under it, and delivery throughput against the number
/// of sending threads (W7) with the mutex loop. Rows the run did not
/// measure (a `--filter`) are left out.
enum ScalingChart {
    /// One line of a panel: a name, a colour, and (x, y) points.
    struct Series {
        let name: String
        let colour: String
        let points: [(x: Double, y: Double)]
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
        let width = 960, height = 400
        var body = ""
        body += panel(x: 0, title: "ns per delivery against subscribers (log scale)", xLabel: "subscribers N",
                      yLabel: "ns per delivery", logX: true, series: subscribers)
        body += panel(x: width / 2, title: "deliveries per second against sending threads", xLabel: "sending threads",
                      yLabel: "M deliveries/s", logX: false, series: threads)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            \(body)</svg>

            """
    }

    /// One chart, 480 wide, at horizontal offset `x`.
    private static func panel(x: Int, title: String, xLabel: String, yLabel: String, logX: Bool,
                              series: [Series]) -> String {
        let left = Double(x) + 60, right = Double(x) + 460, top = 40.0, bottom = 300.0
        let all = series.flatMap(\.points)
        guard !all.isEmpty else {
            return "<text x=\"\(x + 60)\" y=\"40\">\(title): not measured in this run</text>\n"
        }
        let xs = all.map { logX ? log10($0.x) : $0.x }
        let (xMin, xMax) = (xs.min()!, max(xs.max()!, xs.min()! + 1))
        let yMax = niceCeiling(all.map(\.y).max()!)
        func px(_ value: Double) -> Double {
            left + ((logX ? log10(value) : value) - xMin) / (xMax - xMin) * (right - left)
        }
        func py(_ value: Double) -> Double { bottom - value / yMax * (bottom - top) }
        var out = "<text x=\"\(left)\" y=\"24\" font-weight=\"bold\">\(title)</text>\n"
        out += "<line x1=\"\(left)\" y1=\"\(bottom)\" x2=\"\(right)\" y2=\"\(bottom)\" stroke=\"black\"/>\n"
        out += "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(bottom)\" stroke=\"black\"/>\n"
        for step in 0...4 {
            let value = yMax * Double(step) / 4
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
                    "<title>\(s.name): \(format(point.y))</title></circle>\n"
            }
            let legendY = bottom + 52 + Double(index) * 15
            out += "<rect x=\"\(left)\" y=\"\(legendY - 9)\" width=\"12\" height=\"4\" fill=\"\(s.colour)\"/>\n"
            out += "<text x=\"\(left + 18)\" y=\"\(legendY - 4)\">\(s.name)</text>\n"
        }
        return out
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

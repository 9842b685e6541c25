import RACSwift

/// W16: costs that must stay flat as a size the user controls grows
/// (contract point 20), per unit at larger sizes against the same row at
/// the smallest, measured in the same run. Target: at most 1.5x at the
/// largest size.
///
/// Each structure is a `GrowthRow` (the rows are in the `W16Growth+…`
/// files, one per family: disposables, signals, subjects, sequences,
/// testing tools); the case at the smallest size is the baseline of the
/// others. A row's label is "<structure> n=<n>" and its `params["n"]` the
/// size: `bench --svg` draws one curve per structure from both.
enum W16Growth: Workload {
    static let id = "W16"
    static let smallest = 500

    static func cases(_ mode: Mode) -> [Case] {
        let sizes = [2_000, 20_000].map { mode.count($0) }
        let largest = sizes.last!
        return rows.flatMap { row in
            let baseline = row.makeCase(smallest, largest: largest, baseline: nil, targets: [])
            return sizes.map { n in
                row.makeCase(n, largest: largest, baseline: baseline,
                             targets: n == largest ? [.ratio(atMost: 1.5)] : [])
            }
        }
    }

    /// Every structure, in the order of the table.
    static var rows: [GrowthRow] {
        disposableRows + signalRows + subjectRows + sequenceRows + testingRows
    }
}

/// One structure of W16: how to measure it at size n.
struct GrowthRow {
    /// What the label says before " n=<n>", e.g. "flattenMap inners running".
    let structure: String
    /// What one unit is: "inner", "remove", "value", …
    let unit: String
    /// Units per repetition at size n; n unless the row says otherwise.
    var units: (Int) -> Int = { $0 }
    /// What a repetition must observe at size n.
    let expected: (Int) -> Observed
    /// Whether a repetition at a smaller size runs the row on as many
    /// structures of that size, one after another, as make the largest
    /// size's units: false where the copies would see each other.
    var repeats = true
    /// Builds the state of one repetition at size n (untimed).
    let prepare: (Int) -> Trial

    /// The case at size n. A repetition does about the same work at every
    /// size (at n = 500, 40 structures of 500 where n = 20 000 has one), so
    /// that it lasts as long: on a loaded machine a longer repetition is
    /// more often preempted, and its wall time per unit grows with no
    /// growth in its cost.
    func makeCase(_ n: Int, largest: Int, baseline: Case?, targets: [Target]) -> Case {
        let copies = repeats ? max(1, largest / n) : 1
        return Case(workload: W16Growth.id, label: "\(structure) n=\(n)", params: ["n": n], unit: unit,
                    units: copies * units(n), expected: expected(n), baseline: baseline, targets: targets) {
            let trials = (0..<copies).map { _ in prepare(n) }
            return Trial(run: {
                for trial in trials { trial.run() }
            }, observe: {
                let observed = trials.map { $0.observe() }
                return observed.allSatisfy { $0 == observed[0] } ? observed[0] : ["copies differ": 1]
            })
        }
    }
}

extension GrowthRow {
    /// The row at size n, once, under another workload's id and label: W8
    /// counts the allocations of W16's `flattenMap` row, and W12 times it
    /// under an id that does not name n, for perf/callgrind.sh (whose two
    /// runs differ in n).
    func single(_ n: Int, workload: String, label: String, meter: Meter = .nanoseconds,
                baseline: Case?, targets: [Target]) -> Case {
        Case(workload: workload, label: label, params: ["n": n], unit: unit, meter: meter, units: units(n),
             expected: expected(n), baseline: baseline, targets: targets) { prepare(n) }
    }
}

extension W16Growth {
    /// The indices 0..<n in a scattered order (a stride coprime with n, near
    /// n/3), neither first-in nor last-in first.
    static func scattered(_ n: Int) -> [Int] {
        var stride = max(1, n / 3)
        while gcd(stride, n) != 1 { stride += 1 }
        return (0..<n).map { $0 * stride % n }
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

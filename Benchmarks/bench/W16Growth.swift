import RACSwift

/// W16: costs that must stay flat as a size the user controls grows
/// (contract point 20), per unit at larger sizes against the same row at
/// the smallest, measured in the same run. Target: at most 1.5x at the
/// largest size.
///
/// - `flattenMap n inners running`: n inner signals subscribed at once
///   (each a subject, running until the test completes it), then each
///   sends a value and completes, leaving the group: n adds to and removes
///   from one compound disposable while it holds up to n children. Was
///   quadratic (a removal scanned and retained every child): 11x per inner
///   from 500 to 20 000 at 14e10dc.
/// - `compound remove n children`: n children added, then removed in a
///   scattered order: the removal alone.
enum W16Growth: Workload {
    static let id = "W16"
    static let smallest = 500

    static func cases(_ mode: Mode) -> [Case] {
        let sizes = [2_000, 20_000].map { mode.count($0) }
        let flattenBase = flattenMapRunning(smallest, mode, baseline: nil, targets: [])
        let removeBase = compoundRemove(smallest, mode, baseline: nil, targets: [])
        return sizes.map { n in
            flattenMapRunning(n, mode, baseline: flattenBase, targets: n == sizes.last ? [.ratio(atMost: 1.5)] : [])
        } + sizes.map { n in
            compoundRemove(n, mode, baseline: removeBase, targets: n == sizes.last ? [.ratio(atMost: 1.5)] : [])
        }
    }

    /// `flattenMap` with n inners running, per inner; W8 counts its
    /// allocations and W12 times it under an id that does not name n, for
    /// perf/callgrind.sh (whose two runs differ in n).
    static func flattenMapRunning(_ n: Int, _ mode: Mode, workload: String = id, label: String? = nil,
                                  meter: Meter = .nanoseconds, baseline: Case?, targets: [Target]) -> Case {
        Case(workload: workload, label: label ?? "flattenMap inners running n=\(n)", params: ["n": n],
             unit: "inner", meter: meter, units: n, expected: Tally.expected(subscribers: 1, values: 0..<n),
             baseline: baseline, targets: targets) {
            let outer = RACSubject<Int>()
            let inners = (0..<n).map { _ in RACSubject<Int>() }
            let flattened = outer.flattenMap { inners[$0] }
            let tallies = Tally.make(1)
            return Trial(run: {
                flattened.subscribeTallies(tallies)
                for index in 0..<n { outer.sendNext(index) }
                outer.sendCompleted()
                for (index, inner) in inners.enumerated() {
                    inner.sendNext(index)
                    inner.sendCompleted()
                }
            }, observe: { tallies.observed })
        }
    }

    private static func compoundRemove(_ n: Int, _ mode: Mode, baseline: Case?, targets: [Target]) -> Case {
        Case(workload: id, label: "compound remove children n=\(n)", params: ["n": n], unit: "remove",
             units: n, expected: ["children left": 0], baseline: baseline, targets: targets) {
            let compound = RACCompoundDisposable()
            let children = (0..<n).map { _ in RACDisposable() }
            children.forEach(compound.add)
            // A scattered order (a stride coprime with n), neither first-in
            // nor last-in first.
            let stride = stride(coprimeWith: n)
            let order = (0..<n).map { $0 * stride % n }
            return Trial(run: {
                for index in order { compound.remove(children[index]) }
            }, observe: {
                var left = 0
                compound.dispose()
                for child in children where child.isDisposed { left += 1 }
                return ["children left": left]
            })
        }
    }

    /// A stride near n/3 that visits every index mod n once.
    private static func stride(coprimeWith n: Int) -> Int {
        var candidate = max(1, n / 3)
        while gcd(candidate, n) != 1 { candidate += 1 }
        return candidate
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

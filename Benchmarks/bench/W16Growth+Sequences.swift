import RACSwift

extension W16Growth {
    /// `RACSequence`s of length n, each walked to its end (`array`, a fold):
    /// - `RACSequence.concat sequences`: the static `concat` of n sequences
    ///   of one value. Was quadratic: each value crossed a `concat` per
    ///   sequence before it.
    /// - `RACSequence.zip sequences`: the static `zip` of n sequences of 4
    ///   values: 4 arrays of n. Per value of each sequence.
    /// - `lazy flattenMap`: n values, each into a sequence of 2.
    /// - `eager operators`: an eager sequence of n through `map`, `filter`,
    ///   `take`, `scanWithStart`, `flattenMap`, `concat`, `skipUntilBlock`,
    ///   `takeUntilBlock`, `combinePreviousWithStart`, `startWith`: each
    ///   computes all its values at once. Was quadratic: each value's tail
    ///   was computed, eagerly, again.
    /// - `eager foldRight`: `foldRightWithStart` on an eager sequence of n,
    ///   which folds all of it from the last value back. Was recursive (a
    ///   stack frame chain per value).
    /// - `foldLeft`: `foldLeftWithStart` of a lazy `map` of n values.
    static var sequenceRows: [GrowthRow] {
        [
            GrowthRow(structure: "RACSequence.concat sequences", unit: "value",
                      expected: { sumOf(0..<$0) }) { n in
                let sequences = (0..<n).map { RACSequence.return($0) }
                return summing { RACSequence.concat(sequences).array }
            },
            GrowthRow(structure: "RACSequence.zip sequences", unit: "value", units: { 4 * $0 },
                      expected: { n in sumOf(0..<n, times: 4) }) { n in
                let sequences = (0..<n).map { index in Array(repeating: index, count: 4).rac_sequence }
                return summing { RACSequence.zip(sequences).array.flatMap { $0 } }
            },
            GrowthRow(structure: "lazy flattenMap", unit: "value",
                      expected: { sumOf(0..<$0, times: 2) }) { n in
                let values = Array(0..<n).rac_sequence
                return summing { values.flattenMap { [$0, $0].rac_sequence }.array }
            },
            GrowthRow(structure: "eager operators", unit: "value",
                      expected: { n in ["values": n + 1, "sum": n * (n - 1) / 2 - 1] }) { n in
                let values = Array(0..<n).rac_sequence.eagerSequence
                return summing {
                    values.map { $0 + 1 }
                        .filter { _ in true }
                        .take(n)
                        .scanWithStart(0) { _, value in value }
                        .flattenMap { RACSequence.return($0 - 1) }
                        .concat(.empty())
                        .skipUntilBlock { _ in true }
                        .takeUntilBlock { _ in false }
                        .combinePreviousWithStart(0) { _, value in value }
                        .startWith(-1)
                        .array
                }
            },
            GrowthRow(structure: "eager foldRight", unit: "value",
                      expected: { n in ["values": 1, "sum": n * (n - 1) / 2] }) { n in
                let values = Array(0..<n).rac_sequence.eagerSequence
                return summing { [values.foldRightWithStart(0) { value, rest in value + rest.head! }] }
            },
            GrowthRow(structure: "foldLeft", unit: "value",
                      expected: { n in ["values": 1, "sum": n * (n - 1) / 2] }) { n in
                let values = Array(0..<n).rac_sequence.map { $0 }
                return summing { [values.foldLeftWithStart(0, reduce: +)] }
            },
        ]
    }

    /// A trial that runs `make` and observes how many values it made and
    /// their sum.
    private static func summing(_ make: @escaping () -> [Int]) -> Trial {
        var result: [Int] = []
        return Trial(run: { result = make() }, observe: { ["values": result.count, "sum": result.reduce(0, +)] })
    }

    /// What `summing` observes of `times` copies of each value of `values`.
    private static func sumOf(_ values: Range<Int>, times: Int = 1) -> Observed {
        ["values": values.count * times, "sum": times * (values.lowerBound + values.upperBound - 1) * values.count / 2]
    }
}

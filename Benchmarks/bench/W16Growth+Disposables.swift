import RACSwift

extension W16Growth {
    /// - `compound remove children`: n children added to one compound, then
    ///   removed in a scattered order: the removal alone. Was quadratic (a
    ///   removal scanned and retained every child): 40x per remove from 500
    ///   to 20 000 before `RACChildList`.
    /// - `serial disposable swaps`: one serial disposable swapped n times,
    ///   read after each swap: nothing it keeps grows with the swaps.
    static var disposableRows: [GrowthRow] {
        [
            GrowthRow(structure: "compound remove children", unit: "remove",
                      expected: { _ in ["children left": 0] }) { n in
                let compound = RACCompoundDisposable()
                let children = (0..<n).map { _ in RACDisposable() }
                children.forEach(compound.add)
                let order = scattered(n)
                return Trial(run: {
                    for index in order { compound.remove(children[index]) }
                }, observe: {
                    compound.dispose()
                    return ["children left": children.filter(\.isDisposed).count]
                })
            },
            GrowthRow(structure: "serial disposable swaps", unit: "swap",
                      expected: { _ in ["held is last": 1] }) { n in
                let serial = RACSerialDisposable()
                let disposables = (0..<n).map { _ in RACDisposable() }
                return Trial(run: {
                    for disposable in disposables {
                        _ = serial.swapIn(disposable)
                        _ = serial.disposable
                    }
                }, observe: { ["held is last": serial.disposable === disposables.last ? 1 : 0] })
            },
        ]
    }
}

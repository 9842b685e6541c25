import RACSwift

extension RACSignal where Value == Int {
    /// Subscribes one block per tally, in order: the library counterpart of
    /// `[Tally].blocks`, and the same closure in each.
    func subscribeTallies(_ tallies: [Tally]) {
        for tally in tallies {
            subscribeNext { tally.add($0) }
        }
    }
}

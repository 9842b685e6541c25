import RACSwift

extension W16Growth {
    /// Subjects (W9 covers one delivery to many subscribers):
    /// - `subject subscribers`: n subscribers subscribe to one subject, then
    ///   are disposed in a scattered order.
    /// - `subject churn`: n subscribe-and-dispose pairs beside one steady
    ///   subscriber, then n sends to it: the slots the pairs leave behind
    ///   must not slow the sends.
    /// - `replay held values`: an unlimited replay subject sends n values,
    ///   then a late subscriber replays them.
    /// - `replay late subscribers`: n subscribers join a replay subject of
    ///   one value, one after another, each replaying it.
    static var subjectRows: [GrowthRow] {
        [
            GrowthRow(structure: "subject subscribers", unit: "subscriber",
                      expected: { _ in ["deliveries after": 0] }) { n in
                let subject = RACSubject<Int>()
                let tally = Tally()
                let order = scattered(n)
                return Trial(run: {
                    let subscriptions = (0..<n).map { _ in subject.subscribeNext { tally.add($0) } }
                    for index in order { subscriptions[index].dispose() }
                }, observe: {
                    subject.sendNext(1)
                    return ["deliveries after": tally.count]
                })
            },
            GrowthRow(structure: "subject churn", unit: "pair and send",
                      expected: { Tally.expected(subscribers: 1, values: 0..<$0) }) { n in
                let subject = RACSubject<Int>()
                let tallies = Tally.make(1)
                return Trial(run: {
                    subject.subscribeTallies(tallies)
                    for _ in 0..<n { subject.subscribeNext { _ in }.dispose() }
                    for index in 0..<n { subject.sendNext(index) }
                }, observe: { tallies.observed })
            },
            GrowthRow(structure: "replay held values", unit: "value",
                      expected: { Tally.expected(subscribers: 1, values: 0..<$0) }) { n in
                let subject = RACReplaySubject<Int>()
                let tallies = Tally.make(1)
                return Trial(run: {
                    for index in 0..<n { subject.sendNext(index) }
                    subject.subscribeTallies(tallies)
                }, observe: { tallies.observed })
            },
            GrowthRow(structure: "replay late subscribers", unit: "subscriber",
                      expected: { ["deliveries": $0, "sum": $0, "orders differ": 0] }) { n in
                let subject = RACReplaySubject<Int>(capacity: 1)
                subject.sendNext(1)
                let tallies = Tally.make(n)
                return Trial(run: { subject.subscribeTallies(tallies) }, observe: { tallies.observed })
            },
        ]
    }
}

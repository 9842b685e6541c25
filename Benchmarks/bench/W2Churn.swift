import RACSwift

/// W2: a subject with 100 steady subscribers; subscribe one more and dispose
/// it, M times. The cost of the copy-on-write subscriber list under churn.
enum W2Churn: Workload {
    static let id = "W2"

    static func cases(_ mode: Mode) -> [Case] {
        let pairs = mode.count(RawChurn.fullPairs)
        let steadyCount = RawChurn.steadySubscribers
        return [Case(
            workload: id, label: "subscribe+dispose N=\(steadyCount)", params: ["N": steadyCount, "M": pairs],
            unit: "pair", units: pairs, expected: RawChurn.expected,
            baseline: RawChurn.case(mode), targets: [.ratio(atMost: 4)]
        ) {
            let subject = RACSubject<Int>()
            let steady = Tally.make(steadyCount)
            let churned = Tally()
            subject.subscribeTallies(steady)
            return Trial(
                run: {
                    for _ in 0..<pairs {
                        subject.subscribeNext { churned.add($0) }.dispose()
                    }
                },
                observe: {
                    // A probe after the churn: it must reach the steady
                    // subscribers only.
                    subject.sendNext(1)
                    return ["steady deliveries": steady.observed["deliveries"]!,
                            "churned deliveries": churned.count]
                })
        }]
    }
}

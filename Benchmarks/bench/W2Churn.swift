import RACSwift

/// W2: a subject with 100 steady subscribers; subscribe one more and dispose
/// it, M times. The cost of the copy-on-write subscriber list under churn.
enum W2Churn: Workload {
    static let id = "W2"

    static func cases(_ mode: Mode) -> [Case] {
        let pairs = mode.count(RawChurn.fullPairs)
        return [churn(workload: id, label: "subscribe+dispose N=\(RawChurn.steadySubscribers)", pairs: pairs,
                      baseline: RawChurn.case(mode), targets: [.ratio(atMost: 4)])]
    }

    /// `pairs` subscribe+dispose pairs beside the steady subscribers, timed
    /// (or, with the allocation meter, counted) per pair. W8 uses it too.
    static func churn(workload: String, label: String, pairs: Int, meter: Meter = .nanoseconds,
                      baseline: Case?, targets: [Target]) -> Case {
        let steadyCount = RawChurn.steadySubscribers
        return Case(
            workload: workload, label: label, params: ["N": steadyCount, "M": pairs],
            unit: "pair", meter: meter, units: pairs, expected: RawChurn.expected,
            baseline: baseline, targets: targets
        ) {
            let subject = RACSubject<Int>()
            let steady = Tally.make(steadyCount)
            let churned = Tally()
            subject.subscribeTallies(steady)
            // Settling pairs first: the churn appends past the steady
            // subscribers until half the list is empty and compacts it, so
            // the list's storage doubles once in the first hundred pairs,
            // which is not a cost per pair.
            for _ in 0..<2 * steadyCount { subject.subscribeNext { churned.add($0) }.dispose() }
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
        }
    }
}

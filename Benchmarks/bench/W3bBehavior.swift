import RACSwift

/// W3b: a `RACBehaviorSubject` with one subscriber, sent M Ints (compared
/// with the raw single-closure send), and late subscriptions to it, each
/// replaying its value (compared with the raw subscription lifecycle).
enum W3bBehavior: Workload {
    static let id = "W3b"

    static func cases(_ mode: Mode) -> [Case] {
        let sends = mode.count(RawFanOut.fullDeliveries)
        let values = 0..<sends
        return [
            Case(
                workload: id, label: "behavior send", params: ["M": sends], unit: "send", units: sends,
                // The subscriber first hears the default value, 0.
                expected: Tally.expected(subscribers: 1, values: values).merging(["deliveries": sends + 1]) { $1 },
                baseline: RawFanOut.case(subscribers: 1, mode: mode), targets: [.ratio(atMost: 1.5)]
            ) {
                let subject = RACBehaviorSubject(defaultValue: 0)
                let tallies = Tally.make(1)
                subject.subscribeTallies(tallies)
                return Trial(
                    run: { for value in values { subject.sendNext(value) } },
                    observe: { tallies.observed })
            },
            W3Replay.lateSubscription(to: { RACBehaviorSubject(defaultValue: 0) },
                                      label: "behavior late subscription", workload: id, mode),
        ]
    }
}

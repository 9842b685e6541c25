import RACSwift

/// W6: `publish()` + `connect()` of a cold source of M values with 10
/// subscribers: per-delivery cost through a multicast connection.
enum W6Publish: Workload {
    static let id = "W6"
    static let subscribers = 10

    static func cases(_ mode: Mode) -> [Case] {
        let m = mode.count(RawFanOut.fullDeliveries / subscribers)
        let values = 0..<m
        return [Case(
            workload: id, label: "publish+connect N=\(subscribers)", params: ["N": subscribers, "M": m],
            unit: "delivery", units: m * subscribers,
            expected: Tally.expected(subscribers: subscribers, values: values),
            baseline: RawFanOut.case(subscribers: subscribers, mode: mode), targets: [.ratio(atMost: 1.0)]
        ) {
            let source = RACSignal<Int>.createSignal { subscriber in
                for value in values { subscriber.sendNext(value) }
                subscriber.sendCompleted()
                return nil
            }
            let connection = source.publish()
            let tallies = Tally.make(subscribers)
            connection.signal.subscribeTallies(tallies)
            // The source runs inside connect(), on this thread.
            return Trial(run: { connection.connect() }, observe: { tallies.observed })
        }]
    }
}

import RACSwift

/// W3: `RACReplaySubject` with capacity 1, 16 and unlimited and one
/// subscriber, sent M Ints; then late subscribers to an unlimited subject,
/// each replaying its whole buffer of 100 000 values.
enum W3Replay: Workload {
    static let id = "W3"

    static func cases(_ mode: Mode) -> [Case] {
        let capacities = [("1", 1), ("16", 16), ("unlimited", RACReplaySubject<Int>.unlimitedCapacity)]
        // A replay subject's send: a buffer write plus one delivery.
        return capacities.map { name, capacity in
            sends(into: { RACReplaySubject<Int>(capacity: capacity) }, label: "replay capacity \(name) send",
                  workload: id, params: ["capacity": capacity], mode)
        }
            + [lateReplay(mode), lateSubscription(to: { RACReplaySubject<Int>(capacity: 1) },
                                                  label: "late subscription capacity 1", workload: id, mode)]
    }

    /// Late subscriptions, one after another, to a subject that holds one
    /// value: subscribe (which replays it at once, on this thread) and
    /// dispose. Shared with W3b's behavior subject.
    static func lateSubscription(to make: @escaping () -> RACSubject<Int>, label: String, workload: String,
                                 _ mode: Mode) -> Case {
        let m = mode.count(200_000)
        return Case(
            workload: workload, label: label, params: ["M": m], unit: "subscription",
            units: m, expected: ["deliveries": m, "sum": 7 * m, "orders differ": 0],
            baseline: RawLifecycle.case(mode), targets: [.ratio(atMost: 6)]
        ) {
            let subject = make()
            subject.sendNext(7)
            let tally = Tally()
            return Trial(
                run: { for _ in 0..<m { subject.subscribeNext { tally.add($0) }.dispose() } },
                observe: { [tally].observed })
        }
    }

    /// M sends into `make()`'s subject with one subscriber, compared with the
    /// raw single-closure send. W3b uses it too; `initialDeliveries` is what
    /// the subscriber hears on subscribing (a behavior subject's value).
    static func sends(into make: @escaping () -> RACSubject<Int>, label: String, workload: String,
                      params: [String: Int] = [:], initialDeliveries: Int = 0, _ mode: Mode) -> Case {
        let sends = mode.count(RawFanOut.fullDeliveries)
        let values = 0..<sends
        return Case(
            workload: workload, label: label, params: params.merging(["M": sends]) { $1 },
            unit: "send", units: sends,
            expected: Tally.expected(subscribers: 1, values: values)
                .merging(["deliveries": sends + initialDeliveries]) { $1 },
            baseline: RawFanOut.case(subscribers: 1, mode: mode), targets: [.ratio(atMost: 1.5)]
        ) {
            let subject = make()
            let tallies = Tally.make(1)
            subject.subscribeTallies(tallies)
            return Trial(
                run: { for value in values { subject.sendNext(value) } },
                observe: { tallies.observed })
        }
    }

    /// Late subscribers replaying a full unlimited buffer, one after another.
    /// Target: 3.6x the raw ring read (the 10 ns per value it was, over that
    /// row's 2.75 ns on a quiet machine).
    private static func lateReplay(_ mode: Mode) -> Case {
        let (buffered, subscribers) = RawRing.replayShape(mode)
        return Case(
            workload: id, label: "replay unlimited late subscriber",
            params: ["buffered": buffered, "subscribers": subscribers], unit: "value",
            units: buffered * subscribers,
            expected: Tally.expected(subscribers: subscribers, values: 0..<buffered),
            baseline: RawRing.replayCase(mode), targets: [.ratio(atMost: 3.6)]
        ) {
            let subject = RACReplaySubject<Int>()
            for value in 0..<buffered { subject.sendNext(value) }
            let tallies = Tally.make(subscribers)
            return Trial(
                run: {
                    for tally in tallies {
                        subject.subscribeNext { tally.add($0) }.dispose()
                    }
                },
                observe: { tallies.observed })
        }
    }
}

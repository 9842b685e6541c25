import RACSwift

/// W4: `createSignal` sending one value and completing, subscribed M times:
/// the cost of a whole subscription lifecycle, from `subscribeNext` to the
/// release of everything it built. Target: 7x the raw subscribe object
/// (the 250 ns it was, over that row's 34 ns on a quiet machine).
enum W4CreateSignal: Workload {
    static let id = "W4"

    /// The signal W4 subscribes to.
    static let createdSignal = RACSignal<Int>.createSignal { subscriber in
        subscriber.sendNext(1)
        subscriber.sendCompleted()
        return nil
    }

    static func cases(_ mode: Mode) -> [Case] {
        [lifecycles(of: createdSignal, workload: id, label: "createSignal next+completed",
                    count: mode.count(500_000), baseline: RawLifecycle.case(mode),
                    targets: [.ratio(atMost: 7)])]
    }

    /// `signal`, which sends one value and completes, subscribed `count`
    /// times with `subscribeNext(_:completed:)`, timed (or, with the
    /// allocation meter, counted) per lifecycle. W4b and W8 use it too.
    static func lifecycles(of signal: RACSignal<Int>, workload: String, label: String, count m: Int,
                           meter: Meter = .nanoseconds, baseline: Case?, targets: [Target]) -> Case {
        Case(
            workload: workload, label: label, params: ["M": m], unit: "lifecycle", meter: meter,
            units: m, expected: RawLifecycle.expected(m), baseline: baseline, targets: targets
        ) {
            let nexts = Tally(), completions = Tally()
            return Trial(
                run: {
                    for _ in 0..<m {
                        signal.subscribeNext({ nexts.add($0) }, completed: { completions.add(1) })
                    }
                },
                observe: { ["nexts": nexts.count, "completions": completions.count] })
        }
    }
}

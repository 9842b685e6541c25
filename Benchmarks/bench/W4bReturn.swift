import RACSwift

/// W4b: `RACSignal.return(1)` subscribed M times with
/// `subscribeNext(_:completed:)`: the lifecycle of the simplest cold signal,
/// against the raw subscription object.
enum W4bReturn: Workload {
    static let id = "W4b"

    static func cases(_ mode: Mode) -> [Case] {
        let m = mode.count(500_000)
        return [Case(
            workload: id, label: "return(1) lifecycle", params: ["M": m], unit: "lifecycle",
            units: m, expected: RawLifecycle.expected(m),
            baseline: RawLifecycle.case(mode), targets: [.ratio(atMost: 2.5)]
        ) {
            let signal = RACSignal.return(1)
            let nexts = Tally(), completions = Tally()
            return Trial(
                run: {
                    for _ in 0..<m {
                        signal.subscribeNext({ nexts.add($0) }, completed: { completions.add(1) })
                    }
                },
                observe: { ["nexts": nexts.count, "completions": completions.count] })
        }]
    }
}

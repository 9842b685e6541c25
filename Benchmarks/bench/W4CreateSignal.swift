import RACSwift

/// W4: `createSignal` sending one value and completing, subscribed M times:
/// the cost of a whole subscription lifecycle, from `subscribeNext` to the
/// release of everything it built.
enum W4CreateSignal: Workload {
    static let id = "W4"

    static func cases(_ mode: Mode) -> [Case] {
        let m = mode.count(500_000)
        return [Case(
            workload: id, label: "createSignal next+completed", params: ["M": m], unit: "lifecycle",
            units: m, expected: RawLifecycle.expected(m),
            baseline: RawLifecycle.case(mode), targets: [.absolute(atMost: 250)]
        ) {
            let signal = RACSignal<Int>.createSignal { subscriber in
                subscriber.sendNext(1)
                subscriber.sendCompleted()
                return nil
            }
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

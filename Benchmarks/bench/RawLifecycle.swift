/// Raw baseline for W4: a subscription lifecycle without a library. A small
/// object holds the subscriber's blocks; a "subscribe" closure sends it one
/// value and completion; then it is dropped.
enum RawLifecycle {
    final class Subscription {
        let next: (Int) -> Void
        let completed: () -> Void

        init(next: @escaping (Int) -> Void, completed: @escaping () -> Void) {
            self.next = next
            self.completed = completed
        }
    }

    @inline(never)
    static func run(times: Int, subscribe: (Subscription) -> Void, nexts: Tally, completions: Tally) {
        for _ in 0..<times {
            subscribe(Subscription(next: { nexts.add($0) }, completed: { completions.add(1) }))
        }
    }

    /// What W4 and this case observe after `m` lifecycles.
    static func expected(_ m: Int) -> Observed {
        ["nexts": m, "completions": m]
    }

    static func `case`(_ mode: Mode) -> Case {
        let m = mode.count(500_000)
        return Case(
            workload: "raw", label: "subscribe object", params: ["M": m], unit: "lifecycle",
            units: m, expected: expected(m)
        ) {
            let nexts = Tally(), completions = Tally()
            let subscribe: (Subscription) -> Void = { subscription in
                subscription.next(1)
                subscription.completed()
            }
            return Trial(
                run: { run(times: m, subscribe: subscribe, nexts: nexts, completions: completions) },
                observe: { ["nexts": nexts.count, "completions": completions.count] })
        }
    }
}

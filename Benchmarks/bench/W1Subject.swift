import RACSwift

/// W1: a hot `RACSubject` with N = 1, 10, 100 subscribers, sent M Ints. The
/// per-delivery cost against a raw array of closures.
enum W1Subject: Workload {
    static let id = "W1"

    /// The label of the held floor's row (see `RawHeldFanOut.case`).
    static let floorLabel = "raw held fan-out N=100"

    static func cases(_ mode: Mode) -> [Case] {
        [1, 10, 100].map { n in
            // Targets: per send at N = 1; per delivery at N = 100, against
            // the raw array of closures and against the held floor (the
            // same blocks, each held by an object, called unretained).
            let targets: [Target] = n == 1 ? [.ratio(atMost: 1.5)]
                : n == 100 ? [.ratio(atMost: 1.0), .ratioToRow(atMost: 1.2, row: floorLabel)] : []
            return subjectCase(subscribers: n, mode, baseline: RawFanOut.case(subscribers: n, mode: mode),
                               targets: targets)
        } + [RawHeldFanOut.case(subscribers: 100, mode: mode, workload: id)]
    }

    /// A subject with `n` subscribers, sent as many values as make
    /// `RawFanOut.fullDeliveries` deliveries; timed per send at N = 1, per
    /// delivery otherwise. W9 uses it too, at larger N.
    static func subjectCase(subscribers n: Int, _ mode: Mode, workload: String = id,
                            baseline: Case? = nil, targets: [Target] = []) -> Case {
        let sends = mode.count(RawFanOut.fullDeliveries / n)
        let values = 0..<sends
        return Case(
            workload: workload, label: "subject N=\(n)", params: ["N": n, "M": sends],
            unit: n == 1 ? "send" : "delivery", units: sends * n,
            expected: Tally.expected(subscribers: n, values: values),
            baseline: baseline, targets: targets
        ) {
            let subject = RACSubject<Int>()
            let tallies = Tally.make(n)
            subject.subscribeTallies(tallies)
            return Trial(
                run: { for value in values { subject.sendNext(value) } },
                observe: { tallies.observed })
        }
    }
}

/// W9: W1's subject at N = 1 000 and 10 000 subscribers, per delivery,
/// against W1's own N = 100 row measured in the same run: whether a
/// delivery costs the same however many subscribers there are (target: at
/// most 15 % more at 10 000). The last row is the same growth for
/// `RawHeldFanOut`, a loop that does nothing but call the subscribers'
/// blocks: what the subscribers' own memory costs at 10 000.
enum W9FanOut: Workload {
    static let id = "W9"

    static func cases(_ mode: Mode) -> [Case] {
        [1_000, 10_000].map { n in
            W1Subject.subjectCase(subscribers: n, mode, workload: id,
                                  baseline: W1Subject.subjectCase(subscribers: 100, mode),
                                  targets: n == 10_000 ? [.ratio(atMost: 1.15)] : [])
        } + [
            RawHeldFanOut.case(subscribers: 10_000, mode: mode, workload: id,
                               baseline: RawHeldFanOut.case(subscribers: 100, mode: mode)),
        ]
    }
}

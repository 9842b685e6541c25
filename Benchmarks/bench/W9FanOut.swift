/// W9: W1's subject at N = 1 000 and 10 000 subscribers, per delivery,
/// against W1's own N = 100 row measured in the same run: how much a
/// delivery's cost grows with the number of subscribers. The last row is
/// the same growth for `RawHeldFanOut`, a loop that does nothing but call
/// the subscribers' blocks: what the subscribers' own memory costs at
/// 10 000, the floor. Target: the subject's growth to 10 000 at most 1.1
/// times the floor's, both measured in this run.
enum W9FanOut: Workload {
    static let id = "W9"
    /// The label of the floor's row (see `RawHeldFanOut.case`).
    static let floorLabel = "raw held fan-out N=10000"

    static func cases(_ mode: Mode) -> [Case] {
        [1_000, 10_000].map { n in
            W1Subject.subjectCase(subscribers: n, mode, workload: id,
                                  baseline: W1Subject.subjectCase(subscribers: 100, mode),
                                  targets: n == 10_000 ? [.growthWithin(1.1, floor: floorLabel)] : [])
        } + [
            RawHeldFanOut.case(subscribers: 10_000, mode: mode, workload: id,
                               baseline: RawHeldFanOut.case(subscribers: 100, mode: mode)),
        ]
    }
}

/// The workloads of perf/README.md's table, in its order. (Computed: a
/// global array of metatypes is not `Sendable`.)
var workloads: [any Workload.Type] {
    [
    W1Subject.self,
    W2Churn.self,
    W3Replay.self,
    W3bBehavior.self,
    W4CreateSignal.self,
    W4bReturn.self,
    W5Chain.self,
    W6Publish.self,
    W7Contended.self,
    W8Allocations.self,
    W9FanOut.self,
    W10Property.self,
    W11Async.self,
    W12FlattenMap.self,
    W13DeliverOn.self,
    W14Catch.self,
    W15Hot.self,
    W16Growth.self,
    ]
}

/// Every raw baseline. They need no library, so they are always built and
/// always selectable (`--filter raw`, perf/callgrind.sh), used by a workload
/// of this build or not.
func rawCases(_ mode: Mode) -> [Case] {
    [1, 10, 100].map { RawFanOut.case(subscribers: $0, mode: mode) }
        + [100, 10_000].map { RawHeldFanOut.case(subscribers: $0, mode: mode) } + [
        RawChurn.case(mode),
        RawRing.replayCase(mode),
        RawLifecycle.case(mode),
        RawChain.case(mode),
        RawLockedFanOut.case(mode),
        RawLockedCell.case(subscribers: 1, mode: mode),
        RawLockedCell.case(subscribers: 10, mode: mode),
        RawAsync.streamCase(mode),
        RawAsync.taskCase(mode),
    ] + W15Hot.rawCases(mode) + RawDelivery.cases(mode)
}

import RACSwift

/// W14: `error(e).catch { _ in return(1) }` subscribed M times with
/// `subscribeNext(_:completed:)`: the lifecycle of a signal that fails and
/// is recovered by `catch` (RAC 2.5's `-catch:`: the failing signal, then
/// the one the block returns, each subscribed through a sink of the
/// chain's), against the raw subscription object, one per lifecycle. The
/// same chain serves `then`, `concat:`, `catchTo`, and, rescheduled,
/// `retry` and `repeat`. Both sources end inline, so neither is subscribed
/// (`RACChainSignal`). Target: 7x (issue 33; 16.6–18x before).
enum W14Catch: Workload {
    static let id = "W14"

    private struct Failure: Error {}

    /// The signal W14 subscribes to; W8 counts its allocations.
    static let recovered = RACSignal<Int>.error(Failure()).catch { _ in .return(1) }

    static func cases(_ mode: Mode) -> [Case] {
        [W4CreateSignal.lifecycles(of: recovered, workload: id, label: "catch error then return(1) lifecycle",
                                          count: mode.count(50_000), baseline: RawLifecycle.case(mode),
                                          targets: [.ratio(atMost: 7)])]
    }
}

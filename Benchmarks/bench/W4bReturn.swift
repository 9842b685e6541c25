import RACSwift

/// W4b: `RACSignal.return(1)` subscribed M times with
/// `subscribeNext(_:completed:)`: the lifecycle of the simplest cold signal,
/// against the raw subscription object. Target: 1.5x (issue 33; 2.0x
/// before).
enum W4bReturn: Workload {
    static let id = "W4b"

    static func cases(_ mode: Mode) -> [Case] {
        [W4CreateSignal.lifecycles(of: RACSignal.return(1), workload: id, label: "return(1) lifecycle",
                                   count: mode.count(500_000), baseline: RawLifecycle.case(mode),
                                   targets: [.ratio(atMost: 1.5)])]
    }
}

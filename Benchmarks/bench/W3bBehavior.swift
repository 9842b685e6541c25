import RACSwift

/// W3b: a `RACBehaviorSubject` with one subscriber, sent M Ints (compared
/// with the raw single-closure send), and late subscriptions to it, each
/// replaying its value (compared with the raw subscription lifecycle).
enum W3bBehavior: Workload {
    static let id = "W3b"

    static func cases(_ mode: Mode) -> [Case] {
        [
            // The subscriber first hears the default value, 0.
            W3Replay.sends(into: { RACBehaviorSubject(defaultValue: 0) }, label: "behavior send", workload: id,
                           initialDeliveries: 1, mode),
            W3Replay.lateSubscription(to: { RACBehaviorSubject(defaultValue: 0) },
                                      label: "behavior late subscription", workload: id, mode),
        ]
    }
}

import Foundation

/// How long a wait for something that must happen lasts before the test
/// calls it a hang: RACSwiftTestSupport's `HangGuard.seconds`, which this
/// target (RACSwift alone, as a Swift 6 user's) does not import. Far beyond
/// what any wait here takes on a loaded machine: never a bound on time.
let hangGuardSeconds: TimeInterval = 300

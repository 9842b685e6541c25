import Foundation
import RACSwiftTestSupport

// `swift run -c release soak [--seconds N] [--flood | --forwarding | --slow-subscriber | --long-delivery]`
//
// The mixed load (default): every point of docs/Concurrency.md at once for N
// seconds (default 60), every stream checked. Exit status: 0 when nothing
// was violated, 1 on any violation (the first ones are printed), 2 on a
// usage error. With --flood, the floods of points 8 and 9 instead, failing
// past their bounds. With --forwarding, --slow-subscriber or
// --long-delivery, the measurements of those bounds for forwarding
// subjects and slow owners (issue 21), failing only if a value is lost or
// reordered (or, for a slow owner, if calls never end).

let options: SoakOptions
do {
    options = try SoakOptions(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n\(SoakOptions.usage)\n".utf8))
    exit(2)
}

// The checks count with the Synchronization module's atomics.
guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) else {
    FileHandle.standardError.write(Data("soak needs macOS 15 or later (the Synchronization module)\n".utf8))
    exit(2)
}

switch options.mode {
case .mixedLoad: break
case .flood: exit(Flood.run(seconds: options.seconds) ? 0 : 1)
case .forwarding: exit(Forwarding.run() ? 0 : 1)
case .slowSubscriber: exit(SlowOwner.slowSubscriber(seconds: options.seconds) ? 0 : 1)
case .longDelivery: exit(SlowOwner.longDelivery(seconds: options.seconds) ? 0 : 1)
}

let load = MixedLoad()
let residentBefore = residentMegabytes()
let start = monotonicNanoseconds()
report("soak: \(MixedLoad.senders) senders, churn, replay and behavior joins, autoconnect churn and reentrant subscribes for \(options.seconds) s")
load.run(seconds: options.seconds)
let elapsed = Double(monotonicNanoseconds() - start) / 1e9
let checked = load.eventsChecked
report(String(format: "events checked %ld in %.1f s (%.2f M/s)", checked, elapsed, Double(checked) / elapsed / 1e6))
report("  values sent \(load.sent.map { $0.value.load(ordering: .relaxed) }.reduce(0, +)); churn cycles \(load.churnCycles.load(ordering: .relaxed)); joins \(load.joins.load(ordering: .relaxed)); autoconnect rounds \(load.autoconnectRounds.load(ordering: .relaxed)); reentrant subscriptions \(load.reentrantSubscriptions.load(ordering: .relaxed))")
report(String(format: "  longest sendNext %.2f ms, subscribe %.2f ms, dispose %.2f ms",
             Double(load.longestSend.load(ordering: .relaxed)) / 1e6,
             Double(load.longestSubscribe.load(ordering: .relaxed)) / 1e6,
             Double(load.longestDispose.load(ordering: .relaxed)) / 1e6))
report(String(format: "  resident set %.1f MB at start, %.1f MB at end", residentBefore, residentMegabytes()))
if load.violations.count > 0 {
    report("VIOLATIONS: \(load.violations.count)")
    for message in load.violations.described { report("  \(message)") }
    exit(1)
}
report("no violations")

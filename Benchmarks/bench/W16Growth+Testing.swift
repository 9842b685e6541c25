import Foundation
import RACSwift

extension W16Growth {
    /// The testing tools:
    /// - `RACTestScheduler blocks`: n blocks scheduled at scattered dates
    ///   (two at each), then run by one `advance(to:)`. Was quadratic: the
    ///   queue was a sorted array, each block inserted in place.
    /// - `site-mode subscriptions`: with site mode on, n subscriptions made
    ///   beside the ones before them, all live (each records its site in
    ///   the registry).
    /// - `RACLiveSubscriptions report`: the report of n live subscriptions
    ///   on n signals of their own names: n groups.
    static var testingRows: [GrowthRow] {
        [
            GrowthRow(structure: "RACTestScheduler blocks", unit: "block",
                      expected: { n in ["blocks run": n, "sum": n * (n - 1) / 2] }) { n in
                let scheduler = RACTestScheduler()
                let tally = Tally()
                let order = scattered(n)
                return Trial(run: {
                    for index in order {
                        _ = scheduler.after(Date(timeIntervalSinceReferenceDate: Double(index / 2))) { tally.add(index) }
                    }
                    scheduler.advance(to: Date(timeIntervalSinceReferenceDate: Double(n)))
                }, observe: { ["blocks run": tally.count, "sum": tally.sum] })
            },
            GrowthRow(structure: "site-mode subscriptions", unit: "subscription",
                      expected: { n in ["listed": n] }) { n in
                // A name of its own: the copies of a repetition are live together.
                let subject = RACSubject<Int>()
                subject.setName("W16 site-mode subscriptions \(Unmanaged.passUnretained(subject).toOpaque())")
                var subscriptions: [RACDisposable] = []
                subscriptions.reserveCapacity(n)
                RACLiveSubscriptions.recordsSites = true
                return Trial(run: {
                    for _ in 0..<n { subscriptions.append(subject.subscribeNext { _ in }) }
                }, observe: {
                    RACLiveSubscriptions.recordsSites = false
                    let listed = RACLiveSubscriptions.bySite().first { $0.signalName == subject.name }?.count ?? 0
                    subscriptions.forEach { $0.dispose() }
                    _ = RACLiveSubscriptions.bySite() // compacts, as in the report row
                    return ["listed": listed]
                })
            },
            // One structure a repetition: a report lists every live
            // subscription, another copy's too.
            GrowthRow(structure: "RACLiveSubscriptions report", unit: "group",
                      expected: { n in ["lines": n] }, repeats: false) { n in
                RACLiveSubscriptions.recordsSites = true
                let subjects = (0..<n).map { RACSubject<Int>().setName("W16 report \($0)") }
                let subscriptions = subjects.map { $0.subscribeNext { _ in } }
                RACLiveSubscriptions.recordsSites = false
                var report = ""
                return Trial(run: { report = RACLiveSubscriptions.report() }, observe: {
                    // The subjects live until here: a freed subject ends
                    // its subscriptions.
                    withExtendedLifetime(subjects) { subscriptions.forEach { $0.dispose() } }
                    // A listing compacts the registry first: this one, untimed,
                    // takes the ended records out now, not in the next
                    // case's timed report.
                    _ = RACLiveSubscriptions.bySite()
                    return ["lines": report.split(separator: "\n").filter { $0.contains("W16 report") }.count]
                })
            },
        ]
    }
}

/// The live subscriptions of one cold signal with side effects (a
/// `createSignal`'s), wherever they were made: one line of
/// `RACLiveSubscriptions.report()`, which says, as `graph()` does, how many
/// times the signal was subscribed and how many of those subscriptions are
/// live, and which `subscribe…` calls made them.
internal struct RACColdSignalGroup: CustomStringConvertible {
    /// The signal's own part of its name, as a graph taken by one of the
    /// calls read it; empty if it has none, nil if no call's graph reached
    /// it (an inner signal of `flattenMap`, subscribed by the operator).
    internal let label: String?
    /// The signal's counts now, site mode or not.
    internal let subscriptions: RACSignalGraph.ColdSubscriptions
    /// The sites of the calls whose live subscriptions subscribed it
    /// (`File.swift:31`, or nil where unknown), each once, in the order of
    /// their first subscription, with how many it has.
    internal let sites: [(site: String?, count: Int)]

    /// `createSignal "request", subscribed 2 times, 2 live (each
    /// subscription runs its side effects), for the subscriptions made at
    /// Model.swift:31, Model.swift:32`.
    internal var description: String {
        var line = "createSignal" + (label.map { $0.isEmpty ? "" : " \"\($0)\"" } ?? "") + ", \(subscriptions)"
        let listed = sites.reduce(0) { $0 + $1.count }
        line += ", for the subscription\(listed == 1 ? "" : "s") made at "
        line += sites.map { ($0.site ?? "an unknown site") + ($0.count == 1 ? "" : " (\($0.count))") }
            .joined(separator: ", ")
        return line
    }

    /// Groups the subscriptions of `records` that subscribed a cold signal
    /// by that signal, most live first (then the oldest first): one pass
    /// over the records, then a sort of the groups.
    internal static func groups(of records: [RACSubscriptionRecord]) -> [RACColdSignalGroup] {
        // The labels, from the graphs the calls took of their signals.
        var labels: [ObjectIdentifier: String] = [:]
        for record in records {
            guard let graph = record.graph else { continue }
            for (index, tally) in graph.tallies { labels[ObjectIdentifier(tally)] = graph.node(at: index).label }
        }
        struct Entry {
            let tally: RACColdTally
            let first: Int
            var sites: [(site: String?, count: Int)] = []
            var siteIndices: [String?: Int] = [:]
        }
        var entries: [ObjectIdentifier: Entry] = [:]
        for record in records {
            guard let tally = record.cold else { continue }
            let call = record.root ?? record
            let site = call.file.utf8CodeUnitCount == 0 ? nil : "\(call.file):\(call.line)"
            let key = ObjectIdentifier(tally)
            var entry = entries[key] ?? Entry(tally: tally, first: record.sequence)
            if let known = entry.siteIndices[site] {
                entry.sites[known].count += 1
            } else {
                entry.siteIndices[site] = entry.sites.count
                entry.sites.append((site, 1))
            }
            entries[key] = entry
        }
        return entries.map { key, entry in
            (group: RACColdSignalGroup(label: labels[key], subscriptions: .init(of: entry.tally), sites: entry.sites),
             first: entry.first)
        }.sorted {
            ($0.group.subscriptions.live, -$0.first) > ($1.group.subscriptions.live, -$1.first)
        }.map(\.group)
    }
}

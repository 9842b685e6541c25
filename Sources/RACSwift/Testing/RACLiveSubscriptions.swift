import CShims

/// How many subscriptions are alive, at any time, and, in site mode, where
/// they were made: for finding the subscription that leaks.
///
/// A subscription is alive from the moment it is made until it is disposed,
/// its signal sends its error or completion, or its subscriber is freed
/// without either. Each subscriber of each signal counts, so
/// `search.map { … }.subscribeNext { … }` makes two: the block's
/// subscription to the map, and the map's own to `search`.
///
/// The count is always kept, in every build, at the cost of a load and a
/// store to the current thread's own tally when a subscription begins and
/// when it ends (no atomic read-modify-write, and no cost on the send
/// path); reading it sums the tallies.
public enum RACLiveSubscriptions {
    /// The subscriptions alive now, on every thread. Exact once the threads
    /// that subscribe and dispose have synchronized with the reader (joined,
    /// signalled it, or delivered on its thread).
    public static var count: Int {
        racs_live_subscription_count()
    }

    /// The blocks scheduled now and not yet run or cancelled, on every
    /// thread: on queue schedulers (`RACQueueScheduler`, the main thread
    /// scheduler, `RACScheduler.scheduler()`'s) and test schedulers, and a
    /// repeating timer until it is disposed. A block scheduled on a queue
    /// and cancelled counts until its turn on the queue (or its date) comes
    /// and it is skipped. The immediate scheduler runs blocks at once, and
    /// they never count; nor do `deliverOn`'s drains, which are on the send
    /// path. Exact, as `count`, once the threads involved have synchronized
    /// with the reader.
    ///
    /// Kept in every build, at the cost of one relaxed atomic add when a
    /// block is scheduled and one when it runs.
    public static var scheduledBlocks: Int {
        racs_scheduled_block_count()
    }

    /// Site mode: whether each new subscription records where it was made —
    /// the file and line of the public `subscribe…` call that made it (or
    /// for which an operator made it) — and the name of the signal that
    /// call subscribed to, for `bySite()`. Off by default; on from the start
    /// when the environment has `RACSWIFT_SUBSCRIPTION_SITES=1`. Set from
    /// any thread; subscriptions made before it was turned on are not
    /// listed. Off, it costs one load of a flag per subscription.
    ///
    /// Sites are default arguments (`#fileID`, `#line`) of the `subscribeNext`,
    /// `subscribeError` and `subscribeCompleted` families; `subscribe(_:)`
    /// (which a subclass may override) records the signal but not the site.
    /// The operators that subscribe later (`flattenMap`, `flatten`, `concat`,
    /// `switchToLatest`, `bind`, `catch`, `catchTo`, `then`, `retry`,
    /// `repeat`) record those subscriptions at their own site, on their
    /// signal, if site mode was on when they were applied.
    public static var recordsSites: Bool {
        get { switchState.word().load(.relaxed) != 0 }
        set {
            // One switch flip per change of value, so that the flag counts
            // it once however many threads set it.
            let desired = newValue ? 1 : 0
            if switchState.word().exchange(desired, .relaxed) != desired { racs_site_recording_add(newValue ? 1 : -1) }
        }
    }

    /// Whether site recording is on now, by the switch, the environment or
    /// a running `RACLeakCheck`.
    internal static var recordsSitesNow: Bool { racs_sites_recording() }

    /// The live subscriptions that recorded their site, grouped by site and
    /// signal, most first. A subscription an operator made for a
    /// `subscribe…` call (its own subscription to its source) is counted in
    /// that call's group as `operatorCount`.
    public static func bySite() -> [RACSubscriptionSiteGroup] {
        RACSubscriptionSiteGroup.groups(of: RACSubscriptionRegistry.live())
    }

    /// `bySite()` as text, one group per line, e.g.
    /// `42 live subscriptions made at SearchViewModel.swift:31 on [[search] -throttle: 0.3] -flattenMap:`;
    /// then the same live subscriptions grouped by the `createSignal`
    /// signal they subscribed, one line per signal, most live first, which
    /// says as `graph()` does how many times it was subscribed (its block
    /// ran) and how many of those subscriptions are live, e.g.
    /// `createSignal "request", subscribed 2 times, 2 live (each subscription runs its side effects), for the subscriptions made at Model.swift:31, Model.swift:32`:
    /// RAC 2.5's double request, made by two subscriptions of one chain,
    /// shows as one line with its count rather than hidden in each call's
    /// operators; then, if `count` is larger than what the site groups
    /// hold, a line that says how many live subscriptions it cannot list
    /// (made while site mode was off).
    ///
    /// Its cost: a walk of the live records (see `bySite()`), a pass that
    /// groups them, and a sort of each list of groups.
    public static func report() -> String {
        let records = RACSubscriptionRegistry.live()
        let groups = RACSubscriptionSiteGroup.groups(of: records)
        var lines = groups.map(\.description)
        lines += RACColdSignalGroup.groups(of: records).map(\.description)
        let listed = groups.reduce(0) { $0 + $1.count + $1.operatorCount }
        let unlisted = count - listed
        if unlisted > 0 {
            lines.append("\(unlisted) live subscription\(unlisted == 1 ? "" : "s") not listed: made while site mode "
                + "was off (set recordsSites, or RACSWIFT_SUBSCRIPTION_SITES=1, before they are made)")
        }
        return lines.joined(separator: "\n")
    }

    /// Word 0: whether the switch is on, from the environment until set.
    /// (Not from `racs_sites_recording()`, which running leak checks count
    /// in too.)
    private static let switchState = RACAtomicCell(count: 1, initialValue: racs_site_environment())
}

/// Live subscriptions made by one `subscribe…` call site on one signal, as
/// `RACLiveSubscriptions.bySite()` lists them.
public struct RACSubscriptionSiteGroup: CustomStringConvertible, Sendable {
    /// `File.swift:31`, or nil if the subscriptions were made where no site
    /// is known (`subscribe(_:)`, or an inner subscription of an operator
    /// applied while site mode was off).
    public let site: String?
    /// The name of the signal subscribed to (see `RACSignal.name`), as it
    /// read when the subscriptions were made; nil if unknown.
    public let signalName: String?
    /// The subscriptions the call made.
    public let count: Int
    /// The subscriptions operators made for them (each operator's to its
    /// source), alive too.
    public let operatorCount: Int

    /// `2 live subscriptions made at Model.swift:31 on [search] -map:
    /// (and 2 of their operators' own)`.
    public var description: String {
        var line = "\(count) live subscription\(count == 1 ? "" : "s") made at \(site ?? "an unknown site")"
        line += " on \(signalName ?? "an unknown signal")"
        if operatorCount > 0 { line += " (and \(operatorCount) of \(count == 1 ? "its" : "their") operators' own)" }
        return line
    }

    /// Groups `records` by site and signal name.
    internal static func groups(of records: [RACSubscriptionRecord]) -> [RACSubscriptionSiteGroup] {
        struct Key: Hashable { let site: String?; let name: String? }
        var counts: [Key: (calls: Int, operators: Int, first: Int)] = [:]
        for record in records {
            let call = record.root ?? record
            let site = call.file.utf8CodeUnitCount == 0 ? nil : "\(call.file):\(call.line)"
            let key = Key(site: site, name: call.signalName)
            var entry = counts[key] ?? (0, 0, call.sequence)
            if record.root == nil { entry.calls += 1 } else { entry.operators += 1 }
            counts[key] = entry
        }
        return counts.sorted {
            ($0.value.calls + $0.value.operators, -$0.value.first) > ($1.value.calls + $1.value.operators, -$1.value.first)
        }.map {
            RACSubscriptionSiteGroup(site: $0.key.site, signalName: $0.key.name,
                                     count: $0.value.calls, operatorCount: $0.value.operators)
        }
    }
}

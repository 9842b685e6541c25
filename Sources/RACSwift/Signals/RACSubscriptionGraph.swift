/// Site mode: the graph of the signal a `subscribe…` call subscribed to, as
/// it was then, kept with the call's record for `RACDisposable.graph()`.
///
/// An operator's signal is usually gone once it is subscribed (its sinks
/// keep its blocks, not it), so the graph cannot be read from the signals
/// later: its nodes are taken when the call subscribes. Subjects are held
/// weakly, so that their subscriber counts read as they are when the graph
/// is asked for, and the record keeps no subject alive. The tallies of the
/// `createSignal` signals are held strongly, for the same reading: a tally
/// is two counts and keeps nothing else alive.
internal final class RACSubscriptionGraph: @unchecked Sendable {
    /// The nodes as the call found them, less their type names, subscriber
    /// counts and cold subscriptions.
    private let nodes: [RACSignalGraph.Node]
    /// Each node's class.
    private let types: [Any.Type]
    /// Each subject's node index and the subject, weakly.
    private let subjects: [(index: Int, subject: RACWeakGraphNode)]
    /// Each cold signal's node index and its tally.
    internal let tallies: [(index: Int, tally: RACColdTally)]

    internal init(of signal: any RACGraphNode) {
        let graph = RACSignalGraph.walk(from: signal, now: false)
        nodes = graph.nodes
        types = graph.types
        subjects = graph.subjects.map { ($0.index, RACWeakGraphNode($0.node)) }
        tallies = graph.tallies
    }

    /// The graph, with each subject's subscriber count (nil if the subject
    /// is gone or delivering) and each cold signal's subscriptions as they
    /// are now.
    internal var current: RACSignalGraph {
        var counts: [Int: Int?] = [:]
        for (index, subject) in subjects { counts[index] = subject.node?.graphSubscribers }
        var cold: [Int: RACSignalGraph.ColdSubscriptions] = [:]
        for (index, tally) in tallies { cold[index] = RACSignalGraph.ColdSubscriptions(of: tally) }
        return RACSignalGraph(nodes: nodes.map { node in
            node.with(typeName: RACSignalGraph.typeName(of: types[node.index]), subscribers: counts[node.index] ?? nil,
                      coldSubscriptions: cold[node.index])
        })
    }

    /// The node at `index`, as the call found it (its name and label).
    internal func node(at index: Int) -> RACSignalGraph.Node {
        nodes[index]
    }
}

/// A graph node held weakly.
internal final class RACWeakGraphNode {
    internal weak var node: (any RACGraphNode)?

    internal init(_ node: any RACGraphNode) {
        self.node = node
    }
}

extension RACDisposable {
    /// The graph of the signal this subscription was made on (see
    /// `RACSignal.graph()`): its sources, operators and subjects, as they
    /// were when the subscription was made, with each subject's subscriber
    /// count and each `createSignal`'s subscriptions (made, live) as they
    /// are now, also once the signals are gone. Print it, or render its
    /// `dot` with Graphviz.
    ///
    /// For the disposable a `subscribeNext`, `subscribeError` or
    /// `subscribeCompleted` call returned while the site mode was on
    /// (`RACLiveSubscriptions.recordsSites`, or a running
    /// `RACLeakCheck`): the graph is taken then, since an operator's signal
    /// is usually gone once it is subscribed. Nil for any other disposable,
    /// and once the subscription ended.
    public func graph() -> RACSignalGraph? {
        let identity = RACSubscriptionRecord.identity(of: self)
        // Newest first: if this disposable's memory held an earlier one
        // whose subscription still runs, this one's record is the newer.
        for record in RACSubscriptionRegistry.live().reversed() where record.subscription == identity {
            if let graph = record.graph { return graph.current }
        }
        return nil
    }
}

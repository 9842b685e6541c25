/// A picture of the signals a signal is built from, as they are now: its
/// sources (subjects with their subscriber counts, `createSignal` blocks
/// with how many times they were subscribed, constants), the operators
/// between them by name, and which feeds which. What `RACSignal.graph()`
/// returns, as text (`description`) or as Graphviz DOT (`dot`, for
/// `dot -Tsvg`).
///
/// RAC 2.5's cold/hot pitfall shows on a `createSignal` node: each
/// subscription of a chain runs the block again, so a request mapped and
/// subscribed twice reads
/// `n1 createSignal "request", subscribed 2 times, 2 live (each subscription runs its side effects)`,
/// and `subscribed 1 time` once `hot()` (or a multicast) shares it (see
/// `Node.coldSubscriptions`).
///
/// An operator's signal is named after its sources (`[search] -map:`); a
/// node's `label` is its own part of that name (`-map:`).
public struct RACSignalGraph: CustomStringConvertible, Sendable {
    /// What a node is.
    public enum Kind: String, Sendable {
        /// A signal with no signal before it (`createSignal`, `return`, …).
        case source
        /// A subject: values are sent into it by hand or by a connection.
        case subject
        /// An operator's signal, built from the signals it subscribes to.
        case `operator`
    }

    /// One signal of the graph.
    public struct Node: Sendable, Equatable {
        /// Its position in `nodes`.
        public let index: Int
        /// A source, a subject or an operator.
        public let kind: Kind
        /// The signal's class, as `RACReplaySubject`.
        public let typeName: String
        /// The signal's own part of its name: the name, less the names of
        /// the signals it is built from where they begin it.
        public let label: String
        /// The signal's whole name (`RACSignal.name`).
        public let name: String
        /// A subject's subscribers now (nil for other signals, or if the
        /// subject was delivering on another thread when asked).
        public let subscribers: Int?
        /// The nodes it subscribes to (its sources), by index.
        public let inputs: [Int]
        /// For a cold signal whose subscription runs side effects (a
        /// `createSignal` block, and the factories made with one: `defer`,
        /// `try`, `interval`, …): how many times it was subscribed and how
        /// many of those subscriptions are live now. Nil for other signals
        /// (see `ColdSubscriptions`).
        public let coldSubscriptions: ColdSubscriptions?

        /// The node with `typeName`, `subscribers` and `coldSubscriptions`
        /// replaced.
        internal func with(typeName: String, subscribers: Int?, coldSubscriptions: ColdSubscriptions?) -> Node {
            Node(index: index, kind: kind, typeName: typeName, label: label, name: name,
                 subscribers: subscribers, inputs: inputs, coldSubscriptions: coldSubscriptions)
        }
    }

    /// How many times a cold signal with side effects was subscribed, and
    /// how many of those subscriptions are live: a `createSignal` block runs
    /// once per subscription, so `made` is how many times it ran (2 for a
    /// request mapped and subscribed twice, 1 once `hot()` shares it).
    ///
    /// Counted for `createSignal`'s signals only: the constant signals
    /// (`return`, `empty`, …) have no side effects, operators run per
    /// subscription because their source is subscribed per subscription,
    /// subjects are counted by their subscribers, and a subclass written
    /// outside RACSwift cannot be seen into. Counting costs a subscription
    /// one atomic add when it is made and one when it ends, nothing per
    /// value.
    public struct ColdSubscriptions: CustomStringConvertible, Sendable, Equatable {
        /// The subscriptions made: the times the block ran (or, on a
        /// subscription scheduler that runs it later, was scheduled to run:
        /// it does, unless the subscription is disposed first).
        public let made: Int
        /// The subscriptions not yet ended: not disposed, not ended by an
        /// error or completion, and still held by something (the block that
        /// keeps its subscriber, or whoever keeps the disposable).
        public let live: Int

        /// `tally`'s counts now.
        internal init(of tally: RACColdTally) {
            let counts = tally.counts
            made = counts.made
            live = counts.live
        }

        /// `subscribed 2 times, 2 live (each subscription runs its side
        /// effects)`: the parenthesis when two or more run at once.
        public var description: String {
            counts + (runsSideEffectsPerSubscriber ? " " + Self.perSubscriber : "")
        }

        /// `subscribed 2 times, 2 live`.
        internal var counts: String {
            "subscribed \(made) time\(made == 1 ? "" : "s"), \(live) live"
        }

        /// What `description` adds when two or more run at once.
        internal static let perSubscriber = "(each subscription runs its side effects)"

        /// Whether two or more subscriptions made are live now: each ran
        /// the block, and with it its side effects (the double request).
        public var runsSideEffectsPerSubscriber: Bool { made >= 2 && live >= 2 }
    }

    /// Every signal reachable from the one asked about, that one first, then
    /// upstream in the order met (each once, however many use it).
    public let nodes: [Node]

    internal init(nodes: [Node]) {
        self.nodes = nodes
    }

    internal init(root: any RACGraphNode) {
        nodes = Self.walk(from: root, now: true).nodes
    }

    /// The nodes reachable from `root`, their types, the subjects among
    /// them by index with the objects that count their subscribers, and the
    /// cold signals with side effects by index with their tallies. With
    /// `now` false (for `RACSubscriptionGraph`, which fills them in when
    /// asked), the nodes' type names are empty and subscribers and cold
    /// subscriptions nil: a type's name costs a demangling, and a metatype
    /// lives forever.
    internal static func walk(from root: any RACGraphNode, now: Bool) -> Walk {
        var nodes: [Node] = []
        var indices: [ObjectIdentifier: Int] = [:]
        var pending: [(node: any RACGraphNode, index: Int)] = []
        var subjects: [(index: Int, node: any RACGraphNode)] = []
        var tallies: [(index: Int, tally: RACColdTally)] = []
        var types: [Any.Type] = []
        func index(of node: any RACGraphNode) -> Int {
            if let known = indices[node.graphIdentity] { return known }
            let index = indices.count
            indices[node.graphIdentity] = index
            pending.append((node, index))
            return index
        }
        _ = index(of: root)
        var next = 0
        while next < pending.count {
            let (node, position) = pending[next]
            next += 1
            let inputs = node.graphInputs
            let name = node.graphName
            let label = ownPart(of: name)
            let kind: Kind = node.graphIsSubject ? .subject : inputs.isEmpty ? .source : .operator
            if kind == .subject { subjects.append((position, node.graphCountedNode)) }
            let tally = node.graphColdTally
            if let tally { tallies.append((position, tally)) }
            let type = node.graphType
            let entry = Node(index: position, kind: kind, typeName: now ? typeName(of: type) : "", label: label,
                             name: name, subscribers: now ? node.graphSubscribers : nil, inputs: inputs.map(index(of:)),
                             coldSubscriptions: now ? tally.map(ColdSubscriptions.init(of:)) : nil)
            nodes.append(entry)
            types.append(type)
        }
        // The walk appends in index order: `pending` is in index order.
        return Walk(nodes: nodes, types: types, subjects: subjects, tallies: tallies)
    }

    /// What `walk(from:now:)` found.
    internal struct Walk {
        internal let nodes: [Node]
        internal let types: [Any.Type]
        internal let subjects: [(index: Int, node: any RACGraphNode)]
        /// Held strongly: a tally is two words and holds nothing else.
        internal let tallies: [(index: Int, tally: RACColdTally)]
    }

    /// `RACReplaySubject` for `RACReplaySubject<Int>`.
    internal static func typeName(of type: Any.Type) -> String {
        let name = String(describing: type)
        return name.firstIndex(of: "<").map { String(name[..<$0]) } ?? name
    }

    /// One line per node, the signal asked about first:
    /// `n0 operator -flattenMap: <- n1`, `n3 subject RACSubject "search", 2 subscribers`,
    /// `n2 createSignal "request", subscribed 2 times, 2 live (each subscription runs its side effects)`.
    public var description: String {
        nodes.map { node in
            var line = "n\(node.index) "
            if let cold = node.coldSubscriptions {
                // Named by what made it rather than as a source: the count
                // is of that block's runs.
                line += Self.coldMaker + (node.label.isEmpty ? "" : " \"\(node.label)\"") + ", \(cold)"
            } else {
                line += "\(node.kind.rawValue) "
                switch node.kind {
                case .subject:
                    line += node.typeName + (node.label.isEmpty ? "" : " \"\(node.label)\"")
                    line += ", " + Self.subscribers(node.subscribers)
                case .source:
                    line += node.label.isEmpty ? node.typeName : node.label
                case .operator:
                    line += node.label
                }
            }
            if !node.inputs.isEmpty { line += " <- " + node.inputs.map { "n\($0)" }.joined(separator: ", ") }
            return line
        }.joined(separator: "\n")
    }

    /// The graph in Graphviz's DOT language, sources on the left, arrows in
    /// the direction values flow: subjects as ellipses with their
    /// subscriber counts, sources as ellipses (a `createSignal` with how
    /// many times it was subscribed, filled when two or more of its
    /// subscriptions run at once), operators as boxes.
    public var dot: String {
        var lines = ["digraph signals {", "    rankdir=LR;", "    node [fontname=\"Helvetica\", fontsize=11];"]
        for node in nodes {
            let text: String
            let shape: String
            if let cold = node.coldSubscriptions {
                text = (node.label.isEmpty ? "" : node.label + "\\n") + Self.coldMaker + ", " + cold.counts
                    + (cold.runsSideEffectsPerSubscriber ? "\\n" + ColdSubscriptions.perSubscriber : "")
                shape = "ellipse" + (cold.runsSideEffectsPerSubscriber ? ", style=filled, fillcolor=\"#ffe2c6\"" : "")
            } else {
                switch node.kind {
                case .subject:
                    text = (node.label.isEmpty ? "" : node.label + "\\n") + node.typeName
                        + ", " + Self.subscribers(node.subscribers)
                    shape = "ellipse, style=filled, fillcolor=\"#e8f0ff\""
                case .source:
                    text = node.label.isEmpty ? node.typeName : node.label
                    shape = "ellipse"
                case .operator:
                    text = node.label
                    shape = "box"
                }
            }
            lines.append("    n\(node.index) [label=\"\(Self.escaped(text))\", shape=\(shape)];")
        }
        for node in nodes {
            for input in node.inputs { lines.append("    n\(input) -> n\(node.index);") }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// `name` less the bracketed name of its source that begins it:
    /// `-filter:` of `[[a] -map:] -filter:`.
    private static func ownPart(of name: String) -> String {
        guard name.first == "[" else { return name }
        var depth = 0
        for index in name.indices {
            switch name[index] {
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 {
                    var rest = String(name[name.index(after: index)...].drop { $0 == " " })
                    while rest.last == " " { rest.removeLast() }
                    return rest.isEmpty ? name : rest
                }
            default: break
            }
        }
        return name
    }

    /// What a node with `coldSubscriptions` is called: RAC's name for what
    /// makes such a signal (`RACColdTally` says why only those count).
    private static let coldMaker = "createSignal"

    private static func subscribers(_ count: Int?) -> String {
        guard let count else { return "subscribers unknown (delivering)" }
        return "\(count) subscriber\(count == 1 ? "" : "s")"
    }

    /// `text` inside a DOT string (a `\n` written by this file stays a line
    /// break).
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "\\\"")
    }
}

/// What `RACSignalGraph` asks of a node: RACSwift's signals, and the
/// subject of a multicast connection with the source that feeds it.
internal protocol RACGraphNode: AnyObject {
    /// One node per identity.
    var graphIdentity: ObjectIdentifier { get }
    var graphName: String { get }
    /// The signal's class, for `Node.typeName`.
    var graphType: Any.Type { get }
    var graphIsSubject: Bool { get }
    var graphSubscribers: Int? { get }
    /// A cold signal with side effects: its count of subscriptions (see
    /// `RACColdTally`); nil for others.
    var graphColdTally: RACColdTally? { get }
    /// The signals it subscribes to when subscribed.
    var graphInputs: [any RACGraphNode] { get }
    /// The object whose `graphSubscribers` a graph kept for later reads:
    /// the node itself, or what it stands for.
    var graphCountedNode: any RACGraphNode { get }
}

extension RACGraphNode {
    internal var graphIdentity: ObjectIdentifier { ObjectIdentifier(self) }
    internal var graphCountedNode: any RACGraphNode { self }
    internal var graphType: Any.Type { type(of: self) }
}

extension RACSignal: RACGraphNode {
    /// The graph of the signals the receiver is built from, as they are now
    /// (see `RACSignalGraph`): print it, or render its `dot` with Graphviz.
    ///
    /// Each `createSignal` in it says how many times it was subscribed and
    /// how many of those subscriptions are live, which shows RAC 2.5's
    /// cold-signal pitfall: the articles' request, mapped and subscribed
    /// twice, prints
    /// `n1 createSignal "request", subscribed 2 times, 2 live (each subscription runs its side effects)`,
    /// and `subscribed 1 time` with `hot()` before the `map`.
    public func graph() -> RACSignalGraph {
        RACSignalGraph(root: self)
    }

    internal var graphName: String { name }
}

/// A multicast connection's subject, fed by the connection's source: what
/// `replayLazily()`, `autoconnect()` and `connection.signal` subscribe to.
internal final class RACConnectionGraphNode<Value>: RACGraphNode {
    private let connection: RACMulticastConnection<Value>

    internal init(_ connection: RACMulticastConnection<Value>) {
        self.connection = connection
    }

    internal var graphIdentity: ObjectIdentifier { ObjectIdentifier(connection.subject) }
    internal var graphName: String { connection.subject.name }
    internal var graphType: Any.Type { connection.subject.graphType }
    internal var graphIsSubject: Bool { true }
    internal var graphSubscribers: Int? { connection.subject.graphSubscribers }
    internal var graphInputs: [any RACGraphNode] { [connection.source] }
    internal var graphCountedNode: any RACGraphNode { connection.subject }
    internal var graphColdTally: RACColdTally? { nil }
}

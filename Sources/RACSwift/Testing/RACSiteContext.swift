import CShims

/// The public `subscribe…` call running on a thread in site mode, or the
/// operator subscribing an inner signal or next source (see
/// `RACOperatorSite`): its site and signal, and the record of the first
/// subscription made under it.
@usableFromInline
internal final class RACSiteContext {
    internal let file: StaticString
    internal let line: UInt
    internal let signalName: String
    /// The context it replaced on the thread (a `subscribe…` call made while
    /// another one subscribes, from a `createSignal` block).
    internal let outer: UnsafeMutableRawPointer?
    /// A `subscribe…` call's: the graph of its signal, for its own record.
    internal let graph: RACSubscriptionGraph?
    /// Set by the first sink made under the context.
    internal var root: RACSubscriptionRecord?

    internal init(file: StaticString, line: UInt, signalName: String, graph: RACSubscriptionGraph?,
                  outer: UnsafeMutableRawPointer?) {
        self.file = file
        self.line = line
        self.signalName = signalName
        self.graph = graph
        self.outer = outer
    }

    /// Runs `body` with a context for a `subscribe…` call at `file`:`line` on
    /// `signal` set on this thread.
    internal static func run(file: StaticString, line: UInt, signal: any RACGraphNode,
                             _ body: () -> RACDisposable) -> RACDisposable {
        // The name and the graph now, once for every subscription the call
        // makes: an operator's signal is usually gone once it is subscribed
        // (its sinks keep its blocks, not it), and a reference to the
        // signal would keep a subject alive whose end must end its
        // subscriptions.
        // An unnamed signal (a subject's default name is empty, as RAC's)
        // is named by its type, so that its line in a report says what
        // was subscribed to.
        let name = signal.graphName.isEmpty ? "an unnamed \(signal.graphType)" : signal.graphName
        let context = RACSiteContext(file: file, line: line, signalName: name,
                                     graph: RACSubscriptionGraph(of: signal), outer: racs_site_context())
        let subscription = context.run(body)
        context.root?.subscription = RACSubscriptionRecord.identity(of: subscription)
        return subscription
    }

    /// Runs `body` with a context for subscriptions made at `file`:`line` on
    /// the signal named `signalName` set on this thread: a `subscribe…`
    /// call's, or an operator's for the inner signals it subscribes later
    /// (see `RACOperatorSite`).
    internal static func run<Result>(file: StaticString, line: UInt, signalName: String,
                                     _ body: () -> Result) -> Result {
        RACSiteContext(file: file, line: line, signalName: signalName, graph: nil, outer: racs_site_context())
            .run(body)
    }

    /// Runs `body` with the receiver set on this thread.
    private func run<Result>(_ body: () -> Result) -> Result {
        racs_set_site_context(Unmanaged.passUnretained(self).toOpaque())
        defer { racs_set_site_context(outer) }
        return withExtendedLifetime(self) { body() }
    }

    /// A record for a subscription made now on this thread, of the cold
    /// signal whose tally is `cold`, if any.
    internal static func recordForNewSubscription(cold: RACColdTally?) -> RACSubscriptionRecord {
        guard let bits = racs_site_context() else {
            return RACSubscriptionRecord(file: "", line: 0, signalName: nil, root: nil, cold: cold)
        }
        let context = Unmanaged<RACSiteContext>.fromOpaque(bits).takeUnretainedValue()
        let record = RACSubscriptionRecord(file: context.file, line: context.line,
                                           signalName: context.signalName, root: context.root,
                                           graph: context.root == nil ? context.graph : nil, cold: cold)
        if context.root == nil { context.root = record }
        return record
    }
}

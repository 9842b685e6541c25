import CShims

/// The public `subscribe…` call running on a thread in site mode: its site
/// and signal, and the record of the first subscription made under it.
@usableFromInline
internal final class RACSiteContext {
    internal let file: StaticString
    internal let line: UInt
    internal let signalName: String
    /// The context it replaced on the thread (a `subscribe…` call made while
    /// another one subscribes, from a `createSignal` block).
    internal let outer: UnsafeMutableRawPointer?
    /// Set by the first sink made under the context.
    internal var root: RACSubscriptionRecord?

    internal init(file: StaticString, line: UInt, signalName: String,
                  outer: UnsafeMutableRawPointer?) {
        self.file = file
        self.line = line
        self.signalName = signalName
        self.outer = outer
    }

    /// Runs `body` with a context for a `subscribe…` call at `file`:`line` on
    /// `signal` set on this thread.
    @usableFromInline
    internal static func run(file: StaticString, line: UInt, signal: AnyObject,
                             name: (AnyObject) -> String,
                             _ body: () -> RACDisposable) -> RACDisposable {
        // The name now, once for every subscription the call makes: an
        // operator's signal is usually gone once it is subscribed (its
        // sinks keep its blocks, not it), and a reference to the signal
        // would keep a subject alive whose end must end its subscriptions.
        run(file: file, line: line, signalName: name(signal), body)
    }

    /// Runs `body` with a context for subscriptions made at `file`:`line` on
    /// the signal named `signalName` set on this thread: a `subscribe…`
    /// call's, or an operator's for the inner signals it subscribes later
    /// (see `RACOperatorSite`).
    internal static func run<Result>(file: StaticString, line: UInt, signalName: String,
                                     _ body: () -> Result) -> Result {
        let context = RACSiteContext(file: file, line: line, signalName: signalName, outer: racs_site_context())
        racs_set_site_context(Unmanaged.passUnretained(context).toOpaque())
        defer { racs_set_site_context(context.outer) }
        return withExtendedLifetime(context) { body() }
    }

    /// A record for a subscription made now on this thread.
    internal static func recordForNewSubscription() -> RACSubscriptionRecord {
        guard let bits = racs_site_context() else {
            return RACSubscriptionRecord(file: "", line: 0, signalName: nil, root: nil)
        }
        let context = Unmanaged<RACSiteContext>.fromOpaque(bits).takeUnretainedValue()
        let record = RACSubscriptionRecord(file: context.file, line: context.line,
                                           signalName: context.signalName, root: context.root)
        if context.root == nil { context.root = record }
        return record
    }
}

import CShims

/// What a signal's `name` is: a string set once, or a description of an
/// operator's signal, built from its sources' names when read.
@usableFromInline
internal enum RACSignalName {
    case fixed(String)
    case derived(() -> String)
    /// `[source] suffix`, for an operator's signal that keeps `source` in a
    /// field of its own for as long as it lives (`map`'s): held unretained,
    /// so that naming a signal made per value (a `flattenMap` block's)
    /// retains and releases nothing, where a closure over the source would.
    case applied(suffix: StaticString, to: Unmanaged<AnyObject>)

    @usableFromInline
    internal var name: String {
        switch self {
        case .fixed(let name): return name
        case .derived(let describe): return describe()
        case .applied(let suffix, let source):
            // Every RACSignal is a RACNamed (below); only signals name
            // their sources.
            return "[\((source.takeUnretainedValue() as! any RACNamed).name)] \(suffix)"
        }
    }
}

/// What `RACSignalName.applied` reads a source's name through, whatever the
/// source's value type.
internal protocol RACNamed: AnyObject {
    var name: String { get }
}

extension RACNamed {
    /// The receiver as a misuse's message names it: its type, then its
    /// name if it has one (`RACSubject<Int> 'downloads'`).
    internal var misuseName: String {
        let name = self.name
        return name.isEmpty ? "\(type(of: self))" : "\(type(of: self)) '\(name)'"
    }
}

extension RACSignal: RACNamed {}

/// A stream of events: any number of values, then at most one error or
/// completion. RAC 2.5's `RACSignal`.
///
/// Cold signals (`createSignal`, `empty`, `return`, …) do their work anew for
/// each subscriber; hot signals (`RACSubject` and its family) share one stream
/// among all subscribers. Operators in `Operators/` build new signals from
/// existing ones.
// @unchecked Sendable: a signal is safe to share between threads; any thread
// may subscribe, and subjects' sends and deliveries are serialized by their
// cores' atomics (docs/Concurrency.md). What it does not check is `Value`:
// see "Values between threads" there.
open class RACSignal<Value>: @unchecked Sendable {
    /// A name for debugging: RAC's `name`. An operator's signal derives its
    /// name from its sources' (`[source] -map:`) when the name is read, as
    /// RAC 2.5 named signals only when debugging: building a chain does no
    /// string work. Setting it replaces the derived name.
    public var name: String {
        get { nameSource.name }
        set { nameSource = .fixed(newValue) }
    }

    /// Where `name` comes from. Set by every initializer, with no default
    /// value: an initializer that replaced a default would assign, and pay
    /// an exclusivity check, where it now initializes.
    @usableFromInline internal var nameSource: RACSignalName

    /// Sets `name` and returns the receiver, as its own type (a subject
    /// stays a `RACSubject`), for chaining: RAC 2.5's
    /// `-setNameWithFormat:`, which returns `instancetype` (with Swift's
    /// string interpolation for the format). Unlike RAC's, it names
    /// whether or not `RAC_DEBUG_SIGNAL_NAMES` is set (see
    /// docs/Porting.md).
    @discardableResult
    public func setName(_ name: String) -> Self {
        self.name = name
        return self
    }

    /// Names the receiver with what `describe` returns each time the name is
    /// read (see `name`) and returns it.
    @inlinable @discardableResult
    internal func setName(derivedBy describe: @escaping () -> String) -> RACSignal<Value> {
        nameSource = .derived(describe)
        return self
    }

    /// Whether the signal hands its subscriber to code that may keep it past
    /// the end of the subscription: true for `createSignal`'s, whose block
    /// may store its subscriber. Blocks subscribed to such a signal get a
    /// `RACReleasingBlockSubscriber`, which lets go of them at the end; to
    /// any other, a `RACBlockSubscriber`, whose deliveries retain nothing.
    /// (A subclass written outside RACSwift also hands its subscriber out,
    /// but through a `RACSourceSubscriber`, which lets go of the sink.)
    @usableFromInline internal let handsOutItsSubscriber: Bool

    /// For subclasses, which must override `subscribe(_:)`.
    public init() {
        handsOutItsSubscriber = false
        nameSource = .fixed("")
    }

    /// For RACSwift's own signal classes.
    @inlinable
    internal init(handsOutItsSubscriber: Bool) {
        self.handsOutItsSubscriber = handsOutItsSubscriber
        nameSource = .fixed("")
    }

    /// For RACSwift's own signal classes named when they are made (the
    /// factories', `map`'s): the name is initialized, not assigned, which
    /// spares the dynamic exclusivity check that an assignment to a class's
    /// `var` costs (about 30 instructions; a `flattenMap` block may make
    /// two such signals per value).
    @inlinable
    internal init(named name: RACSignalName) {
        handsOutItsSubscriber = false
        nameSource = name
    }

    /// Subscribes `subscriber` and returns the disposable that cancels the
    /// subscription. A subclass outside RACSwift overrides this; `RACSignal`
    /// itself has no events to send.
    @discardableResult
    open func subscribe(_ subscriber: any RACSubscriber<Value>) -> RACDisposable {
        guard type(of: self).subscribesSinks else {
            racMisuse("\(type(of: self)) must override subscribe(_:): RACSignal is abstract")
        }
        // A site this method cannot take (subclasses override it): in site
        // mode, the signal alone.
        return subscribe(sink: RACPassthroughSubscriber(subscriber), file: "", line: 0)
    }

    /// Subscribes a fresh sink: how RACSwift's own subscribers (the block
    /// subscriber, operators' sinks) subscribe, with no existential and no
    /// cast on the way. RACSwift's signal classes override this, and it is
    /// what `subscribe(_:)` calls for them; for a subclass written outside
    /// RACSwift, it hands the sink to that subclass's `subscribe(_:)`.
    @usableFromInline
    internal func subscribe(sink: RACSubscriptionSink<Value>) -> RACDisposable {
        // Bind the sink to a subscription of its own first: the subclass
        // may hand it on to another signal, whose passthrough would
        // otherwise adopt it, and stop it on a terminal event before
        // forwarding that event.
        // A subclass written outside RACSwift may send from anywhere.
        racs_probe_note_other_source()
        let subscription = RACCompoundDisposable()
        let subscriber = sink.bindServingSource(to: subscription) { sink, subscription in
            RACSourceSubscriber(forwardingTo: sink, within: subscription)
        } ?? sink
        subscription.add(subscribe(subscriber as any RACSubscriber<Value>))
        return subscription
    }

    /// `map(transform)` of the receiver subscribed with `sink` without a
    /// map sink in between, where the receiver can send everything inline
    /// (see `sendInline(to:)`): returns the subscription's disposable, or
    /// nil when `map` must subscribe the general way. The events, the thread
    /// and the moment `transform` runs are those of the general path.
    internal final func subscribe<U>(mapping transform: (Value) -> U, sink: RACSubscriptionSink<U>) -> RACDisposable? {
        guard !sink.wantsItsSubscription, let end = sendInline(mapping: transform, to: sink) else { return nil }
        sink.send(end)
        return racDisposedDisposable
    }

    /// Where a subscription to the receiver would send all its events
    /// inline and end (`return`, `empty`, `error`, a `map` of them, while
    /// the subscription scheduler runs inline): sends its values to `sink`
    /// here and now, without a subscription, and returns the terminal event
    /// that ends them, for the caller to send or act on. Returns nil, having
    /// sent nothing, where the receiver must be subscribed.
    ///
    /// What the operators that subscribe a signal per value (`flattenMap`,
    /// `flatten`) or one after another (`chain`: `concat`, `catch`, `then`)
    /// ask first: a signal that ends inline then needs no sink, no
    /// subscription and no count of running signals. The events and their
    /// thread are those of a subscription.
    internal func sendInline(to sink: RACSubscriptionSink<Value>) -> RACInlineEnd? {
        nil
    }

    /// `sendInline(to:)` of `map(transform)` of the receiver: the values
    /// mapped by `transform` as the map's sink would, on this thread.
    internal func sendInline<U>(mapping transform: (Value) -> U, to sink: RACSubscriptionSink<U>) -> RACInlineEnd? {
        nil
    }

    /// `sendInline(to:)` for a sink that the receiver's completion does not
    /// end (the gate of a `flatten`, where more signals are running): the
    /// error, if any, is sent on. Returns false, having sent nothing, where
    /// the receiver must be subscribed.
    internal final func sendInlineUpToCompletion(to sink: RACSubscriptionSink<Value>) -> Bool {
        guard let end = sendInline(to: sink) else { return false }
        if case .failed(let error) = end { sink.sendError(error) }
        return true
    }

    /// Whether the class overrides `subscribe(sink:)`: true for RACSwift's
    /// own signal classes, which all do.
    internal class var subscribesSinks: Bool { false }

    // What `graph()` reads (see `RACGraphNode`): operators' signals name
    // the signals they subscribe to, subjects count their subscribers,
    // cold signals with side effects (`createSignal`'s) their subscriptions.

    internal var graphInputs: [any RACGraphNode] { [] }
    internal var graphIsSubject: Bool { false }
    internal var graphSubscribers: Int? { nil }
    internal var graphColdTally: RACColdTally? { nil }
}

extension RACSignal {
    /// Subscribes blocks through the block subscriber that suits the
    /// signal (see `handsOutItsSubscriber`), for a `subscribe…` call at
    /// `file`:`line`. Inlined into the public methods, so that both
    /// subscribers are made where `Value` is known.
    ///
    /// The blocks are consumed all the way from the public methods into the
    /// sink's fields: a borrowed parameter kept each block alive until its
    /// scope ended, after the subscription, so the caller retained each
    /// context once more for the sink and released it after `subscribe`
    /// returned (two atomic read-modify-writes per block of a `return(1)`
    /// lifecycle, about 15 % of W4b).
    @inlinable @inline(__always)
    internal func subscribeBlocks(next: consuming ((Value) -> Void)?, error: consuming ((any Error) -> Void)?,
                                  completed: consuming (() -> Void)?, file: StaticString, line: UInt) -> RACDisposable {
        if handsOutItsSubscriber {
            let sink = RACReleasingBlockSubscriber(next: consume next, error: consume error,
                                                   completed: consume completed)
            return subscribe(sink: sink, file: file, line: line)
        }
        let sink = RACBlockSubscriber(next: consume next, error: consume error, completed: consume completed)
        return subscribe(sink: sink, file: file, line: line)
    }

    /// `subscribeBlocks(next:error:completed:file:line:)` for a caller with
    /// no site to give: in site mode, the signal alone is recorded.
    @inlinable @inline(__always)
    internal func subscribeBlocks(next: consuming ((Value) -> Void)?, error: consuming ((any Error) -> Void)?,
                                  completed: consuming (() -> Void)?) -> RACDisposable {
        subscribeBlocks(next: consume next, error: consume error, completed: consume completed, file: "", line: 0)
    }

    /// Subscribes `sink`, fresh, for a `subscribe…` call at `file`:`line`.
    /// Off site mode (RACLiveSubscriptions.recordsSites), one load and
    /// branch, placed after the sink is made: before it, the branch split
    /// the caller's retains of the blocks (W2 paid 14 instructions).
    @inlinable @inline(__always)
    internal func subscribe(sink: RACSubscriptionSink<Value>, file: StaticString, line: UInt) -> RACDisposable {
        if racs_sites_recording() { return subscribeRecordingSite(sink: sink, file: file, line: line) }
        return subscribe(sink: sink)
    }

    /// `subscribe(sink:file:line:)` in site mode: with the call's site and
    /// signal set on the thread for the subscriptions it makes. Out of line,
    /// so that the caller forms no closure for it.
    @usableFromInline @inline(never)
    internal func subscribeRecordingSite(sink: RACSubscriptionSink<Value>, file: StaticString,
                                         line: UInt) -> RACDisposable {
        RACSiteContext.run(file: file, line: line, signal: self) {
            subscribe(sink: sink)
        }
    }

    /// Subscribes blocks: `next` for each value. Errors are ignored.
    @inlinable @discardableResult
    public func subscribeNext(_ next: consuming @escaping @Sendable (Value) -> Void,
                              file: StaticString = #fileID, line: UInt = #line) -> RACDisposable {
        subscribeBlocks(next: consume next, error: nil, completed: nil, file: file, line: line)
    }

    /// Subscribes blocks: `next` for each value, `completed` on completion.
    @inlinable @discardableResult
    public func subscribeNext(_ next: consuming @escaping @Sendable (Value) -> Void,
                              completed: consuming @escaping @Sendable () -> Void,
                              file: StaticString = #fileID, line: UInt = #line) -> RACDisposable {
        subscribeBlocks(next: consume next, error: nil, completed: consume completed, file: file, line: line)
    }

    /// Subscribes blocks: `next` for each value, `error` on error.
    @inlinable @discardableResult
    public func subscribeNext(_ next: consuming @escaping @Sendable (Value) -> Void,
                              error: consuming @escaping @Sendable (any Error) -> Void,
                              file: StaticString = #fileID, line: UInt = #line) -> RACDisposable {
        subscribeBlocks(next: consume next, error: consume error, completed: nil, file: file, line: line)
    }

    /// Subscribes blocks for every kind of event.
    @inlinable @discardableResult
    public func subscribeNext(_ next: consuming @escaping @Sendable (Value) -> Void,
                              error: consuming @escaping @Sendable (any Error) -> Void,
                              completed: consuming @escaping @Sendable () -> Void,
                              file: StaticString = #fileID, line: UInt = #line) -> RACDisposable {
        subscribeBlocks(next: consume next, error: consume error, completed: consume completed, file: file, line: line)
    }

    /// Subscribes a block for the error, if the signal ends with one.
    @inlinable @discardableResult
    public func subscribeError(_ error: consuming @escaping @Sendable (any Error) -> Void,
                               file: StaticString = #fileID, line: UInt = #line) -> RACDisposable {
        subscribeBlocks(next: nil, error: consume error, completed: nil, file: file, line: line)
    }

    /// Subscribes a block for the completion, if the signal ends with one.
    @inlinable @discardableResult
    public func subscribeCompleted(_ completed: consuming @escaping @Sendable () -> Void,
                                   file: StaticString = #fileID, line: UInt = #line) -> RACDisposable {
        subscribeBlocks(next: nil, error: nil, completed: consume completed, file: file, line: line)
    }

    /// Subscribes blocks for the error and the completion.
    @inlinable @discardableResult
    public func subscribeError(_ error: consuming @escaping @Sendable (any Error) -> Void,
                               completed: consuming @escaping @Sendable () -> Void,
                               file: StaticString = #fileID, line: UInt = #line) -> RACDisposable {
        subscribeBlocks(next: nil, error: consume error, completed: consume completed, file: file, line: line)
    }
}

/// How a signal that sent its values inline ended (see
/// `RACSignal.sendInline(to:)`). Not generic, so that returning it from the
/// unspecialized overrides costs no metadata lookup.
internal enum RACInlineEnd {
    case completed
    case failed(any Error)

    /// The error, or nil for completion: what a chain's decision is given.
    internal var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }
}

extension RACSubscriptionSink {
    /// Sends `end`, the terminal event of a signal that sent its values
    /// inline.
    internal final func send(_ end: RACInlineEnd) {
        switch end {
        case .completed: sendCompleted()
        case .failed(let error): sendError(error)
        }
    }
}

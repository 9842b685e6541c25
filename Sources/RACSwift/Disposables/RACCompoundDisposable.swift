import CShims

/// A disposable that disposes a set of other disposables together.
///
/// RAC 2.5's `RACCompoundDisposable`: `add(_:)` after disposal disposes the
/// added disposable at once; `remove(_:)` takes a disposable out without
/// disposing it. Every child added before `dispose()` is disposed exactly
/// once, and has been by the time `dispose()` returns: on the disposing
/// thread, or on a thread that was adding or removing at that moment, which
/// the disposing thread then waits for (for the length of that add or
/// remove, and of the children's disposal).
///
/// Thread safety without locks: the children are guarded by a
/// `RACSerializer`. Uncontended, an add or remove costs two atomic
/// read-modify-writes; the first two children live in inline slots, so the
/// common subscription (one or two children) allocates nothing beyond the
/// compound itself.
///
/// Two waits in `dispose()`, and why neither hangs where a lock would not:
/// a call that finds another thread's disposal under way waits for it to
/// complete (`disposal`, a `RACOnceFlag`), and the disposing thread waits
/// for a thread that is inside the serializer (applying an add or a
/// remove) to apply its `disposeAll`. Both wait for code that is running
/// and will finish, unless that code waits for this thread: a cleanup
/// block that disposes what this thread disposes (a child's cleanup
/// disposing its parent), or a disposable freed inside a turn whose deinit
/// does. Those cycles are broken by the marks of `RACWaitMarks`: one of the
/// waiters goes on without waiting, and its `dispose()` returns before that
/// disposal is complete. A cleanup block that blocks on another thread
/// (`DispatchQueue.main.sync` while the main thread disposes) hangs as it
/// would under RAC 2.5's lock, with a warning after a second.
public class RACCompoundDisposable: RACDisposable, @unchecked Sendable {
    /// What the serializer applies to the children.
    @usableFromInline
    internal enum Change {
        case add(RACDisposable)
        case remove(RACDisposable)
        case upstreamSink(RACDisposable)
        case disposeAll
        /// Changes nothing: what a later `dispose()` waits for, to know that
        /// every change handed over before it was applied.
        case barrier
    }

    /// The sinks among the children: `primary`, a subscription's own sink,
    /// which `dispose()` stops first, on the disposing thread, before it
    /// returns; `upstreamSink`, for an operator's subscription the sink its
    /// source sends to, disposed first of the others. `primary` is written
    /// once before the compound is shared, then read and cleared only by
    /// the thread that won the disposal flag; `upstreamSink` is guarded by
    /// the serializer like the other children.
    ///
    /// Unowned references, because a sink holds its subscription and a
    /// subscription never holds its sink, as in RAC 2.5 (whose passthrough
    /// subscriber holds its disposable): the sink lives as long as its
    /// source keeps it (a subject's slot, a `createSignal` block that
    /// stores its subscriber, a scheduled delivery), and a subscription
    /// that nothing keeps, like `RACSignal.never().subscribeNext { … }`
    /// with its disposable dropped, is freed. A sink that is gone can
    /// receive nothing, so there is nothing left to stop. (Unowned, not
    /// weak: a weak reference allocates a side table per sink, measured at
    /// 64 ns per subscription.)
    @exclusivity(unchecked) private var primary = RACUnownedReference()
    @exclusivity(unchecked) private var upstreamSink = RACUnownedReference()

    // Guarded by the serializer: read and written only by its owner. The
    // serializer, not Swift's exclusivity checks, makes access exclusive, so
    // the dynamic checks (about 50 instructions per access) are turned off.
    @exclusivity(unchecked) private var first: RACDisposable?
    @exclusivity(unchecked) private var second: RACDisposable?
    // nil rather than empty: a subscription's compound rarely has a third
    // child, and an empty list still costs a release call wherever it is
    // moved or dropped.
    @exclusivity(unchecked) private var more: RACChildList?

    /// An empty compound disposable.
    public override init() {
        super.init()
    }

    /// A compound disposable holding `disposables`.
    public init(disposables: [RACDisposable]) {
        super.init()
        // Relaxed: the compound is not shared yet.
        if !disposables.isEmpty { children.store(Children.held, .relaxed) }
        for disposable in disposables { store(disposable) }
    }

    @inlinable @inline(__always)
    internal var serializer: RACSerializer<Change> {
        RACSerializer(word(0))
    }

    /// Adds `disposable`, or disposes it at once if the receiver is already
    /// disposed. `nil` is ignored.
    public final func add(_ disposable: RACDisposable?) {
        guard let disposable else { return }
        if isDisposed {
            disposable.dispose()
            return
        }
        insertThroughSerializer(disposable)
    }

    /// The rest of `add(_:)`, after it found the compound not disposed yet:
    /// a disposal may have come since, and `insert` then disposes the child.
    internal final func insertThroughSerializer(_ disposable: RACDisposable) {
        serializer.perform(.add(disposable), now: { insert(disposable) }) { apply($0) }
    }

    /// Removes every occurrence of `disposable` without disposing it.
    public final func remove(_ disposable: RACDisposable?) {
        guard let disposable, !isDisposed else { return }
        serializer.perform(.remove(disposable), now: { erase(disposable) }) { apply($0) }
    }

    /// Adds `child`, a subscription's compound, and has it remove itself
    /// again when it is disposed, so that a long-lived compound collecting
    /// short-lived subscriptions does not grow (RAC's subscriber and subject
    /// bookkeeping for `didSubscribeWithDisposable:`).
    internal final func adopt(_ child: RACCompoundDisposable) {
        add(child)
        // The parent weakly: it holds the child, so the child's block must
        // not hold it back, or the two would keep each other alive when
        // nothing else keeps either (docs/Concurrency.md point 13). The child
        // unowned: the block is the child's own, run only by its disposal,
        // while it is alive; strongly, it would keep the child alive by
        // itself.
        child.add(RACDisposable { [weak self, unowned(unsafe) child] in self?.remove(child) })
    }

    /// Makes `disposable` the primary child: the one that `dispose()`
    /// disposes on the disposing thread before returning, even when another
    /// thread is adding or removing children at that moment (the others are
    /// then disposed by that thread while this one waits). For a
    /// subscription's sink, this is what makes "once dispose() returns, no
    /// later event reaches the subscriber" hold. Held by an unowned
    /// reference (see `primary`). Only before the compound is shared with
    /// any other thread.
    internal final func setPrimary(_ disposable: RACDisposable) {
        precondition(primary.isEmpty, "a compound disposable has one primary child")
        primary = RACUnownedReference(disposable)
    }

    /// Makes `sink`, the sink an operator's source sends to, a child held by
    /// an unowned reference (see `primary`) and disposed before the others,
    /// so that an end that comes while the source is still being subscribed
    /// (`take` reaching its count during a synchronous subscription) stops
    /// it at once. Through the serializer: binding the downstream sink may
    /// have shared the compound already (a user's subscriber told of it in
    /// `didSubscribe(with:)`).
    internal final func setUpstreamSink(_ sink: RACDisposable) {
        serializer.perform(.upstreamSink(sink), now: { storeUpstreamSink(sink) }) { apply($0) }
    }

    /// Disposes every child, once, before returning: the primary child on
    /// this thread; the others on this thread too, unless another thread is
    /// adding or removing children at that moment, which then disposes them
    /// while this one waits.
    public final override func dispose() {
        dispose(endedBy: nil)
    }

    /// `dispose()`, called by `sink`, which has stopped already (a sink's
    /// terminal event or its own disposal): if it is the primary child, it
    /// is neither retained nor disposed again.
    ///
    /// Every call returns only once the disposal is complete, whichever
    /// thread makes it: a second call, or one racing a terminal event,
    /// waits for the thread that got there first (`disposal`). A call from
    /// inside the disposal on that very thread (a cleanup block disposing
    /// its own subscription) returns at once: it would wait for itself.
    @usableFromInline
    internal final func dispose(endedBy sink: RACDisposable?) {
        let seen = disposal.claim()
        guard seen == RACOnceFlag.claimed else {
            // This thread's own disposal (a cleanup block disposing its
            // subscription, or the primary sink ending it again) returns at
            // once; another thread's (its token is odd) is waited for.
            // (RACS_KNOWN_BUGS, in the controlled build only, can put two
            // fixed bugs back for the scheduler to find: round 2's, a second
            // call returning at once, as at 4d8b51f; and F1's, a call
            // returning on `done` without the barrier.)
            #if RACS_KNOWN_BUGS
            if RACKnownBug.secondDisposeReturnsAtOnce { return }
            #endif
            guard seen != RACOnceFlag.mine else { return }
            if seen != RACOnceFlag.done { awaitDisposal() }
            #if RACS_KNOWN_BUGS
            if RACKnownBug.laterDisposeSkipsBarrier { return }
            #endif
            awaitChangesHandedOverBefore()
            return
        }
        Self.dispose(&primary, unless: sink)
        if !hasNothingToDispose {
            serializer.perform(.disposeAll, untilApplied: true, now: { disposeChildren() }) { apply($0) }
        }
        didDispose()
        disposal.finish()
    }

    /// For a call that did not run the disposal: returns once every change
    /// handed over before this call has been applied. An `add` that found
    /// the compound not yet disposed, and returned before this call, may
    /// have been handed over after the disposal's own operation: its child
    /// is disposed only when the owner applies it, after `done` (found by
    /// `compound.pml`, docs/Verification.md, F1). A no-op operation,
    /// handed over and waited for as the disposal's own is, is applied
    /// after it.
    private func awaitChangesHandedOverBefore() {
        // Acquire: idle means every change handed over before was applied,
        // and this thread sees what applying it did.
        guard !serializer.isIdle else { return }
        serializer.perform(.barrier, untilApplied: true, now: {}) { apply($0) }
    }

    /// Waits for the disposal another thread has under way (see
    /// `RACOnceFlag.awaitDone` for when it does not).
    private func awaitDisposal() {
        _ = disposal.awaitDone(warningKey: 3, waitWarning: """
            RACSwift: dispose() has waited 1 s for another thread disposing the same subscription or \
            compound disposable, whose cleanup has not finished, and waits on until it has. Is a \
            disposable's block on that thread waiting for this one? (Warned once.)
            """)
    }

    /// The disposal, run once, over the state word: its bit 0 (what
    /// `isDisposed` reads) is set from the moment a thread claims it, and
    /// the word says `done` once the children are disposed and the
    /// subscription has left its subject.
    @inlinable @inline(__always)
    internal final var disposal: RACOnceFlag {
        RACOnceFlag(word: stateWord)
    }

    /// Whether, now that the compound is marked disposed, it has never held
    /// a child and no change is pending: then there is nothing for the
    /// serializer to do, and one of its two read-modify-writes is saved.
    /// That is the common end of a subscription, whose compound holds its
    /// sink as the primary child and nothing else.
    ///
    /// Idle first: an add or remove handed over before this disposal (a
    /// remove whose caller then disposed) must be applied before it, in the
    /// serializer's order. Then the claim: the compound's `children` word
    /// goes from `never` to `disposedEmpty`. A thread that enters the
    /// serializer from now on to store a child finds the word claimed and
    /// disposes the child itself (`holdsChildFromNow`); one that got there
    /// first set it to `held`, and this disposal then goes through the
    /// serializer, after it. The word decides between the two, so neither
    /// reads the other's flags.
    private var hasNothingToDispose: Bool {
        // A compound that has held a child goes through the serializer in
        // any case: no need to look at it.
        guard children.load(.relaxed) == Children.never else { return false }
        // Acquire: sees every change handed over before this disposal.
        guard serializer.isIdle else { return false }
        // Relaxed: the word says who disposes a late child, nothing else.
        return children.compareExchange(expected: Children.never, desired: Children.disposedEmpty,
                                        .relaxed, .relaxed) == Children.never
    }

    /// Word 4: whether the compound holds children, and whether it has
    /// been disposed with none (`disposedEmpty`, by `hasNothingToDispose`)
    /// or inside the serializer (`disposedInside`, by `disposeChildren`).
    /// Written by the serializer's owners, except for that one claim.
    @inlinable @inline(__always)
    internal var children: RACAtomicWord {
        word(4)
    }

    /// The values of `children`.
    @usableFromInline
    internal enum Children {
        /// Has never held a child or an upstream sink.
        @inlinable internal static var never: Int { 0 }
        /// Holds, or has held, one.
        @inlinable internal static var held: Int { 1 }
        /// Disposed while it had never held one: not through the serializer.
        @inlinable internal static var disposedEmpty: Int { 2 }
        /// Disposed through the serializer: a later change finds its
        /// children gone.
        @inlinable internal static var disposedInside: Int { 3 }
    }

    /// Inside the serializer, before storing a child or an upstream sink:
    /// marks that the compound holds one, and returns true, unless it was
    /// disposed first (by `hasNothingToDispose`, or by `disposeChildren`,
    /// which a change handed over after the disposal follows), in which
    /// case the caller disposes what it brought.
    private func holdsChildFromNow() -> Bool {
        // Relaxed: only this word is shared with the disposal, and it is
        // decided by the compare-exchange alone; the owners' own writes are
        // ordered by the serializer.
        let seen = children.load(.relaxed)
        if seen == Children.held { return true }
        if seen != Children.never { return false }
        // Only the disposal can have changed it since (to `disposedEmpty`).
        return children.compareExchange(expected: Children.never, desired: Children.held,
                                        .relaxed, .relaxed) == Children.never
    }

    /// Called once, after the disposal of the children: for a subject's
    /// subscription (`RACSubjectSubscription`), which is its own compound
    /// and leaves its subject then (a hot signal's, `RACHotSubscription`,
    /// also counts its subscriber out). (Not `open` or public: the class
    /// cannot be subclassed outside RACSwift.)
    internal func didDispose() {}

    /// Disposes the sink `reference` holds, if it is still alive and is not
    /// `stopped`, and clears the reference.
    @inline(__always)
    private static func dispose(_ reference: inout RACUnownedReference, unless stopped: RACDisposable?) {
        guard let object = reference.object else { return }
        if let stopped, Unmanaged.passUnretained(stopped).toOpaque() == object {
            // The caller, alive and stopped: nothing to do but let go.
        } else if let sink = reference.retained() {
            unsafeDowncast(sink, to: RACDisposable.self).dispose()
        }
        reference.clear()
    }

    deinit {
        primary.clear()
        upstreamSink.clear()
    }

    private func apply(_ change: Change) {
        switch change {
        case .add(let disposable): insert(disposable)
        case .remove(let disposable): erase(disposable)
        case .upstreamSink(let sink): storeUpstreamSink(sink)
        case .disposeAll: disposeChildren()
        case .barrier: break
        }
    }

    // The three changes, made inside the serializer.

    private func insert(_ disposable: RACDisposable) {
        if !holdsChildFromNow() {
            // Raced with dispose(): the children are already gone.
            disposable.dispose()
        } else {
            store(disposable)
        }
    }

    private func erase(_ disposable: RACDisposable) {
        if first === disposable { first = nil }
        if second === disposable { second = nil }
        more?.remove(disposable)
        if more?.count == 0 { more = nil }
    }

    private func storeUpstreamSink(_ sink: RACDisposable) {
        if !holdsChildFromNow() {
            sink.dispose()
        } else {
            upstreamSink = RACUnownedReference(sink)
        }
    }

    private func disposeChildren() {
        // Relaxed: read by later owners only, ordered by the serializer.
        children.store(Children.disposedInside, .relaxed)
        Self.dispose(&upstreamSink, unless: nil)
        // Most compounds end with no child but their sinks, or one.
        guard first != nil || second != nil || more != nil else { return }
        let taken = (first.take(), second.take(), more.take())
        // Disposing runs other code, which may add to or remove from this
        // compound: such calls are handed over and applied afterwards.
        taken.0?.dispose()
        taken.1?.dispose()
        taken.2?.forEach { $0.dispose() }
    }

    /// Stores `disposable` after the children already held, so that they
    /// are disposed in the order they were added, as in RAC's array: the
    /// inline slots hold the oldest ones, and `more` the rest.
    private func store(_ disposable: RACDisposable) {
        if more != nil {
            more!.append(disposable)
        } else if second == nil {
            if first == nil { first = disposable } else { second = disposable }
        } else if first == nil {
            first = second.take()
            second = disposable
        } else {
            more = RACChildList()
            more!.append(disposable)
        }
    }
}

extension RACSubscriptionSink {
    /// Site mode: records where the sink, joining its first subscription
    /// (`subscription`) and not yet handed to a source, was made, keeping
    /// the record (retained) in word 4, which no sink class uses for
    /// anything else. A subscription of a `createSignal` signal records
    /// that signal's tally, for `RACLiveSubscriptions.report()`.
    @inline(never)
    internal final func recordSite(joining subscription: RACCompoundDisposable) {
        // A cold subscription is joined only inside its signal's
        // `subscribe`, where the signal keeps the tally alive for the
        // record to take a reference.
        let cold = (subscription as? RACColdSubscription)?.tally.takeUnretainedValue()
        let record = RACSiteContext.recordForNewSubscription(cold: cold)
        RACSubscriptionRegistry.add(record)
        word(4).store(Int(bitPattern: Unmanaged.passRetained(record).toOpaque()), .relaxed)
        // Release: whoever ends the subscription, with its acquiring
        // read-modify-write of the state, sees word 4. (A read-modify-write
        // rather than a store: site mode only, so its cost does not matter,
        // and it is right whatever else may hold the sink.)
        _ = stateWord.fetchOr(RACSinkState.recorded, .release)
    }

    /// Marks the sink's record ended and lets go of it. Called once, by the
    /// thread that ended the subscription (or by deinit).
    @usableFromInline @inline(never)
    internal final func endRecord() {
        let bits = word(4).exchange(0, .relaxed)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
        let record = Unmanaged<RACSubscriptionRecord>.fromOpaque(pointer)
        record._withUnsafeGuaranteedRef { $0.markEnded() }
        record.release()
    }
}

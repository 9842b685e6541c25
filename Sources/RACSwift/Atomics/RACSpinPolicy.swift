import CShims

/// When a thread that waits for another spins, and for how long: the rules
/// every wait of the library follows (contract point 19: no spin while what
/// it waits for cannot run).
///
/// A spin pays off only if the thread waited for runs meanwhile, on
/// another processor. So, as the Go runtime (no active spinning on one
/// processor) and parking_lot's `SpinWait` (a short, bounded spin, then
/// park) decide:
///
/// - with one processor available (the process's affinity), a wait does
///   not spin at all: it yields once, then sleeps until woken;
/// - otherwise it spins in rounds of `pollInterval` pauses, and stops as
///   soon as the word it watches for the other side's progress has not
///   moved for `stallRounds` rounds (that thread is descheduled, or blocked
///   in a subscriber's block): spinning on would only take a processor
///   from it or from others;
/// - no long runs of `sched_yield`: on a loaded machine each one can hand
///   the processor to a busy thread for a whole time slice, while the
///   thread waited for gets no closer to running.
@usableFromInline
internal enum RACSpinPolicy {
    /// Pauses between two reads of what a spin watches.
    @inlinable internal static var pollInterval: Int {
        #if RACS_CONTROLLED
        1
        #else
        16
        #endif
    }

    /// Rounds without progress after which a spin stops.
    @inlinable internal static var stallRounds: Int { 4 }

    /// The longest linger of a drain that caught up (`linger(on:awayFrom:)`),
    /// in pauses: four polls, about 2 µs (a pause is 33 ns on the Xeons
    /// this is measured on, 140 cycles; a few ns on older x86 and ARM). A
    /// sender that is running sends again well within it; one that does
    /// not is descheduled, or slower than a Dispatch hand-off, and a longer
    /// linger would only burn the processor it needs. (In the controlled
    /// build, what the scheduler sets for spins.)
    @inlinable internal static var lingerPauses: Int {
        #if RACS_CONTROLLED
        racs_controlled_spin_pauses()
        #else
        4 * pollInterval
        #endif
    }

    /// Whether a spin may wait for another thread at all: one can run
    /// meanwhile.
    @inlinable internal static var mayLinger: Bool { racs_available_cpus() > 1 }

    /// A drain's linger: it has caught up with its sender and waits a
    /// little for `word` to move from `value` (a sender slower than the
    /// drain would otherwise cost a hand-off per event, and a Dispatch
    /// wake-up per burst, each far more than the wait). Polls every
    /// `pollInterval` pauses, for at most `lingerPauses`; not at all where
    /// the sender cannot run meanwhile (one processor). Returns whether the
    /// word moved; relaxed: the caller reads what it publishes with its own
    /// acquire.
    @inlinable
    internal static func linger(on word: RACAtomicWord, awayFrom value: Int) -> Bool {
        guard mayLinger else { return false }
        var spent = 0
        while spent < lingerPauses {
            for _ in 0..<pollInterval { racs_cpu_relax() }
            spent += pollInterval
            if word.load(.relaxed) != value { return true }
        }
        return false
    }

    /// Spins until `done()` (returns true), while `progress` (a word the
    /// thread waited for moves as it works) keeps moving and for at most
    /// `maxPauses` pauses; then yields once; returns false if still not
    /// done. With one processor, only the yield.
    @inlinable
    internal static func spin(maxPauses: Int, watching progress: RACAtomicWord?, until done: () -> Bool) -> Bool {
        if done() { return true }
        if racs_available_cpus() > 1 {
            // Relaxed: only compared with later reads of the same word.
            var seen = progress?.load(.relaxed) ?? 0
            var still = 0
            var spent = 0
            while spent < maxPauses {
                for _ in 0..<pollInterval { racs_cpu_relax() }
                spent += pollInterval
                if done() { return true }
                guard let progress else { continue }
                let now = progress.load(.relaxed)
                if now != seen {
                    (seen, still) = (now, 0)
                } else {
                    still += 1
                    if still >= stallRounds { break }
                }
            }
        }
        racs_yield()
        return done()
    }

    /// One step of a wait for a write that another thread is two
    /// instructions from making (`RACSchedulerQueue.awaitLink(of:)`):
    /// pauses while that thread may be running, then yields (on one
    /// processor it can only run if this one gives way), then naps, from
    /// 50 µs up to a millisecond, reading the word again after each: it
    /// can only be late if that thread was descheduled, and nothing wakes
    /// this one when it writes.
    @usableFromInline
    internal static func backOff(_ round: Int, sleepingOn word: RACAtomicWord) {
        if round < 8 && racs_available_cpus() > 1 {
            for _ in 0..<(1 << round) { racs_cpu_relax() }
        } else if round < 12 {
            racs_yield()
        } else {
            racs_word_wait(word.address, 0, Int64(Swift.min(50_000 << Swift.min(round - 12, 5), 1_000_000)))
        }
    }
}

#if RACS_KNOWN_BUGS
import CShims

/// Bugs found and fixed, compiled back in for the controlled scheduler to
/// find again (Verification/controlled, `run --known-bugs`): only with
/// `RACS_KNOWN_BUGS`, which needs `RACS_CONTROLLED` (SerializerLimits.swift
/// refuses it otherwise), so neither the normal build nor the plain
/// controlled one holds a line of them. Each is off until the harness's
/// `--bug NAME` turns it on (`racs_controlled_settings.known_bugs`), so one
/// build serves every bug, one at a time.
@usableFromInline
internal enum RACKnownBug {
    /// Round 2's stalled bit (4d8b51f): a waiter that gave up sets it, only
    /// a new owner clears it, and while it is set no arrival waits, so the
    /// backlog bound is off. `--bug stalled-bit`.
    @inlinable internal static var stalledBit: Bool { racs_controlled_known_bug(1) }

    /// Round 2's early return (4d8b51f): a `dispose()` that finds another
    /// thread's disposal under way returns at once. `--bug second-dispose`.
    @inlinable internal static var secondDisposeReturnsAtOnce: Bool { racs_controlled_known_bug(2) }

    /// F1 (before 04d6816): a `dispose()` that did not run the disposal
    /// returns on `done` without the barrier, while an add that returned
    /// before it may still be queued behind the disposal's own operation.
    /// `--bug no-barrier`.
    @inlinable internal static var laterDisposeSkipsBarrier: Bool { racs_controlled_known_bug(4) }

    /// The `fanout` branch's lending loop (before main's lent blocks): the
    /// subject's `lendingWord` tested once per delivery, not before every
    /// call, so an unsubscribe counted in during a delivery does not stop
    /// it calling the lent blocks. `--bug lending-once`.
    @inlinable internal static var lendingWordTestedOnce: Bool { racs_controlled_known_bug(8) }

    /// F5 (`hot.pml`'s first run; fixed before it landed, M101): a hot
    /// signal's connector publishes its connection over whatever is
    /// published, a newer generation's too, and cancels the one it replaced
    /// as older. A connector that runs late (its generation ended, a newer
    /// one connected) then cancels the newer, live connection: its
    /// subscribers lose the source. `--bug late-connector`.
    @inlinable internal static var lateConnectorReplaces: Bool { racs_controlled_known_bug(16) }

    /// A word no thread writes, read in place of the subject's
    /// `lendingWord` by the loop `lendingWordTestedOnce` breaks: it is 0,
    /// so every test of it passes. Never freed (one word per process).
    @usableFromInline nonisolated(unsafe) internal static let neverCountedIn: RACAtomicWord = {
        let word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        word.initialize(to: 0)
        return RACAtomicWord(word)
    }()
}
#endif

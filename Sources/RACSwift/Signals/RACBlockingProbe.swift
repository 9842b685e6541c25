import CShims

/// A blocking read's probe (CShims' RACBlockingProbe.h), open on this thread
/// from `init()` to `close()`, with its Swift side: the subjects that the
/// subscription made meanwhile reached, kept until the probe closes and
/// counted then.
///
/// Counted late, because who can send into a subject that no thread is
/// delivering depends on what feeds it (see `RACSubjectFeed`), and a
/// subscription may subscribe to a subject before it makes that feed:
/// `autoconnect()` subscribes its subscriber to the connection's subject,
/// then connects.
///
/// A connection opens one too while it subscribes to its source: what that
/// subscription reaches is what feeds the connection's subject.
internal struct RACBlockingProbe {
    /// The probe this one replaces, given back when it closes.
    private let outer: racs_blocking_probe

    /// Opens a probe on this thread. Inside another one (a read in the
    /// subscription of another read, a connection connecting there), what
    /// this one reached counts for the outer one too, once it closes.
    internal init() {
        outer = racs_probe_open()
    }

    /// Notes, if a probe is open on this thread, that a subscription
    /// reached `subject` in the way `reach` says.
    @inline(__always)
    internal static func note(_ subject: RACSubjectCoreBase, _ reach: RACProbeReach) {
        if racs_probe_is_open() { keep(subject, reach) }
    }

    private static func keep(_ subject: RACSubjectCoreBase, _ reach: RACProbeReach) {
        if let kept = racs_probe_subjects() {
            Unmanaged<RACProbedSubjects>.fromOpaque(kept).takeUnretainedValue().entries.append((subject, reach))
        } else {
            let kept = RACProbedSubjects()
            kept.entries.append((subject, reach))
            racs_probe_set_subjects(Unmanaged.passRetained(kept).toOpaque())
        }
    }

    /// The subjects the subscription reached so far, if it reached some
    /// and nothing else: then they alone can send through it.
    internal func subjectsAlone() -> [RACSubjectCoreBase]? {
        guard racs_probe_reached_only_subjects(), let kept = racs_probe_subjects() else { return nil }
        return Unmanaged<RACProbedSubjects>.fromOpaque(kept).takeUnretainedValue().entries.map(\.subject)
    }

    /// Counts the subjects reached, closes the probe, and says whether only
    /// this thread could answer the read (see `racs_probe_close`).
    @discardableResult
    internal func close() -> racs_probe_verdict {
        if let kept = racs_probe_subjects() {
            racs_probe_set_subjects(nil)
            for (subject, reach) in Unmanaged<RACProbedSubjects>.fromOpaque(kept).takeRetainedValue().entries {
                switch reach {
                case .joinedAsOwner: racs_probe_note_owned_subject()
                case .handedOver: racs_probe_note_other_source()
                case .subscribedInPlace:
                    switch subject.nextSender(within: RACSubjectFeed.depth) {
                    case .onlyThisThread: racs_probe_note_owned_subject()
                    case .onlyTheMainQueue: racs_probe_note_main_thread_work()
                    case .anyThread: racs_probe_note_other_source()
                    }
                }
            }
        }
        return racs_probe_close(outer)
    }
}

/// How a subscription made under a probe reached a subject.
internal enum RACProbeReach {
    /// This thread is delivering the subject: the subscription got its
    /// replay at once, and joins once this thread has applied what was
    /// handed over before it (`subscribeAsOwner`).
    case joinedAsOwner
    /// No thread was delivering it: this thread subscribed, and replayed,
    /// at once.
    case subscribedInPlace
    /// Another thread was delivering it: that thread subscribes, and
    /// replays, later.
    case handedOver
}

/// The subjects a probe's subscription reached, in the order reached: what
/// the C probe's `subjects` holds.
private final class RACProbedSubjects {
    var entries: [(subject: RACSubjectCoreBase, reach: RACProbeReach)] = []
}

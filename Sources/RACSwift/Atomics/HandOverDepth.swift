import CShims

/// How deep a chain of sends made from inside deliveries has gone: what
/// stops a cycle of subjects (a subject subscribed to itself through an
/// operator, two subjects subscribed to each other) instead of letting its
/// first `sendNext` loop for ever.
///
/// RAC 2.5 delivered a send made from inside a delivery at once, nested on
/// the stack, so a cycle recursed until the stack overflowed. A serializer
/// turns that recursion into a loop: the thread inside hands the send over
/// to itself and applies it after the current one, so a cycle never ends,
/// never grows the stack or the memory, and says nothing. The depth gives
/// the recursion back its measure, without the stack:
///
/// - An operation applied at once (`perform`'s `now`) is at the depth of
///   the thread that applies it: the depth of whatever that thread is
///   applying itself (`current`, 0 outside any drain).
/// - An operation handed over is one deeper than its sender's `current`
///   (`stamp(handingOverTo:)`, in `RACSerializer.handOver`: the slow path only),
///   and the thread that applies it, whichever it is, sets `current` to
///   that depth while it does (`RACSerializer.drain`).
///
/// So a chain of sends each made from inside the application of the one
/// before has, at its n-th hand-over, a depth of at least n, on whichever
/// threads it runs; and a chain that ends keeps the depth its longest run
/// of hand-overs reached, however many values it carries (a flood of
/// values each forwarded once stays at depth 1 or 2).
///
/// **Why a cycle is stopped.** Every lap of a cycle of sends passes through
/// a serializer that is busy: the subject the thread is inside already (it
/// sent the value that comes back), or one another thread is inside. So
/// every lap is at least one hand-over made from inside the application of
/// the lap before, and the depth grows by at least one per lap. The lap
/// that makes it pass `limit` stops the program with a message that names
/// the serializer's subject (`racMisuse`). No timeout, no count of events
/// that a long legitimate flood could also reach.
///
/// **Why legitimate feedback is not.** A feedback that ends (a subscriber
/// that sends into its own subject until some condition holds) has a depth
/// of at most its number of steps. RAC 2.5 ran each of those steps nested
/// in the one before (`-[RACSubject sendNext:]`, its
/// `-enumerateSubscribersUsingBlock:` and the block it calls,
/// `-[RACPassthroughSubscriber sendNext:]`, `-[RACSubscriber sendNext:]`,
/// the `next` block: six frames, each at least a return address and a
/// saved frame pointer, 16 bytes), so a feedback of depth `limit` took
/// RAC 2.5 at least 131 072 × 96 B = 12 MiB of stack: more than a main
/// thread's 8 MiB (a secondary thread has 512 KiB on Apple platforms,
/// 8 MiB on Linux). Any feedback that ran in RAC 2.5 runs here, unchanged.
///
/// **What it costs.** Nothing on the uncontended path (a send that finds the
/// subject idle neither reads nor writes the depth): a hand-over reads the
/// thread-local once and writes its node's word; a drain writes the
/// thread-local once per operation it applies.
@usableFromInline
internal enum RACHandOverDepth {
    /// The deepest hand-over allowed (see above): 2^17.
    @inlinable internal static var limit: Int { 1 << 17 }

    /// The depth of the operation the calling thread is applying.
    @inlinable
    internal static var current: Int {
        get { racs_handover_depth_get() }
        set { racs_handover_depth_set(newValue) }
    }

    /// The depth of an operation the calling thread hands over now: one
    /// deeper than `current`. Past `limit`, stops the program, naming what
    /// the operation was handed to: `guarded`, a signal (a subject) by its
    /// type and name, or, if nil, a serializer of another kind.
    @usableFromInline
    internal static func stamp(handingOverTo guarded: AnyObject?) -> Int {
        let depth = current + 1
        if depth > limit { racMisuse(cycleMessage(name(of: guarded))) }
        return depth
    }

    /// `guarded` as the stop's message names it.
    internal static func name(of guarded: AnyObject?) -> String {
        guard let guarded else {
            return "a subscriber that serializes its events (a createSignal block's, merge's, flatten's), "
                + "or a compound disposable,"
        }
        return (guarded as? any RACNamed)?.misuseName ?? "\(type(of: guarded))"
    }

    /// The stop's message, for a cycle through `name`.
    internal static func cycleMessage(_ name: String) -> String {
        """
        \(name) is in a cycle of sends that never ends: it was sent a value from inside a delivery \
        that its previous value caused, \(limit) times in a chain (a subject subscribed to itself, \
        directly or through operators; subjects subscribed to each other; a subscriber that sends \
        into the subject it listens to for every value it receives). RAC 2.5 recursed here until \
        the stack overflowed; RACSwift would loop for ever. Break the cycle: end the feedback on a \
        condition (take(_:), filter, distinctUntilChanged()), or send from outside the delivery \
        (deliverOn a scheduler).
        """
    }
}

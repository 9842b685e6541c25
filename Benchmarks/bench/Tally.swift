/// The subscriber work of every case, raw or library: count each value, add
/// it up, and fold it into an order fingerprint.
///
/// The fingerprint (`f = f * 31 + v`) is equal for two tallies exactly when
/// they saw the same values in the same order (up to hash collisions), which
/// is how W7 checks that racing senders give every subscriber one order.
///
/// The state lives behind a pointer rather than in stored `var`s so that the
/// hot path pays no dynamic exclusivity check (`swift_beginAccess`): the
/// measured cost is the delivery, not the bookkeeping.
// @unchecked Sendable: each tally belongs to one subscription (or one raw
// subscriber), whose deliveries are serialized, and is read after the run.
final class Tally: @unchecked Sendable {
    private struct State {
        var count = 0
        var sum = 0
        var fingerprint = 0
    }

    private let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    deinit {
        state.deallocate()
    }

    @inline(__always)
    func add(_ value: Int) {
        state.pointee.count &+= 1
        state.pointee.sum &+= value
        state.pointee.fingerprint = state.pointee.fingerprint &* 31 &+ value
    }

    var count: Int { state.pointee.count }
    var sum: Int { state.pointee.sum }
    var fingerprint: Int { state.pointee.fingerprint }

    /// `count` fresh tallies.
    static func make(_ count: Int) -> [Tally] {
        (0..<count).map { _ in Tally() }
    }

    /// What `subscribers` tallies observe when each receives every value of
    /// `values` once, in one order.
    static func expected(subscribers: Int, values: Range<Int>) -> Observed {
        let sum = (values.lowerBound + values.upperBound - 1) * values.count / 2
        return ["deliveries": subscribers * values.count, "sum": subscribers * sum, "orders differ": 0]
    }
}

extension Array where Element == Tally {
    /// What a case reads from its subscribers' tallies; compare with
    /// `Tally.expected(subscribers:values:)`.
    var observed: Observed {
        let first = self.first?.fingerprint
        return [
            "deliveries": reduce(0) { $0 + $1.count },
            "sum": reduce(0) { $0 &+ $1.sum },
            "orders differ": allSatisfy { $0.fingerprint == first } ? 0 : 1,
        ]
    }

    /// One subscriber block per tally, as a raw baseline holds them.
    var blocks: [(Int) -> Void] {
        map { tally in { tally.add($0) } }
    }
}

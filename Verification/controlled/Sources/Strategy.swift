#if RACS_CONTROLLED
/// Picks the thread that runs at each scheduling point.
protocol Strategy: AnyObject {
    /// One of `eligible` (never empty, ascending). `current` is the thread
    /// that reached the point (-1 at the start); `currentCanRun` whether it
    /// is among `eligible` without having spun: picking another then is a
    /// preemption.
    func choose(_ eligible: [Int], current: Int, currentCanRun: Bool) -> Int
}

/// The choice that makes no preemption: the current thread if it can run,
/// else the lowest-numbered one that can.
func defaultChoice(_ eligible: [Int], current: Int, currentCanRun: Bool) -> Int {
    currentCanRun ? current : eligible[0]
}

/// No preemption at all: each thread runs until it spins, sleeps or ends.
final class NonPreemptive: Strategy {
    private(set) var decisions = 0
    func choose(_ eligible: [Int], current: Int, currentCanRun: Bool) -> Int {
        decisions += 1
        return defaultChoice(eligible, current: current, currentCanRun: currentCanRun)
    }
}

/// SplitMix64: a small, fast generator whose whole state is its seed, so
/// that a printed seed replays a schedule exactly.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// Probabilistic concurrency testing (PCT: Burckhardt, Kothari, Musuvathi
/// and Nagarakatte, ASPLOS 2010) of depth `depth`: each thread gets a
/// random priority, the highest-priority thread that can run runs, and at
/// `depth - 1` random steps the running thread drops below every other.
/// A bug that needs `depth - 1` ordering constraints is found with
/// probability at least 1 / (threads × steps^(depth-1)) per schedule.
final class PCT: Strategy {
    private var priorities: [Int]
    private var changePoints: [Int: Int]
    private var step = 0

    init(seed: UInt64, threads: Int, steps: Int, depth: Int) {
        var random = SplitMix64(seed: seed)
        // Distinct initial priorities, all above the change points' low
        // ones (0 ..< depth - 1).
        var order = Array(0..<threads)
        for index in stride(from: threads - 1, to: 0, by: -1) {
            order.swapAt(index, random.below(index + 1))
        }
        priorities = order.map { $0 + depth }
        changePoints = [:]
        for low in 0..<(depth - 1) {
            changePoints[1 + random.below(max(steps, 1))] = low
        }
    }

    func choose(_ eligible: [Int], current: Int, currentCanRun: Bool) -> Int {
        step += 1
        if current >= 0, let low = changePoints[step] { priorities[current] = low }
        var best = eligible[0]
        for thread in eligible where priorities[thread] > priorities[best] { best = thread }
        return best
    }
}

/// Replays a schedule given as the choices that differ from the default
/// one (`defaultChoice`), by decision number: what the exhaustive
/// enumeration prints for a failure.
final class Replay: Strategy {
    private let deviations: [Int: Int]
    private var decision = 0
    init(deviations: [Int: Int]) { self.deviations = deviations }
    func choose(_ eligible: [Int], current: Int, currentCanRun: Bool) -> Int {
        decision += 1
        if let thread = deviations[decision], eligible.contains(thread) { return thread }
        return defaultChoice(eligible, current: current, currentCanRun: currentCanRun)
    }
}
#endif

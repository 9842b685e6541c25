/// Whether a multi-threaded baseline really contended in a run: a pthread
/// mutex loop run by 2 or 4 threads is bimodal (README: 32-38 M deliveries/s
/// on this machine when the threads keep handing the lock over, 75-96 M/s
/// when one runs in long bursts), so its run by one thread, measured beside
/// it, says which mode this run saw, and a verdict does not depend on luck.
enum Contention {
    /// The threads contended when together they delivered less than this
    /// fraction of one thread's throughput (lock hand-overs cost more than
    /// the second thread adds; in bursts they deliver about as much).
    static let threshold = 0.75
    /// The target against a contended loop: at least this many times its
    /// throughput (issue 25); against one that ran in bursts, at least 1.
    static let contendedFactor = 1.5

    /// The mode, and the throughput factor a case must reach against the
    /// baseline, from the baseline's median and its one-thread median (ns
    /// per operation).
    static func mode(baseline: Double, oneThread: Double) -> (contended: Bool, factor: Double, phrase: String) {
        let relative = oneThread / baseline      // the threads' throughput over one thread's
        let contended = relative < threshold
        return (contended, contended ? contendedFactor : 1,
                String(format: "%@: its threads delivered %.2fx one thread's %.1f M/s",
                       contended ? "contended" : "not contended (bursts)", relative, 1e3 / oneThread))
    }
}

import RACSwift

/// W7: two threads, then four, send concurrently into a subject with 4
/// subscribers.
/// Checks that every value arrives exactly once at every subscriber and that
/// all subscribers saw one order (docs/Concurrency.md points 1 and 2).
enum W7Contended: Workload {
    static let id = "W7"

    static func cases(_ mode: Mode) -> [Case] {
        [RawLockedFanOut.senders, 4].map { senders in contended(senders: senders, mode) }
    }

    private static func contended(senders: Int, _ mode: Mode) -> Case {
        let n = RawLockedFanOut.subscribers
        let perThread = mode.count(RawLockedFanOut.fullSendsPerThread * 2 / senders)
        return Case(
            workload: id, label: "subject N=\(n) \(senders) threads",
            params: ["N": n, "threads": senders, "M": perThread], unit: "delivery",
            units: senders * perThread * n, expected: RawLockedFanOut.expected(perThread: perThread, senders: senders),
            baseline: RawLockedFanOut.case(mode, senders: senders, perThread: perThread),
            targets: [.throughputOfBaseline]
        ) {
            let subject = RACSubject<Int>()
            let tallies = Tally.make(n)
            subject.subscribeTallies(tallies)
            let threads = SenderThreads(count: senders, perThread: perThread, send: { subject.sendNext($0) })
            return Trial(run: threads.run, observe: { tallies.observed })
        }
    }
}

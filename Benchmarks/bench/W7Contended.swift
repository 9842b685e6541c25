import RACSwift

/// W7: two threads, then four, send concurrently into a subject with 4
/// subscribers.
/// Checks that every value arrives exactly once at every subscriber and that
/// all subscribers saw one order (docs/Concurrency.md points 1 and 2).
enum W7Contended: Workload {
    static let id = "W7"

    static func cases(_ mode: Mode) -> [Case] {
        [RawLockedFanOut.senders, 4].map { senders in contended(senders: senders, mode) } + [forwardingCycle(mode)]
    }

    /// Two subjects whose subscribers forward each value into the other,
    /// `hops` times, while one thread sends into each: each delivering
    /// thread, inside its own subject's delivery, hands over into the other
    /// while the other's does the same (docs/Concurrency.md point 9, the
    /// brief waits). No raw baseline and no target: it watches that such a
    /// cycle costs a few nanoseconds per delivery, not a wait per value.
    private static func forwardingCycle(_ mode: Mode) -> Case {
        let hops = 3
        let perThread = mode.count(RawLockedFanOut.fullSendsPerThread / 2)
        let deliveries = 2 * perThread * (hops + 1)
        return Case(
            workload: id, label: "forwarding cycle 2 threads", params: ["threads": 2, "M": perThread, "hops": hops],
            unit: "delivery", units: deliveries,
            expected: ["deliveries": deliveries, "sum": 2 * perThread * hops * (hops + 1) / 2]
        ) {
            let first = RACSubject<Int>(), second = RACSubject<Int>()
            let firstTally = Tally(), secondTally = Tally()
            first.subscribeNext { value in
                firstTally.add(value)
                if value > 0 { second.sendNext(value - 1) }
            }
            second.subscribeNext { value in
                secondTally.add(value)
                if value > 0 { first.sendNext(value - 1) }
            }
            let threads = SenderThreads(count: 2, perThread: perThread, send: { value in
                (value < perThread ? first : second).sendNext(hops)
            })
            return Trial(run: threads.run, observe: {
                ["deliveries": firstTally.count + secondTally.count, "sum": firstTally.sum + secondTally.sum]
            })
        }
    }

    private static func contended(senders: Int, _ mode: Mode) -> Case {
        let n = RawLockedFanOut.subscribers
        let perThread = mode.count(RawLockedFanOut.fullSendsPerThread * 2 / senders)
        return Case(
            workload: id, label: "subject N=\(n) \(senders) threads",
            params: ["N": n, "threads": senders, "M": perThread], unit: "delivery",
            units: senders * perThread * n, expected: RawLockedFanOut.expected(perThread: perThread, senders: senders),
            baseline: RawLockedFanOut.case(mode, senders: senders, perThread: perThread),
            targets: [.throughputOfBaseline],
            // The same deliveries by one thread: which mode the mutex loop
            // was in (see `Contention`).
            oneThreadBaseline: RawLockedFanOut.case(mode, senders: 1, perThread: senders * perThread)
        ) {
            let subject = RACSubject<Int>()
            let tallies = Tally.make(n)
            subject.subscribeTallies(tallies)
            let threads = SenderThreads(count: senders, perThread: perThread, send: { subject.sendNext($0) })
            return Trial(run: threads.run, observe: { tallies.observed })
        }
    }
}

/// Raw baseline for W7: the fan-out loop guarded by one pthread mutex, with
/// threads sending at the same time. The mutex gives what the library must
/// give without one: serialized delivery, one order for all subscribers.
// @unchecked Sendable: its mutex guards every send.
final class RawLockedFanOut: @unchecked Sendable {
    /// W7's first row's sender threads (`W7Contended.senderCounts` has them all).
    static let senders = 2
    static let subscribers = 4

    private let mutex = RawMutex()
    private let blocks: [(Int) -> Void]

    init(blocks: [(Int) -> Void]) {
        self.blocks = blocks
    }

    @inline(never)
    func send(_ value: Int) {
        mutex.lock()
        for block in blocks {
            block(value)
        }
        mutex.unlock()
    }

    /// Sends per thread in a full run.
    static let fullSendsPerThread = 500_000

    /// What W7 and this case observe when each thread sends `perThread` values.
    static func expected(perThread: Int, senders: Int = senders) -> Observed {
        Tally.expected(subscribers: subscribers, values: 0..<senders * perThread)
    }

    static func `case`(_ mode: Mode, senders: Int = senders, perThread: Int? = nil) -> Case {
        let perThread = perThread ?? mode.count(fullSendsPerThread)
        return Case(
            workload: "raw", label: "mutex fan-out N=\(subscribers) \(senders) thread" + (senders == 1 ? "" : "s"),
            params: ["N": subscribers, "threads": senders, "M": perThread], unit: "delivery",
            units: senders * perThread * subscribers, expected: expected(perThread: perThread, senders: senders)
        ) {
            let tallies = Tally.make(subscribers)
            let fanOut = RawLockedFanOut(blocks: tallies.blocks)
            let threads = SenderThreads(count: senders, perThread: perThread, send: { fanOut.send($0) })
            return Trial(run: threads.run, observe: { tallies.observed })
        }
    }
}

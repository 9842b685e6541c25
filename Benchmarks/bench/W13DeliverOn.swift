import Dispatch
import RACSwift

/// W13: values per second from one sender, then four, through `deliverOn`
/// onto a serial `RACQueueScheduler`, to one subscriber, against raw
/// baselines in the same run and condition: a `DispatchQueue.async` per
/// value (what RAC 2.5's `-deliverOn:` does), and, quiet, a locked array
/// drained by one `async` per burst; and a flood of two senders into a slow
/// subscriber behind `deliverOn`. A repetition ends when the subscriber has
/// received the last value.
///
/// Targets (issue 32, contract point 19): in every condition no more wall
/// or CPU time per value than the async per value (quiet: at most a third
/// of its wall time, issue 25's target), quiet no slower than the batched
/// drain, and the flood at most 1.2x a bounded buffer's CPU per value.
enum W13DeliverOn: Workload {
    static let id = "W13"

    /// Values per repetition.
    static func values(_ mode: Mode) -> Int { mode.count(1_000_000) }

    static func cases(_ mode: Mode) -> [Case] {
        cases(mode, under: .quiet)
    }

    static func cases(_ mode: Mode, under condition: LoadCondition) -> [Case] {
        let m = condition.scaled(values(mode))
        let quiet = condition == .quiet
        let batched = delivered(m, label: "deliverOn serial queue vs batched drain",
                                baseline: RawDelivery.batchedCase(m), targets: [.throughputOfBaseline])
        let perValue = [1, 4].map { senders in
            delivered(m, senders: senders,
                      label: senders == 1 ? "deliverOn serial queue vs async per value"
                                          : "deliverOn \(senders) senders vs async per value",
                      baseline: RawDelivery.perValueCase(m, senders: senders),
                      targets: [.ratio(atMost: quiet && senders == 1 ? 1.0 / 3 : 1), .cpuRatio(atMost: 1)])
        }
        let flood = SlowSubscriberFlood.case(workload: id, label: "deliverOn flood slow subscriber 2 threads",
                                             senders: 2, mode, under: condition) { subscriber in
            let subject = RACSubject<Int>()
            let scheduler = RACQueueScheduler(name: "W13 flood", queue: DispatchQueue(label: "W13 flood"))
            subject.deliverOn(scheduler).subscribeNext { subscriber.receive($0) }
            return { subject.sendNext($0) }
        }
        return (quiet ? [batched] : []) + perValue + [flood]
    }

    /// The W8 row: allocations per value on the sending thread, in steady
    /// state (the drain's thread is not counted; it allocates nothing
    /// either: its chunks come back as the spare).
    static func allocationCase(_ mode: Mode) -> Case {
        let m = mode.count(200_000)
        return delivered(m, workload: W8Allocations.id, label: "deliverOn serial queue allocs", meter: .allocations,
                         baseline: nil, targets: [.absolute(atMost: 0)])
    }

    /// `m` values from `senders` threads (one: the measuring thread itself)
    /// through `deliverOn` to one tallying subscriber.
    private static func delivered(_ m: Int, senders: Int = 1, workload: String = id, label: String,
                                  meter: Meter = .nanoseconds, baseline: Case?, targets: [Target]) -> Case {
        let m = m / senders * senders
        return Case(
            workload: workload, label: label, params: ["M": m, "threads": senders], unit: "value", meter: meter,
            units: m, expected: Tally.expected(subscribers: 1, values: 0..<m), baseline: baseline, targets: targets
        ) {
            let subject = RACSubject<Int>()
            let tally = Tally()
            let done = DispatchSemaphore(value: 0)
            let settled = DispatchSemaphore(value: 0)
            let scheduler = RACQueueScheduler(name: "W13", queue: DispatchQueue(label: "W13"))
            // Warm-up values (negative, not tallied) make the chunks and the
            // spare before the measured run, as a steady state has them.
            subject.deliverOn(scheduler).subscribeNext { value in
                if value < 0 {
                    if value == -1 { settled.signal() }
                    return
                }
                tally.add(value)
                if tally.count == m { done.signal() }
            }
            for value in (1...W8Allocations.settlingSends).reversed() { subject.sendNext(-value) }
            settled.wait()
            guard senders > 1 else {
                return Trial(run: {
                    for value in 0..<m { subject.sendNext(value) }
                    done.wait()
                }, observe: { [tally].observed })
            }
            let threads = SenderThreads(count: senders, perThread: m / senders, send: { subject.sendNext($0) })
            return Trial(run: {
                threads.run()
                done.wait()
            }, observe: { [tally].observed })
        }
    }
}

/// W13's raw baselines: one serial `DispatchQueue`, one subscriber's tally.
enum RawDelivery {
    static func cases(_ mode: Mode) -> [Case] {
        [perValueCase(W13DeliverOn.values(mode)), batchedCase(W13DeliverOn.values(mode))]
    }

    /// One `DispatchQueue.async` per value (what RAC 2.5's `-deliverOn:`
    /// does), from `senders` threads (one: the measuring thread itself).
    static func perValueCase(_ m: Int, senders: Int = 1) -> Case {
        let m = m / senders * senders
        return Case(
            workload: "raw", label: "DispatchQueue.async per value" + (senders == 1 ? "" : " \(senders) senders"),
            params: ["M": m, "threads": senders], unit: "value",
            units: m, expected: Tally.expected(subscribers: 1, values: 0..<m)
        ) {
            let queue = DispatchQueue(label: "raw per value")
            let tally = Tally()
            let done = DispatchSemaphore(value: 0)
            let send = { @Sendable (value: Int) in
                queue.async {
                    tally.add(value)
                    if tally.count == m { done.signal() }
                }
            }
            guard senders > 1 else {
                return Trial(run: {
                    for value in 0..<m { send(value) }
                    done.wait()
                }, observe: { [tally].observed })
            }
            let threads = SenderThreads(count: senders, perThread: m / senders, send: send)
            return Trial(run: {
                threads.run()
                done.wait()
            }, observe: { [tally].observed })
        }
    }

    /// A mutex-guarded array: the sender appends, and the append that finds
    /// no drain scheduled schedules one `async`, which swaps the array out
    /// under the lock and delivers it, until it finds it empty.
    static func batchedCase(_ m: Int) -> Case {
        Case(
            workload: "raw", label: "locked array drained per burst", params: ["M": m], unit: "value",
            units: m, expected: Tally.expected(subscribers: 1, values: 0..<m)
        ) {
            let batch = LockedBatch(tally: Tally(), last: m - 1)
            return Trial(run: {
                for value in 0..<m { batch.send(value) }
                batch.done.wait()
            }, observe: { [batch.tally].observed })
        }
    }

    /// The batched baseline's state. `@unchecked Sendable`: the mutex guards
    /// `pending` and `scheduled`; the drain alone touches `draining`.
    final class LockedBatch: @unchecked Sendable {
        let tally: Tally
        let done = DispatchSemaphore(value: 0)
        private let last: Int
        private let queue = DispatchQueue(label: "raw batched")
        private let mutex = RawMutex()
        private var pending: [Int] = []
        private var draining: [Int] = []
        private var scheduled = false

        init(tally: Tally, last: Int) {
            self.tally = tally
            self.last = last
            pending.reserveCapacity(1_024)
            draining.reserveCapacity(1_024)
        }

        func send(_ value: Int) {
            mutex.lock()
            pending.append(value)
            let start = !scheduled
            scheduled = true
            mutex.unlock()
            if start { queue.async { self.drain() } }
        }

        private func drain() {
            while true {
                mutex.lock()
                if pending.isEmpty {
                    scheduled = false
                    mutex.unlock()
                    return
                }
                swap(&pending, &draining)
                mutex.unlock()
                for value in draining {
                    tally.add(value)
                    if value == last { done.signal() }
                }
                draining.removeAll(keepingCapacity: true)
            }
        }
    }
}

import Dispatch
import RACSwift

/// W13: values per second from one sender through `deliverOn` onto a serial
/// `RACQueueScheduler`, to one subscriber, against two raw baselines in the
/// same run: a `DispatchQueue.async` per value, and a locked array drained
/// by one `async` per burst. Targets: no slower than the batched drain, at
/// least 3x faster than the async per value. A repetition ends when the
/// subscriber has received the last value.
enum W13DeliverOn: Workload {
    static let id = "W13"

    /// Values per repetition.
    static func values(_ mode: Mode) -> Int { mode.count(1_000_000) }

    static func cases(_ mode: Mode) -> [Case] {
        let m = values(mode)
        return [
            delivered(m, label: "deliverOn serial queue vs batched drain",
                      baseline: RawDelivery.batchedCase(m), targets: [.throughputOfBaseline]),
            delivered(m, label: "deliverOn serial queue vs async per value",
                      baseline: RawDelivery.perValueCase(m), targets: [.ratio(atMost: 1.0 / 3)]),
        ]
    }

    /// The W8 row: allocations per value on the sending thread, in steady
    /// state (the drain's thread is not counted; it allocates nothing
    /// either: its chunks come back as the spare).
    static func allocationCase(_ mode: Mode) -> Case {
        let m = mode.count(200_000)
        return delivered(m, workload: W8Allocations.id, label: "deliverOn serial queue allocs", meter: .allocations,
                         baseline: nil, targets: [.absolute(atMost: 0)])
    }

    private static func delivered(_ m: Int, workload: String = id, label: String, meter: Meter = .nanoseconds,
                                  baseline: Case?, targets: [Target]) -> Case {
        Case(
            workload: workload, label: label, params: ["M": m], unit: "value", meter: meter, units: m,
            expected: Tally.expected(subscribers: 1, values: 0..<m), baseline: baseline, targets: targets
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
                if value == m - 1 { done.signal() }
            }
            for value in (1...W8Allocations.settlingSends).reversed() { subject.sendNext(-value) }
            settled.wait()
            return Trial(run: {
                for value in 0..<m { subject.sendNext(value) }
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

    /// One `DispatchQueue.async` per value (what RAC 2.5's `-deliverOn:` does).
    static func perValueCase(_ m: Int) -> Case {
        Case(
            workload: "raw", label: "DispatchQueue.async per value", params: ["M": m], unit: "value",
            units: m, expected: Tally.expected(subscribers: 1, values: 0..<m)
        ) {
            let queue = DispatchQueue(label: "raw per value")
            let tally = Tally()
            let done = DispatchSemaphore(value: 0)
            return Trial(run: {
                for value in 0..<m {
                    queue.async {
                        tally.add(value)
                        if value == m - 1 { done.signal() }
                    }
                }
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

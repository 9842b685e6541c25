import Foundation
import RACSwift

/// The floods into a slow subscriber (contract points 10 and 19): senders
/// that never pause, into a subscriber that takes `SlowWork` per value, so
/// the senders spend most of the run held at a bound. What counts is how
/// they wait there: the CPU time per delivered value, against
/// `RawBoundedBuffer`, the mutex + condition-variable queue a user would
/// write instead, whose senders sleep on the condition variable. Target:
/// at most 1.2x its CPU per value. (Wall time is printed too; it is about
/// the subscriber's work either way.)
enum SlowSubscriberFlood {
    /// Values per repetition in a full run, all senders together: about
    /// 50 ms of the subscriber's work.
    static let fullValues = 150_000

    /// A flood of `senders` threads into `into`, which `deliver`s each value
    /// to a `SlowSubscriber`; the W7 (subject) and W13 (`deliverOn`) rows.
    static func `case`(workload: String, label: String, senders: Int, _ mode: Mode, under condition: LoadCondition,
                       targets: [Target] = [.cpuRatio(atMost: 1.2)],
                       into: @escaping (_ subscriber: SlowSubscriber) -> @Sendable (Int) -> Void) -> Case {
        let perThread = condition.scaled(mode.count(fullValues)) / senders
        let total = senders * perThread
        return Case(
            workload: workload, label: label, params: ["threads": senders, "M": perThread, "work": SlowWork.rounds],
            unit: "value", units: total, expected: Tally.expected(subscribers: 1, values: 0..<total),
            baseline: RawBoundedBuffer.case(senders: senders, perThread: perThread), targets: targets
        ) {
            let subscriber = SlowSubscriber(total: total)
            let threads = SenderThreads(count: senders, perThread: perThread, send: into(subscriber))
            return Trial(run: {
                threads.run()
                subscriber.done.wait()
            }, observe: { [subscriber.tally].observed })
        }
    }
}

/// The subscriber's work per value: `rounds` dependent rounds of a
/// multiply-add and an xor-shift, about 0.4 µs here, far slower than a send.
/// The xor-shift is what keeps it work: a chain of multiply-adds alone is
/// one affine map, which the optimizer folds, once unrolled, into a single
/// multiply-add (a first version of this flood ran at 30 ns per value).
enum SlowWork {
    static let rounds = 200

    @inline(never)
    static func perform(_ value: Int) -> Int {
        var x = value
        for _ in 0..<rounds { x = (x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407) ^ (x >> 29) }
        return x
    }
}

/// A flood's subscriber: works on each value, tallies it, and signals
/// `done` at the last. Its deliveries are serialized (by the subject, the
/// scheduler or the buffer's one consumer).
// @unchecked Sendable: see above; read after `done`.
final class SlowSubscriber: @unchecked Sendable {
    let tally = Tally()
    let done = DispatchSemaphore(value: 0)
    private let total: Int
    /// The work's results, kept so that the work is not optimized away.
    private var sink = 0

    init(total: Int) {
        self.total = total
    }

    func receive(_ value: Int) {
        sink &+= SlowWork.perform(value)
        tally.add(value)
        if tally.count == total { done.signal() }
    }
}

/// The floods' raw baseline: a bounded buffer of 64 values under a pthread
/// mutex, with two condition variables; senders sleep while it is full, and
/// one consumer thread, sleeping while it is empty, takes each value out
/// and delivers it. The plain code the contract's waits must not burn more
/// CPU than (point 19).
// @unchecked Sendable: the mutex guards the ring and its counts.
final class RawBoundedBuffer: @unchecked Sendable {
    static let capacity = 64

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let notFull = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let notEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let ring = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    private var head = 0
    private var count = 0

    /// Starts the consumer, which delivers `total` values to `deliver`, then ends.
    init(total: Int, deliver: @escaping @Sendable (Int) -> Void) {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(notFull, nil)
        pthread_cond_init(notEmpty, nil)
        Thread { [self] in
            for _ in 0..<total { deliver(take()) }
        }.start()
    }

    deinit {
        pthread_cond_destroy(notEmpty)
        pthread_cond_destroy(notFull)
        pthread_mutex_destroy(mutex)
        for p in [notFull, notEmpty] { p.deallocate() }
        mutex.deallocate()
        ring.deallocate()
    }

    func send(_ value: Int) {
        pthread_mutex_lock(mutex)
        while count == Self.capacity { pthread_cond_wait(notFull, mutex) }
        ring[(head + count) % Self.capacity] = value
        count += 1
        pthread_cond_signal(notEmpty)
        pthread_mutex_unlock(mutex)
    }

    private func take() -> Int {
        pthread_mutex_lock(mutex)
        while count == 0 { pthread_cond_wait(notEmpty, mutex) }
        let value = ring[head]
        head = (head + 1) % Self.capacity
        count -= 1
        pthread_cond_signal(notFull)
        pthread_mutex_unlock(mutex)
        return value
    }

    /// `senders` threads flood the buffer with `perThread` values each.
    static func `case`(senders: Int, perThread: Int) -> Case {
        let total = senders * perThread
        return Case(
            workload: "raw", label: "mutex+condvar bounded buffer \(senders) threads",
            params: ["threads": senders, "M": perThread, "work": SlowWork.rounds, "capacity": capacity],
            unit: "value", units: total, expected: Tally.expected(subscribers: 1, values: 0..<total)
        ) {
            let subscriber = SlowSubscriber(total: total)
            let buffer = RawBoundedBuffer(total: total, deliver: { subscriber.receive($0) })
            let threads = SenderThreads(count: senders, perThread: perThread, send: { buffer.send($0) })
            return Trial(run: {
                threads.run()
                subscriber.done.wait()
            }, observe: { [subscriber.tally].observed })
        }
    }
}

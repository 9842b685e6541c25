#if RACS_CONTROLLED
import CShims
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// A deterministic scheduler over real threads: exactly one of the threads
/// it runs is running at any moment; the others wait on their gates. The
/// running thread stops at every scheduling point (each atomic operation of
/// the C shim, each spin pause, yield, futex wait and wake: see
/// CShims/include/RACControlled.h), where the strategy picks the thread that
/// runs next. So an execution is fixed by the strategy's choices alone,
/// and a seed replays it exactly.
///
/// Time is virtual: the clock moves only when no thread can run (every
/// thread asleep in a futex wait or a scenario's sleep), to the earliest
/// deadline. A patience of one second is thus reached in a few steps,
/// whenever the schedule leaves an owner stuck that long.
///
/// A thread that pauses or yields in a spin is not run again until some
/// other thread has taken a step (unless nobody else can run): the spin is
/// waiting for the others, and running it alone would prove nothing.
final class ControlledScheduler {
    enum Status: Equatable {
        case runnable
        /// Spun or yielded: runs again once another thread took a step.
        case yielded
        /// Asleep until a wake on `word` (if any) or the virtual `deadline`.
        case blocked(word: UnsafeMutableRawPointer?, deadline: Int64)
        case finished
    }

    struct Point {
        var kind: racs_point_kind
        var address: UnsafeRawPointer?
        var step: Int
        /// The word's value before the operation.
        var value = 0
    }

    final class Worker {
        let name: String
        /// Dropped once the thread has run it: it holds the scenario, which
        /// holds this scheduler.
        var body: (() -> Void)?
        let gate = DispatchSemaphore(value: 0)
        var status = Status.runnable
        var last: Point?
        var thread: pthread_t?
        init(name: String, body: @escaping () -> Void) {
            self.name = name
            self.body = body
        }
    }

    /// The scheduler of the schedule running now (one at a time).
    static var active: ControlledScheduler!

    let strategy: Strategy
    let maxSteps: Int
    let maxVirtualTime: Int64
    private(set) var workers: [Worker] = []
    /// The running worker's index.
    private(set) var current = -1
    private(set) var steps = 0
    private(set) var clock: Int64 = 0
    /// `racs_warn_once` calls by key (key 0: a waiter gave up).
    private(set) var warnings = [Int](repeating: 0, count: 8)
    /// Called at every scheduling point, before the choice.
    var observers: [() -> Void] = []
    /// Names for addresses, for traces.
    var labels: [UnsafeRawPointer: String] = [:]
    /// The last points, for a failure's trace.
    private var recent: [(worker: Int, point: Point)] = []
    private let done = DispatchSemaphore(value: 0)
    /// What ended the schedule early, if anything.
    private(set) var abort: String?
    /// Bumped at every step; the watchdog reads it (a thread blocked outside
    /// the scheduler's control would stop it).
    private var heartbeat = 0

    init(strategy: Strategy, maxSteps: Int = 200_000, maxVirtualTime: Int64 = 60_000_000_000) {
        self.strategy = strategy
        self.maxSteps = maxSteps
        self.maxVirtualTime = maxVirtualTime
    }

    func spawn(_ name: String, _ body: @escaping () -> Void) {
        workers.append(Worker(name: name, body: body))
    }

    /// Runs every spawned worker to its end under the strategy.
    func run() {
        precondition(workers.count <= ControlledTallies.prepared,
                     "\(workers.count) threads, more than the \(ControlledTallies.prepared) tallies prepared")
        Self.active = self
        ControlledHooks.install()
        for index in workers.indices {
            let box = Unmanaged.passRetained(WorkerStart(scheduler: self, index: index)).toOpaque()
            var thread = pthread_t()
            let made = pthread_create(&thread, nil, { raw in
                let start = Unmanaged<WorkerStart>.fromOpaque(raw!).takeRetainedValue()
                start.scheduler.workerMain(start.index)
                return nil
            }, box)
            precondition(made == 0, "pthread_create failed")
            workers[index].thread = thread
        }
        let watchdog = startWatchdog()
        switchTo(choose(from: -1))
        done.wait()
        watchdog.cancel()
        for worker in workers { pthread_join(worker.thread!, nil) }
        // They hold the scenario, which holds this scheduler.
        observers = []
    }

    private final class WorkerStart {
        let scheduler: ControlledScheduler
        let index: Int
        init(scheduler: ControlledScheduler, index: Int) {
            self.scheduler = scheduler
            self.index = index
        }
    }

    private func workerMain(_ index: Int) {
        let worker = workers[index]
        worker.gate.wait()
        racs_controlled_set_managed(true)
        // Subscriptions run inline on a thread that has a current scheduler,
        // as in RAC; without one they would go to a background queue that
        // the scheduler does not control.
        RACSchedulerSupport.runInline(worker.body!)
        worker.body = nil
        // The thread's exit, scheduled: its node cache home torn down (its
        // stacks marked exited, its nodes freed) and its live-count tally
        // given back, what their pthread key destructors would do after
        // this thread left the scheduler's control, racing the others.
        racs_node_controlled_thread_exit()
        racs_live_controlled_thread_exit()
        racs_controlled_set_managed(false)
        worker.status = .finished
        let next = choose(from: index)
        if next < 0 {
            done.signal()
        } else {
            current = next
            workers[next].gate.signal()
        }
    }

    // MARK: Scheduling points

    /// A scheduling point of the running thread.
    func point(_ kind: racs_point_kind, _ address: UnsafeRawPointer?) {
        let me = current
        steps += 1
        heartbeat &+= 1
        let point = Point(kind: kind, address: address, step: steps,
                          value: address.map { $0.load(as: Int.self) } ?? 0)
        workers[me].last = point
        recent.append((me, point))
        if recent.count > 2 * Self.traceLength { recent.removeFirst(Self.traceLength) }
        if steps > maxSteps {
            fail("no end after \(maxSteps) scheduling points (a livelock, or a wait that never ends)")
        }
        for observe in observers { observe() }
        for (index, worker) in workers.enumerated() where index != me && worker.status == .yielded {
            worker.status = .runnable
        }
        if kind == .relax || kind == .yield { workers[me].status = .yielded }
        switchTo(choose(from: me))
    }

    /// A futex wait: sleeps unless the word's low 32 bits differ from
    /// `expected`'s, until a wake on the word or `timeout` of virtual time.
    func wait(_ word: UnsafeMutablePointer<Int>, _ expected: Int, _ timeout: Int64) {
        point(.load, word)
        let low = UnsafeMutableRawPointer(word).load(as: UInt32.self)
        guard low == UInt32(truncatingIfNeeded: expected) else { return }
        sleep(on: UnsafeMutableRawPointer(word), for: timeout)
    }

    /// Sleeps for `duration` of virtual time, or until a wake on `word`.
    func sleep(on word: UnsafeMutableRawPointer?, for duration: Int64) {
        let me = current
        workers[me].status = .blocked(word: word, deadline: clock + max(duration, 1))
        switchTo(choose(from: me))
    }

    /// A futex wake: every thread asleep on `word` can run again.
    func wake(_ word: UnsafeMutablePointer<Int>) {
        point(.wake, word)
        let raw = UnsafeMutableRawPointer(word)
        for worker in workers {
            if case .blocked(let on, _) = worker.status, on == raw { worker.status = .runnable }
        }
    }

    func warn(_ key: Int) {
        warnings[key & 7] += 1
    }

    /// Who runs next, from `me` (-1 at the start): the strategy's choice
    /// among the threads that can run; moves the clock when none can.
    /// Returns -1 when every thread has finished.
    private func choose(from me: Int) -> Int {
        var eligible = workers.indices.filter { workers[$0].status == .runnable }
        if eligible.isEmpty {
            // Only spinners: they spin on each other.
            eligible = workers.indices.filter { workers[$0].status == .yielded }
        }
        if eligible.isEmpty {
            let deadlines = workers.compactMap { worker -> Int64? in
                if case .blocked(_, let deadline) = worker.status { return deadline }
                return nil
            }
            guard let earliest = deadlines.min() else { return -1 }
            clock = max(clock, earliest)
            if clock > maxVirtualTime {
                fail("deadlock: no thread can run and not all have finished, for \(maxVirtualTime / 1_000_000_000) s "
                    + "of virtual time (every thread asleep in a timed wait, again and again)")
            }
            for worker in workers {
                if case .blocked(_, let deadline) = worker.status, deadline <= clock { worker.status = .runnable }
            }
            eligible = workers.indices.filter { workers[$0].status == .runnable }
        }
        let stays = me >= 0 && workers[me].status == .runnable
        let next = strategy.choose(eligible, current: me, currentCanRun: stays)
        workers[next].status = .runnable
        return next
    }

    private func switchTo(_ next: Int) {
        let me = current
        guard next != me else { return }
        current = next
        workers[next].gate.signal()
        if me >= 0 && workers[me].status != .finished {
            workers[me].gate.wait()
        }
    }

    // MARK: Failures

    static let traceLength = 40

    /// Ends the process with a report: every thread's last scheduling point
    /// and the last steps. (The threads cannot be unwound, so a schedule
    /// that cannot finish ends the run.)
    func fail(_ reason: String) -> Never {
        abort = reason
        print(report(reason))
        ControlledRun.printReplayLine()
        exit(1)
    }

    func report(_ reason: String) -> String {
        var lines = ["FAILED: \(reason)", "  at step \(steps), virtual time \(Double(clock) / 1e9) s",
                     "  each thread's last scheduling point:"]
        for (index, worker) in workers.enumerated() {
            let last = worker.last.map { describe($0) } ?? "not started"
            lines.append("    [\(index)] \(worker.name): \(statusName(worker.status)), last \(last)"
                + (worker.last.map { " at step \($0.step)" } ?? ""))
        }
        lines.append("  the last \(min(recent.count, Self.traceLength)) steps:")
        for (worker, point) in recent.suffix(Self.traceLength) {
            lines.append("    \(point.step): [\(worker)] \(workers[worker].name) \(describe(point))")
        }
        return lines.joined(separator: "\n")
    }

    func describe(_ point: Point) -> String {
        let kinds = ["load", "store", "rmw", "fence", "pause", "yield", "wake"]
        let kind = kinds[Int(point.kind.rawValue)]
        guard let address = point.address else {
            switch point.kind {
            case .load: return "a step in a block"
            case .relax: return "a spin's pause"
            case .yield: return "a yield"
            default: return kind
            }
        }
        let value = point.value
        let name = labels[address] ?? "0x" + String(UInt(bitPattern: address), radix: 16)
        return "\(kind) \(name), was 0x\(String(UInt(bitPattern: value), radix: 16))"
    }

    private func statusName(_ status: Status) -> String {
        switch status {
        case .runnable: return "runnable"
        case .yielded: return "spinning"
        case .blocked(let word, let deadline):
            let on = word.map { labels[UnsafeRawPointer($0)] ?? "a word" } ?? "a sleep"
            return "asleep on \(on) until \(Double(deadline) / 1e9) s"
        case .finished: return "finished"
        }
    }

    /// Reports a thread that stopped outside the scheduler's points (in a
    /// lock, a real sleep) for 20 s of real time: the schedule cannot go on.
    private func startWatchdog() -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        var seen = -1
        timer.schedule(deadline: .now() + 20, repeating: 20)
        timer.setEventHandler { [unowned self] in
            let beat = heartbeat
            if beat == seen {
                print(report("thread \(current) ran for 20 s of real time without reaching a scheduling point "
                    + "(blocked outside the scheduler: a deadlock on something it does not control)"))
                ControlledRun.printReplayLine()
                exit(1)
            }
            seen = beat
        }
        timer.resume()
        return timer
    }
}
#endif

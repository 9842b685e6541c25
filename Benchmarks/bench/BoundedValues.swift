import Dispatch
import RACSwift

/// W11's bounded rows: `values(bufferingPolicy: .bounded(64))` against the
/// unbounded `values`, both fed by a sender thread while a task iterates, as
/// a producer feeds an async loop in an app. The bound makes the sender
/// wait for the loop (the wait that collapsed on a loaded machine, issue
/// 32); the unbounded stream never holds it up, so it is the speed to keep
/// within reach. Target, in every condition: at least half its throughput
/// (at most 2x its time per value). Beside them, in the same condition, the
/// same pair in plain code (`RawBoundedStream` against a plain
/// `AsyncStream`): what a bound costs a bridge that sleeps at once, and so
/// what the target asks of ours.
extension W11Async {
    /// Values per repetition in a full run.
    static let fullBoundedValues = 100_000
    static let bound = 64

    static func boundedValuesCases(_ mode: Mode, under condition: LoadCondition) -> [Case] {
        let m = condition.scaled(mode.count(fullBoundedValues))
        let ours = fromSender(m, label: "values(.bounded(\(bound))) from a thread",
                              baseline: fromSender(m, label: "values unbounded from a thread", subjectValues { $0.values }),
                              targets: [.ratio(atMost: 2)],
                              subjectValues { $0.values(bufferingPolicy: .bounded(bound)) })
        let raw = fromSender(m, label: "raw condvar bounded(\(bound)) AsyncStream from a thread",
                             baseline: fromSender(m, workload: "raw", label: "AsyncStream unbounded from a thread") {
                                 let (stream, continuation) = AsyncStream<Int>.makeStream()
                                 return ({ continuation.yield($0) }, { continuation.finish() }, stream)
                             }) {
            let buffer = RawBoundedStream(limit: bound)
            return ({ buffer.send($0) }, { buffer.finish() }, buffer.values)
        }
        return [ours, raw]
    }

    /// What a repetition iterates: a send for the sender thread, the end
    /// sent after its last value, and the sequence a task iterates.
    private typealias Bridge<S> = (send: @Sendable (Int) -> Void, finish: () -> Void, values: S)

    /// A bridge from a subject through the sequence `sequence` makes of it.
    private static func subjectValues<S>(_ sequence: @escaping (RACSubject<Int>) -> S) -> () -> Bridge<S> {
        {
            let subject = RACSubject<Int>()
            // `values` subscribes when read: before the sender starts, untimed.
            return ({ subject.sendNext($0) }, { subject.sendCompleted() }, sequence(subject))
        }
    }

    /// `m` values sent by one thread into a fresh `bridge()`, iterated by a task.
    private static func fromSender<S: AsyncSequence & Sendable>(
        _ m: Int, workload: String = id, label: String, baseline: Case? = nil, targets: [Target] = [],
        _ bridge: @escaping () -> Bridge<S>
    ) -> Case where S.Element == Int {
        Case(
            workload: workload, label: label, params: ["M": m, "bound": bound], unit: "value", units: m,
            expected: Tally.expected(subscribers: 1, values: 0..<m), baseline: baseline, targets: targets
        ) {
            let (send, finish, values) = bridge()
            let tally = Tally()
            let threads = SenderThreads(count: 1, perThread: m, send: send)
            return Trial(run: {
                let iterated = DispatchSemaphore(value: 0)
                Task {
                    do { for try await value in values { tally.add(value) } } catch {}
                    iterated.signal()
                }
                threads.run()
                finish()
                iterated.wait()
            }, observe: { [tally].observed })
        }
    }
}

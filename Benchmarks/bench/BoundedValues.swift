import Dispatch
import RACSwift

/// W11's bounded row: `values(bufferingPolicy: .bounded(64))` against the
/// unbounded `values`, both fed by a sender thread while a task iterates, as
/// a producer feeds an async loop in an app. The bound makes the sender
/// wait for the loop (the wait that collapsed on a loaded machine, issue
/// 32); the unbounded stream never holds it up, so it is the speed to keep
/// within reach. Target, in every condition: at least half its throughput
/// (at most 2x its time per value).
extension W11Async {
    /// Values per repetition in a full run.
    static let fullBoundedValues = 100_000
    static let bound = 64

    static func boundedValuesCase(_ mode: Mode, under condition: LoadCondition) -> Case {
        let m = condition.scaled(mode.count(fullBoundedValues))
        return valuesFromSender(m, label: "values(.bounded(\(bound))) from a thread",
                                baseline: valuesFromSender(m, label: "values unbounded from a thread") { $0.values },
                                targets: [.ratio(atMost: 2)]) { $0.values(bufferingPolicy: .bounded(bound)) }
    }

    /// `m` values sent by one thread into a subject, iterated by a task
    /// through the sequence `iterate` makes of it.
    private static func valuesFromSender<S: AsyncSequence & Sendable>(
        _ m: Int, label: String, baseline: Case? = nil, targets: [Target] = [],
        _ sequence: @escaping (RACSubject<Int>) -> S
    ) -> Case where S.Element == Int {
        Case(
            workload: id, label: label, params: ["M": m, "bound": bound], unit: "value", units: m,
            expected: Tally.expected(subscribers: 1, values: 0..<m), baseline: baseline, targets: targets
        ) {
            let subject = RACSubject<Int>()
            // `values` subscribes when read: before the sender starts, untimed.
            let values = sequence(subject)
            let tally = Tally()
            let threads = SenderThreads(count: 1, perThread: m, send: { subject.sendNext($0) })
            return Trial(run: {
                let iterated = DispatchSemaphore(value: 0)
                Task {
                    do { for try await value in values { tally.add(value) } } catch {}
                    iterated.signal()
                }
                threads.run()
                subject.sendCompleted()
                iterated.wait()
            }, observe: { [tally].observed })
        }
    }
}

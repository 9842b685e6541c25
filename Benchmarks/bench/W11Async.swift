import Dispatch
import RACSwift

/// W11: the Swift concurrency bridges. `signal.values` iterated, per value,
/// against a plain `AsyncStream` fed the same values; and `fromTask`
/// lifecycles (M subscriptions, each task sending one value and
/// completing), against plain `Task`s doing the same; and the bounded
/// `values` against the unbounded, beside the same pair in plain code
/// (`BoundedValues.swift`): the rows that wait, so the ones that run under
/// every load condition.
enum W11Async: Workload {
    static let id = "W11"

    static func cases(_ mode: Mode, under condition: LoadCondition) -> [Case] {
        (condition == .quiet ? cases(mode) : []) + boundedValuesCases(mode, under: condition)
    }

    static func cases(_ mode: Mode) -> [Case] {
        let m = mode.count(500_000)
        let lifecycles = mode.count(100_000)
        return [
            Case(
                workload: id, label: "values iterated", params: ["M": m], unit: "value",
                units: m, expected: Tally.expected(subscribers: 1, values: 0..<m),
                baseline: RawAsync.streamCase(mode), targets: [.ratio(atMost: 1.5)]
            ) {
                let source = RACSignal<Int>.createSignal { subscriber in
                    for value in 0..<m { subscriber.sendNext(value) }
                    subscriber.sendCompleted()
                    return nil
                }
                let tally = Tally()
                return Trial(run: {
                    let values = source.values
                    RawAsync.blockingOn {
                        do { for try await value in values { tally.add(value) } } catch {}
                    }
                }, observe: { [tally].observed })
            },
            Case(
                workload: id, label: "fromTask next+completed", params: ["M": lifecycles], unit: "lifecycle",
                units: lifecycles, expected: ["nexts": lifecycles, "completions": lifecycles],
                baseline: RawAsync.taskCase(mode), targets: [.ratio(atMost: 1.5)]
            ) {
                let signal = RACSignal<Int>.fromTask { subscriber in subscriber.sendNext(1) }
                let nexts = LockedCount(), completions = LockedCount()
                return Trial(run: {
                    let done = DispatchSemaphore(value: 0)
                    for _ in 0..<lifecycles {
                        signal.subscribeNext({ _ in nexts.add() }, completed: {
                            if completions.add() == lifecycles { done.signal() }
                        })
                    }
                    done.wait()
                }, observe: { ["nexts": nexts.total, "completions": completions.total] })
            },
        ]
    }
}

import RACSwift
import Foundation

/// W8's contended send: every `sendNext` of the measuring thread finds
/// another thread inside the subject's delivery, so each is a hand-over,
/// and the allocations the measuring thread makes are those of its
/// hand-overs (a node each before the node cache; 0 with it).
///
/// A helper thread and the measuring thread take turns with semaphores: the
/// helper sends an even value, whose delivery (the gate subscriber) lets
/// the measuring thread go and waits until it has sent; the measuring
/// thread sends an odd value, handed over to the helper, which delivers it
/// after the gate. The subscriber counts the odd values delivered on a
/// thread other than the measuring one: all of them, or the case fails.
enum ContendedSend {
    /// Rounds before counting starts, so that the sender's node cache (and
    /// the subject's lazy setup) is not charged to the steady state.
    static let settlingRounds = 1_000

    static func allocationCase(workload: String, _ mode: Mode) -> Case {
        let sends = mode.count(50_000)
        return Case(
            workload: workload, label: "contended send allocs", params: ["M": sends], unit: "send",
            meter: .allocations, units: sends,
            expected: ["deliveries": 2 * (settlingRounds + sends), "handedOver": settlingRounds + sends],
            targets: [.absolute(atMost: 0)]
        ) {
            let rounds = settlingRounds + sends
            let subject = RACSubject<Int>()
            let mayGo = DispatchSemaphore(value: 0), sent = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            let tally = Tally()
            let measuring = pthread_self()
            // Touched only inside deliveries, which the subject serializes.
            let handedOver = Tally()
            subject.subscribeNext { value in
                if value & 1 == 0 {
                    mayGo.signal()
                    sent.wait()
                } else if pthread_equal(pthread_self(), measuring) == 0 {
                    handedOver.add(value)
                }
                tally.add(value)
            }
            Thread {
                for round in 0..<rounds { subject.sendNext(2 * round) }
                done.signal()
            }.start()
            func send(_ round: Int) {
                mayGo.wait()
                subject.sendNext(2 * round + 1)
                sent.signal()
            }
            for round in 0..<settlingRounds { send(round) }
            return Trial(
                run: {
                    for round in settlingRounds..<rounds { send(round) }
                    done.wait()
                },
                observe: { ["deliveries": tally.count, "handedOver": handedOver.count] })
        }
    }
}

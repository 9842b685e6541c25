import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// Contract point 18: on a serial scheduler, every event of every
/// `deliverOn` subscription and every block scheduled through RACSwift runs
/// in the order of the calls that scheduled it, as RAC 2.5's one
/// `schedule:` per event gives. Each test interleaves two subscriptions'
/// events with plain `schedule` blocks, from one thread, in a random order
/// (a fixed seed per round), and checks that the scheduler ran them in
/// exactly that order.
final class SchedulerOrderTests: XCTestCase {
    /// One round's script: which of the three each call is.
    private enum Call { case a, b, block }

    private static func script(round: Int, length: Int) -> [Call] {
        var state = UInt64(round + 1) &* 0x9E37_79B9_7F4A_7C15
        return (0..<length).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return [Call.a, .b, .block][Int(state >> 33) % 3]
        }
    }

    /// Two subjects delivered on `scheduler`, and the log both they and the
    /// blocks append to (on the scheduler, so one at a time).
    private final class Round: @unchecked Sendable {
        let a = RACSubject<Int>()
        let b = RACSubject<Int>()
        let log = Shared<[String]>([])
        let finished = DispatchSemaphore(value: 0)
        var subscriptions: [RACDisposable] = []
        let expected: [String]

        init(scheduler: RACScheduler, calls: [Call]) {
            expected = calls.enumerated().map { index, call in
                switch call {
                case .a: return "a\(index)"
                case .b: return "b\(index)"
                case .block: return "block\(index)"
                }
            }
            let total = calls.count
            let log = log, finished = finished
            subscriptions = [
                a.deliverOn(scheduler).subscribeNext { value in
                    log.value.append("a\(value)")
                    if log.value.count == total { finished.signal() }
                },
                b.deliverOn(scheduler).subscribeNext { value in
                    log.value.append("b\(value)")
                    if log.value.count == total { finished.signal() }
                },
            ]
        }

        /// Makes the calls, in order, on the calling thread.
        func play(_ calls: [Call], on scheduler: RACScheduler) {
            let log = log, finished = finished, total = calls.count
            for (index, call) in calls.enumerated() {
                switch call {
                case .a: a.sendNext(index)
                case .b: b.sendNext(index)
                case .block:
                    scheduler.schedule {
                        log.value.append("block\(index)")
                        if log.value.count == total { finished.signal() }
                    }
                }
            }
        }

        func end() { subscriptions.forEach { $0.dispose() } }
    }

    /// Plays rounds from a background thread onto `scheduler` and waits for
    /// each (a generous deadline: only a hang reaches it).
    private func checkOrder(on scheduler: RACScheduler, rounds: Int = 100, length: Int = 60,
                            file: StaticString = #filePath, line: UInt = #line) {
        for roundIndex in 0..<rounds {
            let calls = Self.script(round: roundIndex, length: length)
            let round = Round(scheduler: scheduler, calls: calls)
            let sender = Thread { round.play(calls, on: scheduler) }
            sender.start()
            XCTAssertEqual(round.finished.wait(timeout: .now() + 120), .success, "round \(roundIndex) hung",
                           file: file, line: line)
            XCTAssertEqual(round.log.value, round.expected, "round \(roundIndex)", file: file, line: line)
            round.end()
        }
    }

    func testAQueueSchedulerRunsEventsAndBlocksInTheOrderScheduled() {
        checkOrder(on: RACQueueScheduler(name: "order", queue: DispatchQueue(label: "order")))
    }

    func testATargetQueueSchedulerRunsEventsAndBlocksInTheOrderScheduled() {
        checkOrder(on: RACTargetQueueScheduler(name: "order", targetQueue: .global()))
    }

    func testABackgroundSchedulerRunsEventsAndBlocksInTheOrderScheduled() {
        checkOrder(on: RACScheduler.scheduler(priority: .high, name: "order"))
    }

    /// From a thread outside any scheduler, the subscription scheduler runs
    /// blocks on its background scheduler, in order.
    func testTheSubscriptionSchedulerRunsEventsAndBlocksInTheOrderScheduled() {
        checkOrder(on: RACScheduler.subscriptionScheduler, rounds: 30)
    }

    /// The immediate scheduler runs everything at once: the order of the
    /// calls, trivially, and each subscription still one event at a time.
    func testTheImmediateSchedulerRunsEventsAndBlocksInTheOrderScheduled() {
        checkOrder(on: RACScheduler.immediateScheduler, rounds: 10)
    }

    /// A test scheduler runs one event or block per step, in the order
    /// scheduled.
    func testATestSchedulerStepsEventsAndBlocksOneAtATimeInTheOrderScheduled() {
        for roundIndex in 0..<20 {
            let scheduler = RACTestScheduler()
            let calls = Self.script(round: roundIndex, length: 40)
            let round = Round(scheduler: scheduler, calls: calls)
            round.play(calls, on: scheduler)
            XCTAssertEqual(round.log.value, [], "nothing runs before a step")
            for step in 1...calls.count {
                scheduler.step()
                XCTAssertEqual(round.log.value, Array(round.expected.prefix(step)), "round \(roundIndex), step \(step)")
            }
            round.end()
        }
    }

    /// The main thread scheduler, with the calls made on the main thread
    /// (the test's) and the main run loop then running the main queue.
    func testTheMainThreadSchedulerRunsEventsAndBlocksInTheOrderScheduled() {
        for roundIndex in 0..<30 {
            let calls = Self.script(round: roundIndex, length: 40)
            let round = Round(scheduler: RACScheduler.mainThreadScheduler, calls: calls)
            round.play(calls, on: RACScheduler.mainThreadScheduler)
            XCTAssertEqual(round.log.value, [], "deliverOn queues even on the main thread")
            let deadline = Date().addingTimeInterval(120)
            while round.log.value.count < calls.count && Date() < deadline {
                _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
            }
            XCTAssertEqual(round.log.value, round.expected, "round \(roundIndex)")
            round.end()
        }
    }

    /// And from another thread onto the main thread scheduler.
    func testTheMainThreadSchedulerKeepsTheOrderOfCallsFromAnotherThread() {
        for roundIndex in 0..<30 {
            let calls = Self.script(round: roundIndex, length: 40)
            let round = Round(scheduler: RACScheduler.mainThreadScheduler, calls: calls)
            let sender = Thread { round.play(calls, on: RACScheduler.mainThreadScheduler) }
            sender.start()
            let deadline = Date().addingTimeInterval(120)
            while round.log.value.count < calls.count && Date() < deadline {
                _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
            }
            XCTAssertEqual(round.log.value, round.expected, "round \(roundIndex)")
            round.end()
        }
    }
}

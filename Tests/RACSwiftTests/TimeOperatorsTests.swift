import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

// Helpers for the time operator tests, which run in virtual time: the test
// schedules what happens at which virtual second on a `RACTestScheduler`,
// steps it, and compares the log of everything that happened, in order.

/// What happened, in order.
final class TimeOpsLog: @unchecked Sendable {
    private(set) var entries: [String] = []

    func callAsFunction(_ entry: String) {
        entries.append(entry)
    }
}

extension RACTestScheduler {
    /// Runs `block` at `seconds` of virtual time.
    func timeOpsAt(_ seconds: TimeInterval, _ block: @escaping @Sendable () -> Void) {
        after(Date(timeIntervalSinceReferenceDate: seconds), schedule: block)
    }

    /// Logs `"@seconds"` at `seconds` of virtual time: a mark to tell when
    /// the entries around it happened.
    func timeOpsMark(_ seconds: TimeInterval, in log: TimeOpsLog) {
        timeOpsAt(seconds) { log("@\(seconds)") }
    }
}

extension RACSignal {
    /// Subscribes, logging `"value"`, `"error"` and `"completed"`.
    @discardableResult
    func timeOpsRecord(into log: TimeOpsLog) -> RACDisposable {
        subscribeNext({ log("\($0)") }, error: { _ in log("error") }, completed: { log("completed") })
    }
}


/// A scheduler that, like Dispatch, keeps a block it was given until the
/// block comes due, even once cancelled; here, until the test runs it.
final class TimeOpsHoldingScheduler: RACScheduler, @unchecked Sendable {
    private(set) var blocks: [() -> Void] = []

    @discardableResult
    override func schedule(_ block: @escaping () -> Void) -> RACDisposable? {
        blocks.append(block)
        return RACDisposable()
    }

    @discardableResult
    override func after(_ date: Date, schedule block: @escaping () -> Void) -> RACDisposable? {
        schedule(block)
    }

    func runAll() {
        let pending = blocks
        blocks = []
        for block in pending { block() }
    }
}

final class TimeOperatorsTests: XCTestCase {
    /// Disposing drops what is pending (delayed, queued, throttled, buffered
    /// events; a timeout's timer) and releases the subscriber at once, even
    /// on a scheduler that keeps cancelled blocks until they come due.
    func testPendingTimersDoNotKeepTheSubscriberAlive() {
        typealias Operator = (RACSignal<Int>, RACScheduler) -> RACSignal<Int>
        let operators: [(String, Operator)] = [
            ("deliverOn", { $0.deliverOn($1) }),
            ("delay", { $0.delay(1, onScheduler: $1) }),
            ("throttle", { $0.throttle(1, onScheduler: $1) }),
            ("timeout", { $0.timeout(1, onScheduler: $1) }),
            ("bufferWithTime", { $0.bufferWithTime(1, onScheduler: $1).map { $0.count } }),
        ]
        for (name, apply) in operators {
            let scheduler = TimeOpsHoldingScheduler()
            let subject = RACSubject<Int>()
            weak var weakToken: NSObject?
            let values = Shared<[Int]>([])
            var disposable: RACDisposable?
            do {
                let token = Shared(NSObject())
                weakToken = token.value
                disposable = apply(subject, scheduler).subscribeNext { _ in
                    withExtendedLifetime(token) { values.value.append(1) }
                }
            }
            subject.sendNext(1)
            XCTAssertFalse(scheduler.blocks.isEmpty, name)
            disposable?.dispose()
            XCTAssertNil(weakToken, "\(name): a pending block must not keep the subscriber alive")
            // timeout passes values.value on at once; the others hold them.
            let before = values.value
            scheduler.runAll()
            XCTAssertEqual(values.value, before, "\(name): nothing is sent after disposal")
        }
    }

    func testIntervalSendsTheSchedulersDateEveryInterval() {
        let scheduler = RACTestScheduler()
        let dates = Shared<[TimeInterval]>([])
        let disposable = RACSignal<Date>.interval(1.5, onScheduler: scheduler).subscribeNext {
            dates.value.append($0.timeIntervalSinceReferenceDate)
            XCTAssertTrue(RACScheduler.currentScheduler === scheduler)
        }
        XCTAssertEqual(dates.value, [], "the first date comes one interval after subscription")
        scheduler.step(3)
        XCTAssertEqual(dates.value, [1.5, 3, 4.5])
        disposable.dispose()
    }

    func testIntervalStopsWhenDisposed() {
        let scheduler = RACTestScheduler()
        let count = Shared(0)
        let disposable = RACSignal<Date>.interval(1, onScheduler: scheduler, withLeeway: 0.5)
            .subscribeNext { _ in count.value += 1 }
        scheduler.step(2)
        disposable.dispose()
        scheduler.stepAll() // returns only because the repetition is cancelled
        XCTAssertEqual(count.value, 2)
    }
}

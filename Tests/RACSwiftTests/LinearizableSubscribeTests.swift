import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// docs/Concurrency.md point 10: a subscription made from inside a delivery,
/// while another thread's sends are handed over and pending, hears none of
/// them, yet gets its replay at once, counting them in.
final class LinearizableSubscribeTests: XCTestCase {
    /// Sends 1 into `subject` from this thread; while 1 is being delivered,
    /// another thread runs `pending` (its sends are handed over to this
    /// thread and return), and then `inside` runs, still inside the delivery.
    private func whileDelivering(_ subject: RACSubject<Int>,
                                 after pending: @escaping @Sendable (RACSubject<Int>) -> Void,
                                 _ inside: @escaping @Sendable () -> Void) {
        let once = Once()
        subject.subscribeNext { value in
            guard value == 1, once.first() else { return }
            let done = DispatchSemaphore(value: 0)
            Thread {
                pending(subject)
                done.signal()
            }.start()
            done.wait()
            inside()
        }
        subject.sendNext(1)
    }

    func testSubjectSubscriberHearsNoPendingSend() {
        let subject = RACSubject<Int>()
        let late = Shared<[Int]>([])
        whileDelivering(subject, after: { $0.sendNext(2) }) {
            subject.subscribeNext { late.value.append($0) }
        }
        subject.sendNext(3)
        XCTAssertEqual(late.value, [3], "2 was sent, and its sendNext returned, before the subscribe")
    }

    func testPendingCompletionEndsTheSubscriberAtOnce() {
        let subject = RACSubject<Int>()
        let events = Shared<[String]>([])
        whileDelivering(subject, after: { $0.sendNext(2); $0.sendCompleted() }) {
            subject.subscribeNext({ events.value.append("next \($0)") }, completed: { events.value.append("completed") })
            XCTAssertEqual(events.value, ["completed"], "at once, inside the subscribe")
        }
        XCTAssertEqual(events.value, ["completed"])
    }

    func testReplaySubjectReplaysPendingValuesAtOnce() {
        let subject = RACReplaySubject<Int>()
        let late = Shared<[Int]>([])
        whileDelivering(subject, after: { $0.sendNext(2); $0.sendNext(3) }) {
            subject.subscribeNext { late.value.append($0) }
            XCTAssertEqual(late.value, [1, 2, 3], "the replay, at once, counts the pending sends in")
        }
        subject.sendNext(4)
        XCTAssertEqual(late.value, [1, 2, 3, 4], "each value once")
    }

    func testCapacityOneReplaysTheLatestPendingValue() {
        let subject = RACReplaySubject<Int>(capacity: 1)
        let late = Shared<[Int]>([])
        whileDelivering(subject, after: { $0.sendNext(2) }) {
            subject.subscribeNext { late.value.append($0) }
            XCTAssertEqual(late.value, [2])
        }
        subject.sendNext(3)
        XCTAssertEqual(late.value, [2, 3])
    }

    func testBehaviorSubjectFirstInsideABlockReadsTheLatestValue() {
        let subject = RACBehaviorSubject(defaultValue: 0)
        let read = Shared<Int?>(nil)
        whileDelivering(subject, after: { $0.sendNext(2) }) {
            read.value = subject.first()
        }
        XCTAssertEqual(read.value, 2, "2's sendNext returned before the read")
    }
}

/// True the first time only. Test scaffolding: a subscriber's block runs
/// on one thread at a time.
// @unchecked Sendable: test scaffolding, used one thread at a time.
private final class Once: @unchecked Sendable {
    private var done = false
    func first() -> Bool {
        defer { done = true }
        return !done
    }
}

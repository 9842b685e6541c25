import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// RAC 2.5's `-deliverOnMainThread` and `-setNameWithFormat:`. XCTest runs
/// tests on the main thread, and waiting for an expectation runs the main
/// queue.
final class DeliverOnMainThreadTests: XCTestCase {
    func testOnTheMainThreadEventsGoOnAtOnce() {
        let values = Shared<[Int]>([])
        let completed = Shared(false)
        RACSignal<Int>.createSignal { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }.deliverOnMainThread().subscribeNext({ values.value.append($0) }, completed: { completed.value = true })
        XCTAssertEqual(values.value, [1, 2], "delivered before subscribeNext returns")
        XCTAssertTrue(completed.value)
    }

    func testFromAnotherThreadEventsArriveOnTheMainThreadInOrder() {
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let allOnMain = Shared(true)
        let done = expectation(description: "completed")
        subject.deliverOnMainThread().subscribeNext({ value in
            allOnMain.value = allOnMain.value && Thread.isMainThread
            values.value.append(value)
        }, completed: { done.fulfill() })
        Thread {
            for value in 0..<100 { subject.sendNext(value) }
            subject.sendCompleted()
        }.start()
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, Array(0..<100))
        XCTAssertTrue(allOnMain.value)
    }

    /// An event sent on the main thread while an earlier one is being
    /// delivered does not nest inside it: queued by deliverOnMainThread when
    /// it arrives during that delivery, it follows it.
    func testAnEventSentDuringADeliveryDoesNotNest() {
        let source = RACSubject<Int>()
        let relay = Shared<(any RACSubscriber<Int>)?>(nil)
        // A source that sends straight from the block, not through a
        // subject's serializer, as RAC code does.
        let direct = RACSignal<Int>.createSignal { subscriber in
            relay.value = subscriber
            return source.subscribe(subscriber)
        }
        let log = Shared<[String]>([])
        let done = expectation(description: "second value")
        direct.deliverOnMainThread().subscribeNext { value in
            log.value.append("begin \(value)")
            if value == 1 { relay.value?.sendNext(2) }
            log.value.append("end \(value)")
            if value == 2 { done.fulfill() }
        }
        source.sendNext(1)
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(log.value, ["begin 1", "end 1", "begin 2", "end 2"])
    }

    func testSetNameNamesAndReturnsTheReceiver() {
        let signal = RACSignal.return(1).map { $0 + 1 }
        let named = signal.setName("counter")
        XCTAssertTrue(named === signal)
        XCTAssertEqual(signal.name, "counter")
    }
}

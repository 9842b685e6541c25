import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `subscribeNext(on: .main)` with many threads sending: its main-actor
/// blocks mutate a plain captured `var` and a non-Sendable array with no
/// synchronization, which is safe only because they never overlap and all
/// run on the main actor (Thread Sanitizer checks it), and they hear every
/// value once, each sender's in its order.
final class MainActorDeliveryStressTests: XCTestCase {
    @MainActor
    func testManySendersOneMainActorSubscriber() async {
        let senders = 4
        let perSender = 2_000
        for _ in 0..<5 {
            let subject = RACSubject<Int>()
            var count = 0
            var heard: [[Int]] = Array(repeating: [], count: senders)
            let done = expectation(description: "every value")
            subject.subscribeNext(on: .main) { value in
                count += 1
                heard[value / perSender].append(value % perSender)
                if count == senders * perSender { done.fulfill() }
            }
            DispatchQueue.global().async {
                runConcurrently(threads: senders) { sender in
                    for index in 0..<perSender { subject.sendNext(sender * perSender + index) }
                }
            }
            await fulfillment(of: [done], timeout: HangGuard.seconds) // a hang guard
            XCTAssertEqual(count, senders * perSender)
            for values in heard { XCTAssertEqual(values, Array(0..<perSender)) }
        }
    }
}

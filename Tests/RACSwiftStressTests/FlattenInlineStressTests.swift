import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `flattenMap`, `flatten(2)` and `concat` fed from two threads at once
/// with inner signals of three kinds: ones that end inline (a `map` of
/// `return`, sent without a subscription), ones that complete during their
/// subscription (`createSignal`), and ones that complete later on another
/// thread (`deliverOn`). The senders run as the current scheduler, so that
/// `return` sends inline off the main thread. Every value arrives once, in
/// each sender's order where the operator keeps it, and completion once.
// @unchecked Sendable: the threads call only its pure helpers.
final class FlattenInlineStressTests: XCTestCase, @unchecked Sendable {
    private let stride = 1_000_000

    func testInnersEndingInlineSynchronouslyAndLaterFromTwoSenders() {
        let senders = 2, perSender = 3_000
        let operators: [(String, (RACSignal<RACSignal<Int>>) -> RACSignal<Int>)] = [
            ("flatten", { $0.flatten() }), ("flatten(2)", { $0.flatten(2) }), ("concat", { $0.concat() }),
        ]
        let later = RACScheduler.scheduler()
        let identity: @Sendable (Int) -> Int = { $0 }
        for (name, operate) in operators {
            let outer = RACSubject<RACSignal<Int>>()
            let recorder = OrderRecorder()
            operate(outer).subscribeNext({ recorder.next($0) }, error: { _ in recorder.terminal() },
                                         completed: { recorder.terminal() })
            runConcurrently(threads: senders) { sender in
                RACScheduler.scheduler().performAsCurrentScheduler {
                    for index in 0..<perSender {
                        let value = sender * self.stride + index
                        switch index % 3 {
                        case 0: outer.sendNext(RACSignal.return(value).map(identity))
                        case 1: outer.sendNext(RACSignal.createSignal { subscriber in
                            subscriber.sendNext(value)
                            subscriber.sendCompleted()
                            return nil
                        })
                        default: outer.sendNext(RACSignal.return(value).deliverOn(later))
                        }
                    }
                }
            }
            outer.sendCompleted()
            XCTAssertTrue(recorder.waitForTerminal(), "hang: \(name): no terminal event")
            XCTAssertEqual(recorder.overlaps, 0, name)
            XCTAssertEqual(recorder.terminals, 1, name)
            XCTAssertEqual(recorder.eventsAfterTerminal, 0, name)
            XCTAssertEqual(Set(recorder.values).count, senders * perSender, "\(name): every value once")
            XCTAssertEqual(recorder.values.count, senders * perSender, "\(name): every value once")
            if name == "concat" {
                XCTAssertTrue(recorder.isFIFOPerSender(stride: stride), "concat keeps each sender's order")
            }
        }
    }
}

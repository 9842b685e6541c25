import RACSwift
import XCTest

/// A `createSignal` block may send from several threads at once: its
/// subscriber must still receive one event at a time (RAC 2.5 took
/// `@synchronized` for this), and a terminal event must never release the
/// blocks while a racing `next` is still running them.
final class CreateSignalStressTests: XCTestCase {
    func testRacingSendersAreSerialized() {
        let perThread = 20_000
        let recorder = OrderRecorder()
        var escaped: (any RACSubscriber<Int>)?
        RACSignal<Int>.createSignal { subscriber in
            escaped = subscriber
            return nil
        }.subscribeNext(recorder.next, completed: recorder.terminal)
        let subscriber = escaped!
        escaped = nil
        runConcurrently(threads: 4) { sender in
            for sequence in 0..<perThread { subscriber.sendNext(sender * 1_000_000 + sequence) }
        }
        subscriber.sendCompleted()
        XCTAssertTrue(recorder.waitForTerminal())
        XCTAssertEqual(recorder.overlaps, 0, "no two events at once")
        XCTAssertEqual(recorder.values.count, 4 * perThread)
        XCTAssertTrue(recorder.isFIFOPerSender(stride: 1_000_000))
    }

    func testNextRacingCompletedNeverOutlivesTheBlocks() {
        for _ in 0..<2_000 {
            final class Box { var count = 0 }
            let recorder = OrderRecorder()
            let box = Box()
            var escaped: (any RACSubscriber<Int>)?
            RACSignal<Int>.createSignal { subscriber in
                escaped = subscriber
                return nil
            }.subscribeNext({ value in
                box.count += 1
                recorder.next(value)
            }, completed: recorder.terminal)
            let subscriber = escaped!
            escaped = nil
            runConcurrently(threads: 2) { index in
                if index == 0 {
                    for value in 0..<50 { subscriber.sendNext(value) }
                } else {
                    subscriber.sendCompleted()
                }
            }
            XCTAssertTrue(recorder.waitForTerminal())
            XCTAssertEqual(recorder.terminals, 1)
            XCTAssertEqual(recorder.eventsAfterTerminal, 0)
            XCTAssertEqual(recorder.overlaps, 0)
        }
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// RACStream's `-bind:` on signals, and RAC's `-[RACSignal sequence]`.
final class BindAndSequenceTests: XCTestCase {
    func testBindFlattensAndStops() {
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let completed = Shared(false)
        let bindBlocksMade = Shared(0)
        subject.bind { () -> (Int, inout Bool) -> RACSignal<Int>? in
            bindBlocksMade.value += 1
            return { value, stop in
                if value == 3 { stop = true }
                return RACSignal.return(value * 10)
            }
        }.subscribeNext({ values.value.append($0) }, completed: { completed.value = true })
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendNext(3)
        subject.sendNext(4)
        XCTAssertEqual(values.value, [10, 20, 30], "the value that stops still passes; none after it")
        XCTAssertTrue(completed.value)
        XCTAssertEqual(bindBlocksMade.value, 1)
    }

    func testBindReturningNilEndsAtOnce() {
        let values = Shared<[Int]>([])
        let completed = Shared(false)
        RACSignal<Int>.createSignal { subscriber in
            for value in 1...5 { subscriber.sendNext(value) }
            return nil
        }.bind { { value, _ in value < 3 ? RACSignal.return(value) : nil } }
            .subscribeNext({ values.value.append($0) }, completed: { completed.value = true })
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertTrue(completed.value, "the receiver never completes; bind does")
    }

    func testSequenceOfASignalBlocksForEachValue() {
        let subject = RACReplaySubject<Int>()
        let sequence = subject.sequence()
        Thread {
            for value in 1...3 {
                usleep(1_000)
                subject.sendNext(value)
            }
            subject.sendCompleted()
        }.start()
        XCTAssertEqual(sequence.array, [1, 2, 3])
        XCTAssertEqual(sequence.array, [1, 2, 3], "the values are kept")
        XCTAssertEqual(RACSignal<Int>.error(RACSignalError.timedOut).sequence().array, [])
    }
}

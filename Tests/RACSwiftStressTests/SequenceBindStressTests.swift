import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// A bound lazy sequence read by many threads at once: its bind block (which
/// keeps state, as RAC's own bind blocks do) runs once per value, in order,
/// and every thread reads the same values.
final class SequenceBindStressTests: XCTestCase {
    func testABoundSequenceReadByManyThreads() {
        let threads = 8
        let length = 2_000
        for _ in 0..<10 {
            let calls = Tally()
            let order = Shared<[Int]>([])   // appended by the bind block only
            let bound = Array(0..<length).rac_sequence.map { $0 }.bind { () -> (Int, inout Bool) -> RACSequence<Int>? in
                var previous = -1
                return { value, _ in
                    calls.add()
                    // Unordered or concurrent calls would break this.
                    XCTAssertEqual(value, previous + 1)
                    previous = value
                    order.value.append(value)
                    return value % 3 == 0 ? .empty() : [value, value].rac_sequence
                }
            }
            let read = Shared<[[Int]]>(Array(repeating: [], count: threads))
            let lock = NSLock()
            runConcurrently(threads: threads) { index in
                let values = bound.array
                lock.lock()
                read.value[index] = values
                lock.unlock()
            }
            let expected = (0..<length).filter { $0 % 3 != 0 }.flatMap { [$0, $0] }
            XCTAssertEqual(calls.total, length, "one call per value")
            XCTAssertEqual(order.value, Array(0..<length))
            for values in read.value { XCTAssertEqual(values, expected) }
        }
    }
}

import Foundation
import RACSwift
import XCTest

/// RAC's `-isEqual:`/`-hash` on sequences, and `-setNameWithFormat:`
/// returning `instancetype` (issue 34's porting gaps; ../shared/API.md,
/// round 4).
final class SequenceEqualityAndNamingTests: XCTestCase {
    func testSequencesCompareElementByElement() {
        XCTAssertEqual([1, 2].rac_sequence, [1, 2].rac_sequence.map { $0 })
        XCTAssertNotEqual([1, 2].rac_sequence, [1, 3].rac_sequence)
        XCTAssertNotEqual([1, 2].rac_sequence, [1, 2, 3].rac_sequence, "a prefix is not equal")
        XCTAssertNotEqual([1, 2, 3].rac_sequence, [1, 2].rac_sequence)
        XCTAssertEqual([Int]().rac_sequence, RACSequence<Int>.empty())
        let lazy = RACSequence<Int>.return(1).concat([2].rac_sequence).filter { _ in true }
        XCTAssertEqual(lazy, [1, 2].rac_sequence, "lazy and eager forms compare by their values")
    }

    func testComparingEvaluatesEachLazyElementOnce() {
        let runs = Box(0)
        let mapped = [1, 2, 3].rac_sequence.map { value -> Int in
            runs.value += 1
            return value * 10
        }
        XCTAssertEqual(mapped, [10, 20, 30].rac_sequence)
        XCTAssertEqual(mapped, [10, 20, 30].rac_sequence)
        XCTAssertEqual(runs.value, 3)
    }

    func testEqualSequencesHashAlikeAndGoInASet() {
        let set: Set<RACSequence<Int>> = [[1].rac_sequence, [1].rac_sequence.map { $0 }, [2].rac_sequence]
        XCTAssertEqual(set.count, 2)
        XCTAssertTrue(set.contains([2].rac_sequence))
        XCTAssertEqual([1, 2].rac_sequence.hashValue, [1, 2].rac_sequence.map { $0 }.hashValue)
    }

    func testSetNameReturnsTheReceiversOwnType() throws {
        let subject: RACSubject<URL> = RACSubject<URL>().setName("downloads")
        let replaying: RACReplaySubject<Int> = RACReplaySubject<Int>(capacity: 1).setName("last")
        let behavior: RACBehaviorSubject<Int> = RACBehaviorSubject(defaultValue: 0).setName("current")
        XCTAssertEqual(subject.name, "downloads")
        XCTAssertEqual(replaying.name, "last")
        XCTAssertEqual(behavior.name, "current")
        // Still chains as a signal.
        let mapped = RACSignal<Int>.return(1).setName("one").map { $0 + 1 }
        XCTAssertEqual(try mapped.toArray(), [2])
    }

    private final class Box<T>: @unchecked Sendable {
        var value: T
        init(_ value: T) { self.value = value }
    }
}

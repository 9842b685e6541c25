import Foundation
import RACSwift
import XCTest

// Swift 6 language mode: the round 4 call sites for sequences' equality
// and `setName`'s type, as ../shared/API.md writes them.
final class Swift6SequenceAndNameTests: XCTestCase {
    func testTheRoundFourCallSites() {
        // RACSequence compares as RAC's -isEqual: does (element by element):
        let same: Bool = [1, 2].rac_sequence == [1, 2].rac_sequence.map { $0 }
        let set: Set<RACSequence<Int>> = [[1].rac_sequence]
        // setName returns the receiver's own type, as RAC's instancetype does:
        let named: RACSubject<URL> = RACSubject<URL>().setName("downloads")
        let replaying: RACReplaySubject<Int> = RACReplaySubject<Int>(capacity: 1).setName("last")
        XCTAssertTrue(same)
        XCTAssertTrue(set.contains([1].rac_sequence.map { $0 }))
        XCTAssertEqual(named.name, "downloads")
        XCTAssertEqual(replaying.name, "last")
    }
}

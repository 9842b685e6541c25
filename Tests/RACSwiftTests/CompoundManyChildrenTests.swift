@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// A compound with many children: removal by identity (RACChildList's
/// index beyond `indexedFrom` children, a scan below), compaction, and the
/// order of disposal: the order children were added, as RAC's array, also
/// after removals freed the inline slots.
final class CompoundManyChildrenTests: XCTestCase {
    /// Children that record their disposal order in `log`.
    private func children(_ count: Int, log: Shared<[Int]>) -> [RACDisposable] {
        (0..<count).map { number in RACDisposable { log.value.append(number) } }
    }

    func testRemovedChildrenAreNotDisposedAndTheRestAreInTheOrderAdded() {
        for count in [3, RACChildList.indexedFrom, RACChildList.indexedFrom + 1, 200, 5_000] {
            let log = Shared<[Int]>([])
            let compound = RACCompoundDisposable()
            let all = children(count, log: log)
            all.forEach(compound.add)
            // Remove two thirds, from both ends and the middle, which
            // compacts the slots more than once on the way.
            var generator = SystemRandomNumberGenerator()
            let removed = Set(Array(0..<count).shuffled(using: &generator).prefix(count * 2 / 3))
            for number in removed.sorted(by: { ($0 * 7919) % count < ($1 * 7919) % count }) {
                compound.remove(all[number])
            }
            compound.dispose()
            XCTAssertEqual(log.value, (0..<count).filter { !removed.contains($0) }, "\(count) children")
        }
    }

    func testAChildAddedTwiceIsRemovedTwiceOver() {
        for count in [4, 100] {
            let log = Shared<[Int]>([])
            let compound = RACCompoundDisposable()
            let all = children(count, log: log)
            all.forEach(compound.add)
            compound.add(all[1])
            compound.add(all[2])
            compound.add(all[1])
            compound.remove(all[1])
            compound.dispose()
            XCTAssertEqual(log.value, [0] + Array(2..<count), "every occurrence of 1 removed; 2 disposed once")
        }
    }

    func testChildrenAddedAfterRemovalsKeepTheirOrderAndCanBeRemoved() {
        let log = Shared<[Int]>([])
        let compound = RACCompoundDisposable()
        let all = children(300, log: log)
        for number in 0..<100 { compound.add(all[number]) }
        for number in 0..<90 { compound.remove(all[number]) }
        for number in 100..<300 { compound.add(all[number]) }
        for number in stride(from: 100, to: 300, by: 2) { compound.remove(all[number]) }
        compound.remove(all[95])
        compound.dispose()
        XCTAssertEqual(log.value, Array(90..<100).filter { $0 != 95 } + Array(stride(from: 101, to: 300, by: 2)))
    }

    func testTheInlineSlotsKeepTheOrder() {
        let log = Shared<[Int]>([])
        let compound = RACCompoundDisposable()
        let all = children(4, log: log)
        compound.add(all[0])
        compound.add(all[1])
        compound.remove(all[0])
        compound.add(all[2])
        compound.add(all[3])
        compound.dispose()
        XCTAssertEqual(log.value, [1, 2, 3])
    }

    func testRemovingEveryChildLetsEachGo() {
        let compound = RACCompoundDisposable()
        weak var last: RACDisposable?
        do {
            let all = (0..<100).map { _ in RACDisposable {} }
            all.forEach(compound.add)
            last = all[99]
            all.forEach(compound.remove)
        }
        XCTAssertNil(last, "a removed child is no longer held")
        compound.dispose()
    }
}

@testable import RACSwift
import XCTest

/// `RACAtomicReference.replace(with:if:)`, which a hot signal's connector
/// publishes with (only over an older generation's connection): it replaces
/// exactly when the predicate accepts the object there at the
/// compare-exchange, and hands the replaced object's +1 to the caller.
///
/// Another thread's replace is played by the predicate itself, which
/// stores into the reference between the method's load and its
/// compare-exchange: the window a second thread would hit.
final class AtomicReferenceTests: XCTestCase {
    private final class Box {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    private func id(_ object: AnyObject?) -> Int? {
        object.map { unsafeDowncast($0, to: Box.self).id }
    }

    /// The object that `bits` (from `retainedBits`) holds a +1 of, taken
    /// back: the caller's when the method did not consume it.
    private func takeBack(_ bits: Int) -> Box {
        Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeRetainedValue()
    }

    func testReplacesWhenThePredicateAcceptsAndHandsTheOldObjectOver() {
        var first: Box? = Box(1)
        weak var firstGone: Box?
        firstGone = first
        let holder = RACAtomicObject<Box>(first)
        first = nil
        var shown: [Int?] = []
        var result = holder.reference.replace(with: RACAtomicReference.retainedBits(Box(2))) { current in
            shown.append(id(current))
            return id(current) == 1
        }
        XCTAssertEqual(shown, [1], "the predicate sees the object there, once")
        XCTAssertTrue(result.replaced)
        XCTAssertEqual(id(result.old), 1, "the replaced object is returned")
        XCTAssertEqual(holder.load()?.id, 2, "the new object is there")
        // The reference's +1 of the old object passed to the caller: it
        // goes when the caller drops it (kept, it would leak; released as
        // well, it would be freed twice).
        XCTAssertNotNil(firstGone)
        result.old = nil
        XCTAssertNil(firstGone, "the replaced object's +1 went to the caller")
    }

    func testLeavesTheValueWhenThePredicateRefuses() {
        let holder = RACAtomicObject<Box>(Box(1))
        weak var refusedGone: Box?
        var shown: [Int?] = []
        do {
            let refused = Box(2)
            refusedGone = refused
            let bits = RACAtomicReference.retainedBits(refused)
            let result = holder.reference.replace(with: bits) { current in
                shown.append(id(current))
                return false
            }
            XCTAssertFalse(result.replaced)
            XCTAssertNil(result.old)
            XCTAssertEqual(holder.load()?.id, 1, "the value is left as it was")
            // Not consumed: the +1 of the bits is still the caller's.
            // (Taken back only then: consumed, it would be freed twice.)
            if !result.replaced { XCTAssertEqual(takeBack(bits).id, 2) }
        }
        XCTAssertEqual(shown, [1])
        XCTAssertNil(refusedGone, "the refused object's +1 stayed with the caller, who released it")
    }

    func testAnObjectReplacedBeforeTheExchangeIsShownToThePredicateToo() {
        let holder = RACAtomicObject<Box>(Box(1))
        var shown: [Int?] = []
        let result = holder.reference.replace(with: RACAtomicReference.retainedBits(Box(3))) { current in
            shown.append(id(current))
            // Another thread replaces 1 with 2 after the load: the
            // compare-exchange on 1 fails, and 2 is loaded and shown.
            if shown.count == 1 { holder.store(Box(2)) }
            return true
        }
        XCTAssertEqual(shown, [1, 2])
        XCTAssertTrue(result.replaced)
        XCTAssertEqual(id(result.old), 2, "it replaced the object it showed last")
        XCTAssertEqual(holder.load()?.id, 3)
    }

    /// The path where the first load finds no object (the value is nil),
    /// and an object arrives before the compare-exchange: the method must
    /// load again and ask about that object, not replace it unasked.
    func testAnObjectArrivingAfterANilLoadIsLoadedAndShownAgain() {
        let holder = RACAtomicObject<Box>(nil)
        var shown: [Int?] = []
        let bits = RACAtomicReference.retainedBits(Box(4))
        let result = holder.reference.replace(with: bits) { current in
            shown.append(id(current))
            // Another thread publishes 2 after the nil load.
            if shown.count == 1 { holder.store(Box(2)) }
            // Only over nothing.
            return current == nil
        }
        XCTAssertEqual(shown, [nil, 2], "the object that arrived is loaded and shown")
        XCTAssertFalse(result.replaced, "the object that arrived is not replaced: the predicate refuses it")
        XCTAssertNil(result.old)
        XCTAssertEqual(holder.load()?.id, 2)
        if !result.replaced { XCTAssertEqual(takeBack(bits).id, 4) }
    }

    /// The same path, the predicate accepting the object that arrived: it
    /// is the one replaced and handed over.
    func testAnObjectArrivingAfterANilLoadIsReplacedIfAccepted() {
        let holder = RACAtomicObject<Box>(nil)
        var shown: [Int?] = []
        let result = holder.reference.replace(with: RACAtomicReference.retainedBits(Box(4))) { current in
            shown.append(id(current))
            if shown.count == 1 { holder.store(Box(2)) }
            return true
        }
        XCTAssertEqual(shown, [nil, 2])
        XCTAssertTrue(result.replaced)
        XCTAssertEqual(id(result.old), 2)
        XCTAssertEqual(holder.load()?.id, 4)
    }

    /// A sentinel (odd bits, no object) is shown as nil and replaced as
    /// the value it is.
    func testASentinelIsShownAsNilAndReplaced() {
        let holder = RACAtomicObject<Box>(nil)
        holder.reference.value.store(3, .relaxed)
        var shown: [Int?] = []
        let result = holder.reference.replace(with: RACAtomicReference.retainedBits(Box(5))) { current in
            shown.append(id(current))
            return current == nil
        }
        XCTAssertEqual(shown, [nil])
        XCTAssertTrue(result.replaced)
        XCTAssertNil(result.old, "a sentinel is no object to hand over")
        XCTAssertEqual(holder.load()?.id, 5)
    }
}

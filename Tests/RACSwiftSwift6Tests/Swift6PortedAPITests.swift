import Foundation
import Observation
import RACSwift
import XCTest

// Swift 6 language mode: the round 3 call sites of issue 24's part B
// (ReactiveObjC 3.1's timeouts, RAC(target, key, nilValue), RACChannelTo on
// an @Observable class, the renamed selectors), as a Swift 6 user writes them.

@MainActor @Observable
final class Swift6Model {
    var count = 1
}

/// `setKeyPath`'s target in these tests: main-actor isolated, as a view
/// is, so bound from main-actor code and set on the main thread.
@MainActor
final class Swift6Counter {
    var count = -1
}

final class Swift6PortedAPITests: XCTestCase {
    func testTimeoutsOnTheMainThread() throws {
        let ints = RACSignal.return(3).deliverOn(RACScheduler.mainThreadScheduler)
        var ok = false
        var failure: (any Error)?
        // The hang guard, not half a second: the value waits only for the
        // main run loop, which a loaded machine can starve for longer.
        let first: Int = ints.asynchronousFirstOrDefault(0, success: &ok, error: &failure, timeout: hangGuardSeconds)
        try ints.asynchronouslyWaitUntilCompleted(timeout: hangGuardSeconds)
        XCTAssertEqual(first, 3)
        XCTAssertTrue(ok)
        XCTAssertThrowsError(try RACSignal<Int>.never().asynchronouslyWaitUntilCompleted(timeout: 0.05))
    }

    @MainActor
    func testSetKeyPathWithANilValue() {
        let optionalInts = RACSubject<Int?>()
        let model = Swift6Counter()
        optionalInts.setKeyPath(\Swift6Counter.count, onObject: model, nilValue: 0)
        optionalInts.sendNext(nil)
        XCTAssertEqual(model.count, 0)
        optionalInts.sendNext(2)
        XCTAssertEqual(model.count, 2)
    }

    @MainActor
    func testChannelToAnObservableProperty() {
        let model = Swift6Model()
        let terminal = RACChannelTo(model, \.count, on: RACScheduler.immediateScheduler)
        terminal.sendNext(5)
        XCTAssertEqual(model.count, 5)
        let optional = RACChannelTo(model, \.count, nilValue: 0, on: RACScheduler.immediateScheduler)
        optional.sendNext(nil)
        XCTAssertEqual(model.count, 0)
        let channel = RACKVOChannel(target: model, keyPath: \.count, on: RACScheduler.immediateScheduler)
        channel.followingTerminal.sendNext(9)
        XCTAssertEqual(model.count, 9)
    }

    func testRenamedSelectors() throws {
        let suite = "RACSwiftSwift6Tests.\(UUID().uuidString)"
        let defaults = try XCTUnwrap(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let terminal: RACChannelTerminal<Any?> = defaults.rac_channelTerminalForKey("k")
        XCTAssertNotNil(terminal)
        XCTAssertNotEqual(RACQueueScheduler.wallTimeWithDate(Date()).rawValue, 0)
    }
}

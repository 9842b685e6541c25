import RACSwift
import XCTest

/// docs/Testing.md's example, as written there.
final class TestingDocExampleTests: XCTestCase {
    func testThrottleKeepsTheLastValueOfABurst() {
        let scheduler = RACTestScheduler()
        // Scripted input: seconds after the start of virtual time, and the event.
        let typing: RACSignal<String> = scheduler.createHotSignal([
            (0.1, .next("s")), (0.2, .next("sw")), (0.3, .next("swi")),
            (2.0, .next("swift")), (3.0, .completed),
        ])
        let recorder = RACTestSubscriber<String>(scheduler: scheduler)
        typing.throttle(0.5, onScheduler: scheduler).subscribe(recorder)

        scheduler.advance(by: 10)

        XCTAssertEqual(recorder.values, ["swi", "swift"])
        XCTAssertEqual(recorder.recorded.map(\.time), [0.8, 2.5, 3.0])
        XCTAssertEqual(recorder.events.last, .completed)
    }
}

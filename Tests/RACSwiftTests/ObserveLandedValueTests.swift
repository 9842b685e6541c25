import Foundation
import Observation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// Values heard on any thread, read by the test on the main thread.
private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []

    func append(_ value: String) { lock.withLock { values.append(value) } }
    var all: [String] { lock.withLock { values } }
}

/// `RACObserve` sends the value after each change has landed, on every
/// scheduler, whether the change is made on the main thread or in a block
/// on another scheduler: Observation announces a change before it lands,
/// so a read on another thread right away would read the value before it
/// (the round 3 bug: `["a", "a"]` with the default scheduler).
final class ObserveLandedValueTests: XCTestCase {
    /// Where the object is changed.
    private enum Changer { case mainThread, backgroundScheduler }

    private func checkTheValuesAfterTwoChanges(deliveredOn scheduler: RACScheduler, changedOn changer: Changer,
                                               file: StaticString = #filePath, line: UInt = #line) {
        let model = ObservedModel()
        model.name = "a"
        let heard = Heard()
        let subscription = RACObserve(model, \.name, on: scheduler).subscribeNext { heard.append($0) }
        let background = RACScheduler.scheduler(name: "changer")
        for (count, next) in [(1, "b"), (2, "c")] {
            // Each change after the value before it was heard: two changes,
            // never merged, so exactly three values.
            XCTAssertTrue(runMainUntil { heard.all.count >= count }, "hang", file: file, line: line)
            switch changer {
            case .mainThread:
                model.name = next
            case .backgroundScheduler:
                background.schedule { model.name = next }
            }
        }
        XCTAssertTrue(runMainUntil { heard.all.count >= 3 }, "hang", file: file, line: line)
        XCTAssertEqual(heard.all, ["a", "b", "c"], file: file, line: line)
        subscription.dispose()
    }

    /// Runs the main run loop (main-thread reads and deliveries happen
    /// there) until `condition` holds, or the hang guard passes.
    private func runMainUntil(_ condition: () -> Bool) -> Bool {
        let end = Date(timeIntervalSinceNow: HangGuard.seconds)
        while !condition() {
            if Date() >= end { return condition() }
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        }
        return true
    }

    func testTheDefaultSchedulerChangedOnTheMainThread() {
        checkTheValuesAfterTwoChanges(deliveredOn: RACScheduler.scheduler(name: "RACSwift.RACObserve"),
                                      changedOn: .mainThread)
    }

    func testTheDefaultSchedulerChangedOnAnotherScheduler() {
        checkTheValuesAfterTwoChanges(deliveredOn: RACScheduler.scheduler(name: "RACSwift.RACObserve"),
                                      changedOn: .backgroundScheduler)
    }

    func testTheMainThreadSchedulerChangedOnTheMainThread() {
        checkTheValuesAfterTwoChanges(deliveredOn: RACScheduler.mainThreadScheduler, changedOn: .mainThread)
    }

    func testTheMainThreadSchedulerChangedOnAnotherScheduler() {
        checkTheValuesAfterTwoChanges(deliveredOn: RACScheduler.mainThreadScheduler, changedOn: .backgroundScheduler)
    }

    func testTheImmediateSchedulerChangedOnTheMainThread() {
        checkTheValuesAfterTwoChanges(deliveredOn: RACScheduler.immediateScheduler, changedOn: .mainThread)
    }

    func testTheImmediateSchedulerChangedOnAnotherScheduler() {
        checkTheValuesAfterTwoChanges(deliveredOn: RACScheduler.immediateScheduler, changedOn: .backgroundScheduler)
    }

    func testATargetQueueSchedulerChangedOnTheMainThread() {
        let queue = RACTargetQueueScheduler(name: "target", targetQueue: DispatchQueue.global())
        checkTheValuesAfterTwoChanges(deliveredOn: queue, changedOn: .mainThread)
    }

    func testATargetQueueSchedulerChangedOnAnotherScheduler() {
        let queue = RACTargetQueueScheduler(name: "target", targetQueue: DispatchQueue.global())
        checkTheValuesAfterTwoChanges(deliveredOn: queue, changedOn: .backgroundScheduler)
    }

    /// Virtual time: the read runs when the test steps the scheduler, after
    /// the change, wherever the change was made.
    func testATestSchedulerChangedOnAnotherScheduler() {
        let scheduler = RACTestScheduler()
        let model = ObservedModel()
        model.name = "a"
        let heard = Heard()
        RACObserve(model, \.name, on: scheduler).subscribeNext { heard.append($0) }
        scheduler.stepAll()
        let background = RACScheduler.scheduler(name: "changer")
        for next in ["b", "c"] {
            let done = DispatchSemaphore(value: 0)
            background.schedule { model.name = next; done.signal() }
            XCTAssertEqual(done.wait(timeout: HangGuard.deadline), .success)
            scheduler.stepAll()
        }
        XCTAssertEqual(heard.all, ["a", "b", "c"])
    }

    /// A value read on the changing thread never follows one read later on
    /// the delivering scheduler itself: the later read wins.
    func testAnOlderReadNeverFollowsANewerOne() {
        let scheduler = RACScheduler.scheduler(name: "deliveries")
        let model = ObservedModel()
        let heard = Heard()
        let subscription = RACObserve(model, \.name, on: scheduler).subscribeNext { heard.append($0) }
        let background = RACScheduler.scheduler(name: "changer")
        let last = 20_000
        for index in 1...last {
            // Alternately a change on the delivering scheduler (read and sent
            // there at once) and one on another (read there, sent later),
            // each made after the one before it has landed.
            let landed = DispatchSemaphore(value: 0)
            (index.isMultiple(of: 2) ? scheduler : background).schedule {
                model.name = "\(index)"
                landed.signal()
            }
            XCTAssertEqual(landed.wait(timeout: HangGuard.deadline), .success)
        }
        XCTAssertTrue(HangGuard.waitUntil { heard.all.last == "\(last)" }, "the last value is never lost")
        let numbers = heard.all.dropFirst().map { Int($0)! }
        XCTAssertEqual(numbers, numbers.sorted(), "values in the order the changes landed")
        // A value heard twice is a read made twice for one change: what a
        // tracking that Observation left registered did before
        // `RACTrackingTrigger`, read after read (RACTrackingTrigger.swift).
        XCTAssertEqual(Set(numbers).count, numbers.count, "a value heard twice")
        subscription.dispose()
    }
}

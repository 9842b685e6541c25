import Observation
import RACSwift
import RACSwiftTestSupport
import XCTest


// @unchecked Sendable: test scaffolding, used one thread at a time.

@Observable
final class ObservedModel: @unchecked Sendable {
    var name = "initial"
    @ObservationIgnored var reads = 0

    /// `name`, counting the reads (RACObserve's reads of the object).
    var countedName: String {
        reads += 1
        return name
    }
}

/// `RACObserve(_:_:on:)` on an `@Observable` class.
final class ObserveTests: XCTestCase {
    func testTheCurrentValueThenTheValueAfterEachChange() {
        let scheduler = RACTestScheduler()
        let model = ObservedModel()
        let values = Shared<[String]>([])
        RACObserve(model, \.name, on: scheduler).subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, [], "read on the scheduler")
        scheduler.stepAll()
        XCTAssertEqual(values.value, ["initial"])
        model.name = "a"
        scheduler.stepAll()
        model.name = "b"
        scheduler.stepAll()
        XCTAssertEqual(values.value, ["initial", "a", "b"], "the value after each change, not before it")
    }

    func testABurstOfChangesEndsWithItsLastValue() {
        let scheduler = RACTestScheduler()
        let model = ObservedModel()
        let values = Shared<[String]>([])
        RACObserve(model, \.name, on: scheduler).subscribeNext { values.value.append($0) }
        scheduler.stepAll()
        model.name = "1"
        model.name = "2"
        model.name = "3"
        scheduler.stepAll()
        XCTAssertEqual(values.value, ["initial", "3"], "merged into the latest, which is never lost")
        model.name = "4"
        scheduler.stepAll()
        XCTAssertEqual(values.value, ["initial", "3", "4"], "still tracked after a burst")
    }

    func testDisposalStopsTheReads() {
        let scheduler = RACTestScheduler()
        let model = ObservedModel()
        let values = Shared<[String]>([])
        let subscription = RACObserve(model, \.countedName, on: scheduler).subscribeNext { values.value.append($0) }
        scheduler.stepAll()
        model.name = "a"
        scheduler.stepAll()
        XCTAssertEqual(model.reads, 2)
        model.name = "b"          // a read is scheduled ...
        subscription.dispose()    // ... and cancelled by the disposal
        scheduler.stepAll()
        model.name = "c"
        scheduler.stepAll()
        XCTAssertEqual(model.reads, 2, "no read of the object after dispose()")
        XCTAssertEqual(values.value, ["initial", "a"])
    }

    func testTheSignalHoldsTheObjectWeakly() {
        let scheduler = RACTestScheduler()
        var model: ObservedModel? = ObservedModel()
        weak let weakModel = model
        let values = Shared<[String]>([])
        RACObserve(model!, \.name, on: scheduler).subscribeNext { values.value.append($0) }
        scheduler.stepAll()
        model = nil
        XCTAssertNil(weakModel)
        XCTAssertEqual(values.value, ["initial"])
    }

    func testOnTheImmediateSchedulerAChangeIsReadAfterTheBlockThatMadeIt() {
        let scheduler = RACTestScheduler()
        let model = ObservedModel()
        let values = Shared<[String]>([])
        RACObserve(model, \.name, on: RACScheduler.immediateScheduler).subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, ["initial"], "the first value at once")
        scheduler.schedule { model.name = "changed in a block" }
        scheduler.stepAll()
        XCTAssertEqual(values.value, ["initial", "changed in a block"], "read after the change landed")
    }

    // RAC 2.5: RACObserve sends the current value at subscription, as its own
    // event, and a change made before anyone sees it follows it.
    func testAChangeBeforeTheFirstDeliveryFollowsTheCurrentValue() {
        let scheduler = RACTestScheduler()
        let model = ObservedModel()
        let values = Shared<[String]>([])
        RACObserve(model, \.name, on: scheduler).subscribeNext { values.value.append($0) }
        model.name = "changed before the first delivery"
        scheduler.stepAll()
        XCTAssertEqual(values.value, ["initial", "changed before the first delivery"],
                       "the current value first, never merged into the change")
    }

    func testSubscribedOnItsSchedulerTheCurrentValueArrivesBeforeSubscribeReturns() {
        let scheduler = RACTestScheduler()
        let model = ObservedModel()
        let values = Shared<[String]>([])
        let heardBeforeReturn = Shared<[String]>([])
        scheduler.schedule {
            RACObserve(model, \.name, on: scheduler).subscribeNext { values.value.append($0) }
            heardBeforeReturn.value = values.value
            model.name = "a"
        }
        scheduler.stepAll()
        XCTAssertEqual(heardBeforeReturn.value, ["initial"])
        XCTAssertEqual(values.value, ["initial", "a"])
    }

    func testOnTheMainThreadSchedulerTheCurrentValueArrivesBeforeSubscribeReturns() {
        XCTAssertTrue(Thread.isMainThread)
        let model = ObservedModel()
        let values = Shared<[String]>([])
        let subscription = RACObserve(model, \.name, on: RACScheduler.mainThreadScheduler)
            .subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, ["initial"], "sent on this thread, inside subscribe")
        model.name = "a"
        let changed = expectation(description: "the change")
        RACScheduler.mainThreadScheduler.schedule { changed.fulfill() }
        wait(for: [changed], timeout: HangGuard.seconds)
        XCTAssertEqual(values.value, ["initial", "a"])
        subscription.dispose()
    }
}

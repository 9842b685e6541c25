import Observation
import RACSwift
import RACSwiftTestSupport
import XCTest

// @unchecked Sendable: test scaffolding, used one thread at a time.
@Observable
final class ChannelModel: @unchecked Sendable {
    var count = 1
    var title = "a"
    @ObservationIgnored var writes = 0
}

/// Mutable test scaffolding for `setKeyPath`.
// @unchecked Sendable: used one thread at a time.
final class CountHolder: @unchecked Sendable {
    var count = 0
}

/// `RACKVOChannel` / `RACChannelTo` on `@Observable` classes, and
/// `setKeyPath(_:onObject:nilValue:)`: RAC 2.5's `RACChannelTo(target, key)`
/// and `RAC(target, key, nilValue)`.
final class ObservableChannelTests: XCTestCase {
    /// RAC: the following terminal replays the current value, then each
    /// change of the property.
    func testTheTerminalSendsTheCurrentValueThenEachChange() {
        let scheduler = RACTestScheduler()
        let model = ChannelModel()
        let heard = Shared<[Int]>([])
        RACChannelTo(model, \.count, on: scheduler).subscribeNext { heard.value.append($0) }
        model.count = 2
        scheduler.stepAll()
        model.count = 3
        scheduler.stepAll()
        XCTAssertEqual(heard.value, [1, 2, 3])
    }

    /// RAC: a value sent into the terminal sets the property, and is not
    /// echoed to the terminal's subscribers; a later change made elsewhere is.
    func testAValueSentInSetsThePropertyWithoutAnEcho() {
        let scheduler = RACTestScheduler()
        let model = ChannelModel()
        let terminal = RACChannelTo(model, \.count, on: scheduler)
        let heard = Shared<[Int]>([])
        terminal.subscribeNext { heard.value.append($0) }
        scheduler.stepAll()
        terminal.sendNext(10)
        XCTAssertEqual(model.count, 1, "set on the scheduler")
        scheduler.stepAll()
        XCTAssertEqual(model.count, 10)
        XCTAssertEqual(heard.value, [1], "no echo")
        model.count = 11
        scheduler.stepAll()
        XCTAssertEqual(heard.value, [1, 11], "a change made elsewhere after the write is heard")
    }

    /// RAC's `RACChannelTo(a, x) = RACChannelTo(b, y)`: each side follows the
    /// other, and the binding does not loop.
    func testTwoWayBindingOfTwoObjects() {
        let scheduler = RACTestScheduler()
        let a = ChannelModel()
        let b = ChannelModel()
        b.title = "from b"
        let (ta, tb) = (RACChannelTo(a, \.title, on: scheduler), RACChannelTo(b, \.title, on: scheduler))
        tb.subscribe(ta)
        ta.skip(1).subscribe(tb)
        // Bounded steps, not stepAll(): a binding that loops would never end.
        scheduler.step(100)
        XCTAssertEqual(a.title, "from b", "the binding starts with b's value")
        a.title = "edited in a"
        scheduler.step(100)
        XCTAssertEqual(b.title, "edited in a")
        b.title = "edited in b"
        scheduler.step(100)
        XCTAssertEqual(a.title, "edited in b")
        let heard = Shared(0)
        ta.subscribeNext { _ in heard.value += 1 }     // replays the latest value once
        scheduler.step(100)
        XCTAssertEqual(heard.value, 1, "nothing left going round")
    }

    /// RAC's `nilValue`: a nil sent into the channel sets it.
    func testNilSentInSetsTheNilValue() {
        let scheduler = RACTestScheduler()
        let model = ChannelModel()
        let terminal = RACChannelTo(model, \.count, nilValue: -1, on: scheduler)
        let heard = Shared<[Int?]>([])
        terminal.subscribeNext { heard.value.append($0) }
        terminal.sendNext(nil)
        scheduler.stepAll()
        XCTAssertEqual(model.count, -1)
        terminal.sendNext(4)
        scheduler.stepAll()
        XCTAssertEqual(model.count, 4)
        XCTAssertEqual(heard.value, [1])
        let channel = RACKVOChannel(target: model, keyPath: \.count, nilValue: 0, on: scheduler)
        channel.followingTerminal.sendNext(nil)
        scheduler.stepAll()
        XCTAssertEqual(model.count, 0)
    }

    /// On its scheduler (here the immediate one) a write happens at once.
    func testOnTheImmediateSchedulerAWriteHappensAtOnce() {
        let model = ChannelModel()
        let terminal = RACKVOChannel(target: model, keyPath: \.count, on: RACScheduler.immediateScheduler)
            .followingTerminal
        let heard = Shared<[Int]>([])
        terminal.subscribeNext { heard.value.append($0) }
        terminal.sendNext(8)
        XCTAssertEqual(model.count, 8)
        XCTAssertEqual(heard.value, [1])
    }

    /// The channel holds the target weakly and completes once it is gone.
    func testTheChannelCompletesOnceTheTargetIsGone() {
        let scheduler = RACTestScheduler()
        var model: ChannelModel? = ChannelModel()
        weak let weakModel = model
        let terminal = RACChannelTo(model!, \.count, on: scheduler)
        let completed = Shared(false)
        terminal.subscribeCompleted { completed.value = true }
        scheduler.stepAll()
        model = nil
        XCTAssertNil(weakModel)
        terminal.sendNext(5)
        scheduler.stepAll()
        XCTAssertTrue(completed.value)
    }

    /// RAC's `RAC(object, key, nilValue) = signal`: a nil sets `nilValue`.
    func testSetKeyPathWithANilValue() {
        let optionalInts = RACSubject<Int?>()
        let model = CountHolder()
        optionalInts.setKeyPath(\CountHolder.count, onObject: model, nilValue: 0)
        optionalInts.sendNext(5)
        XCTAssertEqual(model.count, 5)
        optionalInts.sendNext(nil)
        XCTAssertEqual(model.count, 0)
    }
}

import RACSwift
import XCTest

/// `RACProperty`: value, signal, channel.
final class PropertyTests: XCTestCase {
    func testSignalSendsTheCurrentValueThenEverySet() {
        let name = RACProperty("a")
        XCTAssertEqual(name.value, "a")
        var heard: [String] = []
        name.signal.subscribeNext { heard.append($0) }
        name.value = "b"
        name.value = "b"
        XCTAssertEqual(name.value, "b")
        var late: [String] = []
        name.signal.subscribeNext { late.append($0) }
        name.value = "c"
        XCTAssertEqual(heard, ["a", "b", "b", "c"], "every set, repeats included")
        XCTAssertEqual(late, ["b", "c"], "the current value at once, on the subscribing thread")
    }

    func testASetFromInsideADeliveryIsDeliveredAfterIt() {
        let count = RACProperty(0)
        var heard: [Int] = []
        count.signal.subscribeNext { value in
            heard.append(value)
            if value == 1 { count.value = 2 }
        }
        var second: [Int] = []
        count.signal.subscribeNext { second.append($0) }
        count.value = 1
        XCTAssertEqual(heard, [0, 1, 2])
        XCTAssertEqual(second, [0, 1, 2], "every subscriber hears 1 before 2")
        XCTAssertEqual(count.value, 2)
    }

    func testTheChannelSendsTheCurrentValueAndNoEcho() {
        let property = RACProperty(1)
        let terminal = property.channel
        var heard: [Int] = []
        terminal.subscribeNext { heard.append($0) }
        terminal.sendNext(2)
        XCTAssertEqual(property.value, 2, "a value sent in sets the property")
        property.value = 3
        XCTAssertEqual(heard, [1, 3], "its own 2 does not come back")
        terminal.sendNext(4)
        var late: [Int] = []
        terminal.subscribeNext { late.append($0) }
        XCTAssertEqual(late, [4], "a late subscriber gets the current value, even one set through the terminal")
        var other: [Int] = []
        property.channel.subscribeNext { other.append($0) }
        terminal.sendNext(5)
        XCTAssertEqual(other, [4, 5], "another terminal hears it")
    }

    func testTwoPropertiesBoundThroughTheirChannelsConvergeWithoutFeedback() {
        let a = RACProperty("a"), b = RACProperty("b")
        var aHeard: [String] = []
        var bHeard: [String] = []
        a.signal.subscribeNext { aHeard.append($0) }
        b.signal.subscribeNext { bHeard.append($0) }
        // RACChannelTo(a) = RACChannelTo(b):
        let (ta, tb) = (a.channel, b.channel)
        tb.subscribe(ta)
        ta.skip(1).subscribe(tb)
        XCTAssertEqual([a.value, b.value], ["b", "b"], "a takes b's value")
        a.value = "x"
        XCTAssertEqual([a.value, b.value], ["x", "x"])
        b.value = "y"
        XCTAssertEqual([a.value, b.value], ["y", "y"])
        XCTAssertEqual(aHeard, ["a", "b", "x", "y"], "each change once: no loop")
        XCTAssertEqual(bHeard, ["b", "x", "y"])
    }

    func testEndingATerminalEndsOnlyThatTerminal() {
        let property = RACProperty(1)
        let terminal = property.channel
        var events: [RACEvent<Int>] = []
        terminal.materialize().subscribeNext { events.append($0) }
        terminal.sendCompleted()
        terminal.sendNext(9)
        property.value = 2
        XCTAssertEqual(events, [.next(1), .completed])
        XCTAssertEqual(property.value, 2, "a value sent after the end sets nothing; the property lives on")
        var late: [RACEvent<Int>] = []
        terminal.materialize().subscribeNext { late.append($0) }
        XCTAssertEqual(late, [.completed])
    }

    func testAPropertyDeallocatedCompletesItsSignalAndIsNotKeptByItsSubscriptions() {
        var property: RACProperty<Int>? = RACProperty(1)
        weak let weakProperty = property
        var events: [RACEvent<Int>] = []
        property!.signal.materialize().subscribeNext { events.append($0) }
        property!.channel.materialize().subscribeNext { events.append($0) }
        property = nil
        XCTAssertNil(weakProperty, "subscriptions to its signal and channel do not keep it")
        XCTAssertEqual(events, [.next(1), .next(1), .completed, .completed])
    }

    func testSetKeyPathSetsEachValueUntilTheEnd() {
        final class Label { var text = ""; var detail: String? }
        let label = Label()
        let texts = RACSubject<String>()
        texts.setKeyPath(\Label.text, onObject: label)
        texts.setKeyPath(\Label.detail, onObject: label)
        texts.sendNext("one")
        XCTAssertEqual(label.text, "one")
        XCTAssertEqual(label.detail, "one", "an optional property takes the value")
        texts.sendCompleted()
        texts.sendNext("two")
        XCTAssertEqual(label.text, "one", "a completion ends the binding")
    }

    func testSetKeyPathHoldsTheObjectWeaklyAndEndsOnceItIsGone() {
        final class Label { var text = "" }
        var label: Label? = Label()
        weak let weakLabel = label
        var disposals = 0
        let values = RACSubject<String>()
        let source = RACSignal<String>.createSignal { subscriber in
            let inner = values.subscribe(subscriber)
            return RACDisposable { disposals += 1; inner.dispose() }
        }
        let binding = source.setKeyPath(\Label.text, onObject: label!)
        values.sendNext("a")
        XCTAssertEqual(label?.text, "a")
        label = nil
        XCTAssertNil(weakLabel, "the binding does not keep the object")
        XCTAssertEqual(disposals, 0)
        values.sendNext("b")
        XCTAssertEqual(disposals, 1, "the next value after the object is gone ends the binding")
        XCTAssertTrue(binding.isDisposed)
    }
}

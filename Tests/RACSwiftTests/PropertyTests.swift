import RACSwift
import RACSwiftTestSupport
import XCTest

/// `RACProperty`: value, signal, channel.
final class PropertyTests: XCTestCase {
    func testSignalSendsTheCurrentValueThenEverySet() {
        let name = RACProperty("a")
        XCTAssertEqual(name.value, "a")
        let heard = Shared<[String]>([])
        name.signal.subscribeNext { heard.value.append($0) }
        name.value = "b"
        name.value = "b"
        XCTAssertEqual(name.value, "b")
        let late = Shared<[String]>([])
        name.signal.subscribeNext { late.value.append($0) }
        name.value = "c"
        XCTAssertEqual(heard.value, ["a", "b", "b", "c"], "every set, repeats included")
        XCTAssertEqual(late.value, ["b", "c"], "the current value at once, on the subscribing thread")
    }

    func testASetFromInsideADeliveryIsDeliveredAfterIt() {
        let count = RACProperty(0)
        let heard = Shared<[Int]>([])
        count.signal.subscribeNext { value in
            heard.value.append(value)
            if value == 1 { count.value = 2 }
        }
        let second = Shared<[Int]>([])
        count.signal.subscribeNext { second.value.append($0) }
        count.value = 1
        XCTAssertEqual(heard.value, [0, 1, 2])
        XCTAssertEqual(second.value, [0, 1, 2], "every subscriber hears 1 before 2")
        XCTAssertEqual(count.value, 2)
    }

    func testTheChannelSendsTheCurrentValueAndNoEcho() {
        let property = RACProperty(1)
        let terminal = property.channel
        let heard = Shared<[Int]>([])
        terminal.subscribeNext { heard.value.append($0) }
        terminal.sendNext(2)
        XCTAssertEqual(property.value, 2, "a value sent in sets the property")
        property.value = 3
        XCTAssertEqual(heard.value, [1, 3], "its own 2 does not come back")
        terminal.sendNext(4)
        let late = Shared<[Int]>([])
        terminal.subscribeNext { late.value.append($0) }
        XCTAssertEqual(late.value, [4], "a late subscriber gets the current value, even one set through the terminal")
        let other = Shared<[Int]>([])
        property.channel.subscribeNext { other.value.append($0) }
        terminal.sendNext(5)
        XCTAssertEqual(other.value, [4, 5], "another terminal hears it")
    }

    func testTwoPropertiesBoundThroughTheirChannelsConvergeWithoutFeedback() {
        let a = RACProperty("a"), b = RACProperty("b")
        let aHeard = Shared<[String]>([])
        let bHeard = Shared<[String]>([])
        a.signal.subscribeNext { aHeard.value.append($0) }
        b.signal.subscribeNext { bHeard.value.append($0) }
        // RACChannelTo(a) = RACChannelTo(b):
        let (ta, tb) = (a.channel, b.channel)
        tb.subscribe(ta)
        ta.skip(1).subscribe(tb)
        XCTAssertEqual([a.value, b.value], ["b", "b"], "a takes b's value")
        a.value = "x"
        XCTAssertEqual([a.value, b.value], ["x", "x"])
        b.value = "y"
        XCTAssertEqual([a.value, b.value], ["y", "y"])
        XCTAssertEqual(aHeard.value, ["a", "b", "x", "y"], "each change once: no loop")
        XCTAssertEqual(bHeard.value, ["b", "x", "y"])
    }

    func testEndingATerminalEndsOnlyThatTerminal() {
        let property = RACProperty(1)
        let terminal = property.channel
        let events = Shared<[RACEvent<Int>]>([])
        terminal.materialize().subscribeNext { events.value.append($0) }
        terminal.sendCompleted()
        terminal.sendNext(9)
        property.value = 2
        XCTAssertEqual(events.value, [.next(1), .completed])
        XCTAssertEqual(property.value, 2, "a value sent after the end sets nothing; the property lives on")
        let late = Shared<[RACEvent<Int>]>([])
        terminal.materialize().subscribeNext { late.value.append($0) }
        XCTAssertEqual(late.value, [.completed])
    }

    func testAPropertyDeallocatedCompletesItsSignalAndIsNotKeptByItsSubscriptions() {
        var property: RACProperty<Int>? = RACProperty(1)
        weak let weakProperty = property
        let events = Shared<[RACEvent<Int>]>([])
        property!.signal.materialize().subscribeNext { events.value.append($0) }
        property!.channel.materialize().subscribeNext { events.value.append($0) }
        property = nil
        XCTAssertNil(weakProperty, "subscriptions to its signal and channel do not keep it")
        XCTAssertEqual(events.value, [.next(1), .next(1), .completed, .completed])
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
        let source = DrivenSource<String>()
        let binding = source.signal.setKeyPath(\Label.text, onObject: label!)
        source.send("a")
        XCTAssertEqual(label?.text, "a")
        label = nil
        XCTAssertNil(weakLabel, "the binding does not keep the object")
        XCTAssertEqual(source.disposals, 0)
        source.send("b")
        XCTAssertEqual(source.disposals, 1, "the next value after the object is gone ends the binding")
        XCTAssertTrue(binding.isDisposed)
    }
}

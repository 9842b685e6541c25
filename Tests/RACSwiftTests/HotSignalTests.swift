import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `hot()`: one shared subscription to the source, made on the first
/// subscribe, disposed on the last dispose, made again on the next first
/// subscribe; subscribers hear what is sent after they subscribed; the
/// terminal event ends the signal for good.
final class HotSignalTests: XCTestCase {
    /// A cold signal that counts its subscriptions and disposals, and
    /// forwards `feed`'s events while subscribed.
    // @unchecked Sendable: test scaffolding, used one thread at a time.
    private final class Source: @unchecked Sendable {
        let feed = RACSubject<Int>()
        var subscriptions = 0
        var disposals = 0
        lazy var signal = RACSignal<Int>.createSignal { [unowned self] subscriber in
            subscriptions += 1
            let inner = feed.subscribe(subscriber)
            // Weak: the source may be gone before the subscription is
            // disposed (by `feed`'s end, as the test ends).
            return RACDisposable { [weak self] in
                self?.disposals += 1
                inner.dispose()
            }
        }
    }

    private func record(_ signal: RACSignal<Int>) -> (Shared<[Int]>, Shared<String>, RACDisposable) {
        let values = Shared<[Int]>([])
        let ending = Shared("")
        let disposable = signal.subscribeNext({ values.value.append($0) },
                                              error: { _ in ending.value = "error" },
                                              completed: { ending.value = "completed" })
        return (values, ending, disposable)
    }

    func testTheFirstSubscriberConnectsAndTheOthersShareTheConnection() {
        let source = Source()
        let hot = source.signal.hot()
        XCTAssertEqual(source.subscriptions, 0, "nothing is subscribed before the first subscriber")
        let (first, _, _) = record(hot)
        let (second, _, _) = record(hot)
        let (third, _, _) = record(hot)
        XCTAssertEqual(source.subscriptions, 1)
        source.feed.sendNext(1)
        source.feed.sendNext(2)
        XCTAssertEqual(first.value, [1, 2])
        XCTAssertEqual(second.value, [1, 2])
        XCTAssertEqual(third.value, [1, 2])
    }

    func testTheLastDisposeDisconnectsAndTheNextSubscriberConnectsAgain() {
        let source = Source()
        let hot = source.signal.hot()
        let (_, _, first) = record(hot)
        let (_, _, second) = record(hot)
        first.dispose()
        XCTAssertEqual(source.disposals, 0, "one subscriber is left")
        second.dispose()
        XCTAssertEqual(source.disposals, 1, "the last dispose disposes the source's subscription before it returns")
        source.feed.sendNext(1)
        let (values, _, third) = record(hot)
        XCTAssertEqual(source.subscriptions, 2)
        source.feed.sendNext(2)
        XCTAssertEqual(values.value, [2])
        third.dispose()
        XCTAssertEqual(source.disposals, 2)
        for round in 0..<5 {
            let (_, _, disposable) = record(hot)
            disposable.dispose()
            XCTAssertEqual(source.subscriptions, 3 + round)
            XCTAssertEqual(source.disposals, 3 + round)
        }
    }

    func testALateSubscriberHearsOnlyLaterEvents() {
        let subject = RACSubject<Int>()
        let hot = subject.hot()
        let (early, _, _) = record(hot)
        subject.sendNext(1)
        let (late, _, _) = record(hot)
        subject.sendNext(2)
        XCTAssertEqual(early.value, [1, 2])
        XCTAssertEqual(late.value, [2])
    }

    func testTheFirstSubscriberHearsWhatAColdSourceSendsWhileSubscribed() {
        let runs = Shared(0)
        let cold = RACSignal<Int>.createSignal { subscriber in
            runs.value += 1
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        let hot = cold.hot()
        let (values, ending, _) = record(hot)
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertEqual(ending.value, "completed")
        let (lateValues, lateEnding, _) = record(hot)
        XCTAssertEqual(lateValues.value, [], "a late subscriber gets the ending at once, no values")
        XCTAssertEqual(lateEnding.value, "completed")
        XCTAssertEqual(runs.value, 1, "an ended hot signal does not subscribe to its source again")
    }

    func testTheTerminalEventReachesEverySubscriberAndEndsTheSignal() {
        struct Failure: Error {}
        let source = Source()
        let hot = source.signal.hot()
        let (_, firstEnding, _) = record(hot)
        let (_, secondEnding, _) = record(hot)
        source.feed.sendError(Failure())
        XCTAssertEqual(firstEnding.value, "error")
        XCTAssertEqual(secondEnding.value, "error")
        XCTAssertEqual(source.disposals, 1, "the connection is let go once every subscriber has ended")
        let (values, lateEnding, _) = record(hot)
        XCTAssertEqual(values.value, [])
        XCTAssertEqual(lateEnding.value, "error")
        XCTAssertEqual(source.subscriptions, 1)
    }

    func testADisposedSubscriberHearsNothingMore() {
        let subject = RACSubject<Int>()
        let hot = subject.hot().map { $0 * 10 }
        let (kept, _, _) = record(hot)
        let (gone, _, disposable) = record(hot)
        subject.sendNext(1)
        disposable.dispose()
        subject.sendNext(2)
        XCTAssertEqual(kept.value, [10, 20])
        XCTAssertEqual(gone.value, [10])
    }

    /// A subscription that ends as it is made (its subscriber, an ended
    /// subject, disposes the subscription it is told of) counts its
    /// subscriber out after counting it in: its generation ends at once,
    /// leaving no connection, and the next subscriber connects.
    func testASubscriptionEndedAsItIsMadeLeavesNoConnection() {
        let source = Source()
        let hot = source.signal.hot()
        let ended = RACSubject<Int>()
        ended.sendCompleted()
        let disposable = hot.subscribe(ended)
        XCTAssertTrue(disposable.isDisposed, "the ended subject's subscription ends at once")
        XCTAssertEqual(source.subscriptions, source.disposals, "no connection outlives its only subscriber")
        let (values, _, _) = record(hot)
        XCTAssertEqual(source.subscriptions - source.disposals, 1, "the next subscriber connects")
        source.feed.sendNext(1)
        XCTAssertEqual(values.value, [1])
    }

    func testAHotSignalNothingHoldsLivesWhileConnected() {
        let subject = RACSubject<Int>()
        let values = Shared<[Int]>([])
        let disposable = subject.hot().map { $0 + 1 }.filter { $0 > 1 }.subscribeNext { values.value.append($0) }
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(values.value, [2, 3])
        disposable.dispose()
        subject.sendNext(3)
        XCTAssertEqual(values.value, [2, 3])
    }

    func testADisconnectedHotChainIsFreed() {
        weak var weakHot: RACHotSignal<Int>?
        weak var weakMapped: RACHotSignal<Int>?
        let subject = RACSubject<Int>()
        do {
            let hot = subject.hot()
            let mapped = hot.map { $0 + 1 }
            weakHot = hot
            weakMapped = mapped
            let disposable = mapped.subscribeNext { _ in }
            subject.sendNext(1)
            disposable.dispose()
        }
        XCTAssertNil(weakMapped)
        XCTAssertNil(weakHot)
    }

    func testHotOfAHotSignalIsTheSignal() {
        let hot = RACSubject<Int>().hot()
        XCTAssertTrue(hot.hot() === hot)
    }

    func testTypedAsASignalTheOperatorsAreRACs() {
        let subject = RACSubject<Int>()
        let runs = Shared(0)
        let signal: RACSignal<Int> = subject.hot()
        let mapped = signal.map { value -> Int in
            runs.value += 1
            return value
        }
        XCTAssertFalse(mapped is RACHotSignal<Int>, "RAC 2.5's map, cold")
        mapped.subscribeNext { _ in }
        mapped.subscribeNext { _ in }
        subject.sendNext(1)
        XCTAssertEqual(runs.value, 2, "once per subscriber, as in RAC 2.5")
    }

    /// The round 4 call sites of ../shared/API.md, as written.
    func testTheRound4CallSitesCompileAndMeanWhatTheySay() {
        let subject = RACSubject<Int>()
        let other = RACSubject<Int>()
        let hot: RACHotSignal<Int> = subject.hot()
        let labels: RACHotSignal<String> = hot.map { "\($0)" }.filter { !$0.isEmpty }
        let both: RACHotSignal<Int> = hot.merge(other.hot())
        let pairs: RACHotSignal<(Int, String)> = hot.combineLatestWith(labels)
        let latest: RACHotSignal<Int> = hot.flattenMap { RACSignal.return($0 * 2) }
        let onMain: RACHotSignal<Int> = hot.deliverOn(RACScheduler.immediateScheduler)
        let requests = Shared(0)
        let coldRequest = RACSignal<Data>.createSignal { subscriber in
            requests.value += 1
            return nil
        }
        let request: RACHotSignal<Data> = coldRequest.hot()
        let asSignal: RACSignal<Int> = hot

        let seen = Shared<[String]>([])
        labels.subscribeNext { seen.value.append("label \($0)") }
        both.subscribeNext { seen.value.append("both \($0)") }
        pairs.subscribeNext { seen.value.append("pair \($0.0) \($0.1)") }
        latest.subscribeNext { seen.value.append("latest \($0)") }
        onMain.subscribeNext { seen.value.append("onMain \($0)") }
        asSignal.subscribeNext { seen.value.append("asSignal \($0)") }
        request.subscribeNext { _ in }
        request.subscribeNext { _ in }
        subject.sendNext(1)
        other.sendNext(5)
        XCTAssertEqual(requests.value, 1, "one request however many subscribe at once")
        XCTAssertEqual(seen.value.sorted(), ["asSignal 1", "both 1", "both 5", "label 1", "latest 2", "onMain 1",
                                             "pair 1 1"].sorted())
    }

    /// docs/Porting.md, "Cold, hot, and hot()": the cold and hot forms of the
    /// articles' request, as the page prints them.
    func testPortingPagesRequestExample() {
        let printed = Shared<[String]>([])
        let request = RACSignal<Data>.createSignal { subscriber in
            printed.value.append("request sent")
            subscriber.sendNext(Data())
            subscriber.sendCompleted()
            return nil
        }
        let cold = request.map { data in data.count }
        cold.subscribeNext { printed.value.append("a \($0)") }
        cold.subscribeNext { printed.value.append("b \($0)") }
        XCTAssertEqual(printed.value, ["request sent", "a 0", "request sent", "b 0"])

        printed.value = []
        let hot = request.hot().map { data in data.count }
        hot.subscribeNext { printed.value.append("a \($0)") }
        hot.subscribeNext { printed.value.append("b \($0)") }
        XCTAssertEqual(printed.value, ["request sent", "a 0"])
    }
}

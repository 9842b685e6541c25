import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

final class ChannelTests: XCTestCase {
    private struct ChannelError: Error, Equatable {
        var code: Int
    }

    // MARK: values (RAC's RACChannelExamples)

    func testLeadingTerminalSendsNoValueOnSubscription() {
        let channel = RACChannel<String>()
        let received = Shared<[String]>([])
        channel.followingTerminal.sendNext("1")
        channel.leadingTerminal.subscribeNext { received.value.append($0) }
        XCTAssertEqual(received.value, [])
        channel.followingTerminal.sendNext("2")
        XCTAssertEqual(received.value, ["2"])
    }

    func testFollowingTerminalSendsTheLatestValueOnSubscription() {
        let channel = RACChannel<String>()
        let received = Shared<[String]>([])
        channel.leadingTerminal.sendNext("1")
        channel.followingTerminal.take(1).subscribeNext { received.value.append($0) }
        XCTAssertEqual(received.value, ["1"])
        channel.leadingTerminal.sendNext("2")
        channel.leadingTerminal.sendNext("3")
        channel.followingTerminal.take(1).subscribeNext { received.value.append($0) }
        XCTAssertEqual(received.value, ["1", "3"], "only the latest value is kept")
    }

    func testLeadingTerminalSendsValuesAsTheyChange() {
        let channel = RACChannel<String>()
        let received = Shared<[String]>([])
        channel.leadingTerminal.subscribeNext { received.value.append($0) }
        channel.followingTerminal.sendNext("1")
        channel.followingTerminal.sendNext("2")
        channel.followingTerminal.sendNext("3")
        XCTAssertEqual(received.value, ["1", "2", "3"])
    }

    func testFollowingTerminalSendsValuesAsTheyChange() {
        let channel = RACChannel<String>()
        channel.leadingTerminal.sendNext("1")
        let received = Shared<[String]>([])
        channel.followingTerminal.subscribeNext { received.value.append($0) }
        channel.leadingTerminal.sendNext("2")
        channel.leadingTerminal.sendNext("3")
        XCTAssertEqual(received.value, ["1", "2", "3"])
    }

    func testATerminalDoesNotHearItsOwnValues() {
        let channel = RACChannel<Int>()
        let leading = Shared<[Int]>([])
        let following = Shared<[Int]>([])
        channel.leadingTerminal.subscribeNext { leading.value.append($0) }
        channel.followingTerminal.subscribeNext { following.value.append($0) }
        channel.leadingTerminal.sendNext(1)
        channel.followingTerminal.sendNext(2)
        XCTAssertEqual(leading.value, [2])
        XCTAssertEqual(following.value, [1])
    }

    // MARK: terminal events

    func testCompletingEitherTerminalCompletesBoth() {
        for sendOnLeading in [true, false] {
            let channel = RACChannel<Int>()
            let order = Shared<[String]>([])
            channel.leadingTerminal.subscribeCompleted { order.value.append("leading") }
            channel.followingTerminal.subscribeCompleted { order.value.append("following") }
            (sendOnLeading ? channel.leadingTerminal : channel.followingTerminal).sendCompleted()
            XCTAssertEqual(order.value, sendOnLeading ? ["leading", "following"] : ["following", "leading"],
                           "as in RAC: the sending terminal's subscribers first")
        }
    }

    func testAnErrorOnEitherTerminalReachesBoth() {
        for sendOnLeading in [true, false] {
            let channel = RACChannel<Int>()
            let leading = Shared<[ChannelError]>([])
            let following = Shared<[ChannelError]>([])
            channel.leadingTerminal.subscribeError { leading.value.append($0 as! ChannelError) }
            channel.followingTerminal.subscribeError { following.value.append($0 as! ChannelError) }
            let terminal = sendOnLeading ? channel.leadingTerminal : channel.followingTerminal
            terminal.sendError(ChannelError(code: 7))
            XCTAssertEqual(leading.value, [ChannelError(code: 7)])
            XCTAssertEqual(following.value, [ChannelError(code: 7)])
        }
    }

    func testCompletionIsReplayedToNewSubscribers() {
        let channel = RACChannel<Int>()
        channel.leadingTerminal.sendCompleted()
        let completions = Shared(0)
        channel.leadingTerminal.subscribeCompleted { completions.value += 1 }
        channel.followingTerminal.subscribeCompleted { completions.value += 1 }
        XCTAssertEqual(completions.value, 2)
    }

    func testErrorIsReplayedToNewSubscribers() {
        let channel = RACChannel<Int>()
        channel.followingTerminal.sendError(ChannelError(code: 1))
        let errors = Shared(0)
        channel.leadingTerminal.subscribeError { _ in errors.value += 1 }
        channel.followingTerminal.subscribeError { _ in errors.value += 1 }
        XCTAssertEqual(errors.value, 2)
    }

    func testNothingCrossesAfterTheChannelEnds() {
        let channel = RACChannel<Int>()
        let values = Shared<[Int]>([])
        let completions = Shared(0)
        channel.followingTerminal.subscribeNext({ values.value.append($0) }, completed: { completions.value += 1 })
        channel.leadingTerminal.sendCompleted()
        channel.leadingTerminal.sendNext(1)
        channel.followingTerminal.sendCompleted()
        XCTAssertEqual(values.value, [])
        XCTAssertEqual(completions.value, 1)
    }

    // MARK: as a subscriber

    func testSubscribingATerminalToASignalFeedsTheOtherTerminal() {
        let channel = RACChannel<Int>()
        let values = Shared<[Int]>([])
        let completions = Shared(0)
        channel.followingTerminal.subscribeNext({ values.value.append($0) }, completed: { completions.value += 1 })
        let source = RACSubject<Int>()
        source.subscribe(channel.leadingTerminal)
        source.sendNext(1)
        source.sendNext(2)
        source.sendCompleted()
        XCTAssertEqual(values.value, [1, 2])
        XCTAssertEqual(completions.value, 1)
    }

    func testTheEndOfTheChannelDisposesATerminalsSubscription() {
        let channel = RACChannel<Int>()
        let disposed = Shared(0)
        let source = RACSignal<Int>.createSignal { _ in RACDisposable { disposed.value += 1 } }
        source.subscribe(channel.leadingTerminal)
        XCTAssertEqual(disposed.value, 0)
        channel.followingTerminal.sendCompleted()
        XCTAssertEqual(disposed.value, 1, "as in RAC, a terminal's subscriptions last as long as the channel")
    }

    func testATerminalSubscribesThroughTheSubscriberProtocolToo() {
        // @unchecked Sendable: test scaffolding, used on this thread.
        final class Collector: RACSubscriber, @unchecked Sendable {
            var values: [Int] = []
            var disposables = 0
            func sendNext(_ value: Int) { values.append(value) }
            func sendError(_ error: any Error) {}
            func sendCompleted() {}
            func didSubscribe(with disposable: RACCompoundDisposable) { disposables += 1 }
        }
        let channel = RACChannel<Int>()
        let collector = Collector()
        channel.leadingTerminal.subscribe(collector)
        channel.followingTerminal.sendNext(5)
        XCTAssertEqual(collector.values, [5])
        XCTAssertEqual(collector.disposables, 1)
    }

    // MARK: binding

    /// Binds two channels through their following terminals, both ways, as
    /// `RACChannelTo(a) = RACChannelTo(b)` does (without its `skip(1)`,
    /// which drops a KVO terminal's initial value: these have none).
    private func bind(_ model: RACChannel<Int>, _ view: RACChannel<Int>) {
        model.followingTerminal.subscribe(view.followingTerminal)
        view.followingTerminal.subscribe(model.followingTerminal)
    }

    /// Each value crosses once and stops, and the end of one channel ends
    /// the other, with no endless echo.
    func testTwoWayBindingOfTwoChannelsDoesNotLoop() {
        let model = RACChannel<Int>(), view = RACChannel<Int>()
        bind(model, view)

        let modelHeard = Shared<[Int]>([])
        let viewHeard = Shared<[Int]>([])
        let completions = Shared(0)
        model.leadingTerminal.subscribeNext({ modelHeard.value.append($0) }, completed: { completions.value += 1 })
        view.leadingTerminal.subscribeNext({ viewHeard.value.append($0) }, completed: { completions.value += 1 })

        model.leadingTerminal.sendNext(1)
        view.leadingTerminal.sendNext(2)
        model.leadingTerminal.sendNext(3)
        XCTAssertEqual(viewHeard.value, [1, 3])
        XCTAssertEqual(modelHeard.value, [2])

        model.leadingTerminal.sendCompleted()
        XCTAssertEqual(completions.value, 2)
        view.leadingTerminal.sendNext(4)
        XCTAssertEqual(modelHeard.value, [2])
    }

    /// The echo a binding must not cause: a model subscriber that writes
    /// every value it hears back into the view. Each value makes one round
    /// trip and stops.
    func testBindingEchoStopsAfterOneRoundTrip() {
        let model = RACChannel<Int>(), view = RACChannel<Int>()
        bind(model, view)
        let viewHeard = Shared<[Int]>([])
        view.leadingTerminal.subscribeNext { viewHeard.value.append($0) }
        model.leadingTerminal.subscribeNext { model.leadingTerminal.sendNext($0 * 10) }
        view.leadingTerminal.sendNext(1)
        XCTAssertEqual(viewHeard.value, [10])
    }

    // MARK: memory

    func testChannelAndTerminalsDeallocateWhenSubscriptionsAreDisposed() {
        weak var weakChannel: RACChannel<Int>?
        weak var weakTerminal: RACChannelTerminal<Int>?
        var leading: RACDisposable?
        var following: RACDisposable?
        do {
            let channel = RACChannel<Int>()
            weakChannel = channel
            weakTerminal = channel.leadingTerminal
            leading = channel.leadingTerminal.subscribeCompleted {}
            following = channel.followingTerminal.subscribeCompleted {}
        }
        leading?.dispose()
        following?.dispose()
        XCTAssertNil(weakChannel)
        XCTAssertNil(weakTerminal)
    }

    func testSubscribersAreReleasedWhenTheChannelGoesAway() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        do {
            let channel = RACChannel<Int>()
            let token = Token()
            weakToken = token
            channel.leadingTerminal.subscribeNext { _ in _ = token }
            channel.followingTerminal.subscribeNext { _ in _ = token }
            channel.leadingTerminal.sendNext(1)
        }
        XCTAssertNil(weakToken, "no cycle keeps the channel's subjects, and their subscribers, alive")
    }

    func testTerminalsSubscribedToNeverEndingSignalsDeallocateAfterDisposal() {
        weak var weakChannel: RACChannel<Int>?
        weak var weakTerminal: RACChannelTerminal<Int>?
        var leading: RACDisposable?
        var following: RACDisposable?
        do {
            let channel = RACChannel<Int>()
            weakChannel = channel
            weakTerminal = channel.followingTerminal
            leading = RACSignal<Int>.never().subscribe(channel.leadingTerminal)
            following = RACSignal<Int>.never().subscribe(channel.followingTerminal)
        }
        leading?.dispose()
        following?.dispose()
        XCTAssertNil(weakChannel)
        XCTAssertNil(weakTerminal)
    }

    // MARK: threads

    func testValuesCrossOnTheSendersThread() {
        let channel = RACChannel<Int>()
        let received = expectation(description: "value")
        let onMain = Shared(true)
        channel.followingTerminal.subscribeNext { _ in
            onMain.value = Thread.isMainThread
            received.fulfill()
        }
        Thread { channel.leadingTerminal.sendNext(1) }.start()
        wait(for: [received], timeout: HangGuard.seconds)
        XCTAssertFalse(onMain.value)
    }
}

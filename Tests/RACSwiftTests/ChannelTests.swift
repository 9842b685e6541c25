import Foundation
import RACSwift
import XCTest

final class ChannelTests: XCTestCase {
    private struct ChannelError: Error, Equatable {
        var code: Int
    }

    // MARK: values (RAC's RACChannelExamples)

    func testLeadingTerminalSendsNoValueOnSubscription() {
        let channel = RACChannel<String>()
        var received: [String] = []
        channel.followingTerminal.sendNext("1")
        channel.leadingTerminal.subscribeNext { received.append($0) }
        XCTAssertEqual(received, [])
        channel.followingTerminal.sendNext("2")
        XCTAssertEqual(received, ["2"])
    }

    func testFollowingTerminalSendsTheLatestValueOnSubscription() {
        let channel = RACChannel<String>()
        var received: [String] = []
        channel.leadingTerminal.sendNext("1")
        channel.followingTerminal.take(1).subscribeNext { received.append($0) }
        XCTAssertEqual(received, ["1"])
        channel.leadingTerminal.sendNext("2")
        channel.leadingTerminal.sendNext("3")
        channel.followingTerminal.take(1).subscribeNext { received.append($0) }
        XCTAssertEqual(received, ["1", "3"], "only the latest value is kept")
    }

    func testLeadingTerminalSendsValuesAsTheyChange() {
        let channel = RACChannel<String>()
        var received: [String] = []
        channel.leadingTerminal.subscribeNext { received.append($0) }
        channel.followingTerminal.sendNext("1")
        channel.followingTerminal.sendNext("2")
        channel.followingTerminal.sendNext("3")
        XCTAssertEqual(received, ["1", "2", "3"])
    }

    func testFollowingTerminalSendsValuesAsTheyChange() {
        let channel = RACChannel<String>()
        channel.leadingTerminal.sendNext("1")
        var received: [String] = []
        channel.followingTerminal.subscribeNext { received.append($0) }
        channel.leadingTerminal.sendNext("2")
        channel.leadingTerminal.sendNext("3")
        XCTAssertEqual(received, ["1", "2", "3"])
    }

    func testATerminalDoesNotHearItsOwnValues() {
        let channel = RACChannel<Int>()
        var leading: [Int] = []
        var following: [Int] = []
        channel.leadingTerminal.subscribeNext { leading.append($0) }
        channel.followingTerminal.subscribeNext { following.append($0) }
        channel.leadingTerminal.sendNext(1)
        channel.followingTerminal.sendNext(2)
        XCTAssertEqual(leading, [2])
        XCTAssertEqual(following, [1])
    }

    // MARK: terminal events

    func testCompletingEitherTerminalCompletesBoth() {
        for sendOnLeading in [true, false] {
            let channel = RACChannel<Int>()
            var order: [String] = []
            channel.leadingTerminal.subscribeCompleted { order.append("leading") }
            channel.followingTerminal.subscribeCompleted { order.append("following") }
            (sendOnLeading ? channel.leadingTerminal : channel.followingTerminal).sendCompleted()
            XCTAssertEqual(order, sendOnLeading ? ["leading", "following"] : ["following", "leading"],
                           "as in RAC: the sending terminal's subscribers first")
        }
    }

    func testAnErrorOnEitherTerminalReachesBoth() {
        for sendOnLeading in [true, false] {
            let channel = RACChannel<Int>()
            var leading: [ChannelError] = []
            var following: [ChannelError] = []
            channel.leadingTerminal.subscribeError { leading.append($0 as! ChannelError) }
            channel.followingTerminal.subscribeError { following.append($0 as! ChannelError) }
            let terminal = sendOnLeading ? channel.leadingTerminal : channel.followingTerminal
            terminal.sendError(ChannelError(code: 7))
            XCTAssertEqual(leading, [ChannelError(code: 7)])
            XCTAssertEqual(following, [ChannelError(code: 7)])
        }
    }

    func testCompletionIsReplayedToNewSubscribers() {
        let channel = RACChannel<Int>()
        channel.leadingTerminal.sendCompleted()
        var completions = 0
        channel.leadingTerminal.subscribeCompleted { completions += 1 }
        channel.followingTerminal.subscribeCompleted { completions += 1 }
        XCTAssertEqual(completions, 2)
    }

    func testErrorIsReplayedToNewSubscribers() {
        let channel = RACChannel<Int>()
        channel.followingTerminal.sendError(ChannelError(code: 1))
        var errors = 0
        channel.leadingTerminal.subscribeError { _ in errors += 1 }
        channel.followingTerminal.subscribeError { _ in errors += 1 }
        XCTAssertEqual(errors, 2)
    }

    func testNothingCrossesAfterTheChannelEnds() {
        let channel = RACChannel<Int>()
        var values: [Int] = []
        var completions = 0
        channel.followingTerminal.subscribeNext({ values.append($0) }, completed: { completions += 1 })
        channel.leadingTerminal.sendCompleted()
        channel.leadingTerminal.sendNext(1)
        channel.followingTerminal.sendCompleted()
        XCTAssertEqual(values, [])
        XCTAssertEqual(completions, 1)
    }

    // MARK: as a subscriber

    func testSubscribingATerminalToASignalFeedsTheOtherTerminal() {
        let channel = RACChannel<Int>()
        var values: [Int] = []
        var completions = 0
        channel.followingTerminal.subscribeNext({ values.append($0) }, completed: { completions += 1 })
        let source = RACSubject<Int>()
        source.subscribe(channel.leadingTerminal)
        source.sendNext(1)
        source.sendNext(2)
        source.sendCompleted()
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(completions, 1)
    }

    func testTheEndOfTheChannelDisposesATerminalsSubscription() {
        let channel = RACChannel<Int>()
        var disposed = 0
        let source = RACSignal<Int>.createSignal { _ in RACDisposable { disposed += 1 } }
        source.subscribe(channel.leadingTerminal)
        XCTAssertEqual(disposed, 0)
        channel.followingTerminal.sendCompleted()
        XCTAssertEqual(disposed, 1, "as in RAC, a terminal's subscriptions last as long as the channel")
    }

    func testATerminalSubscribesThroughTheSubscriberProtocolToo() {
        final class Collector: RACSubscriber {
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

        var modelHeard: [Int] = []
        var viewHeard: [Int] = []
        var completions = 0
        model.leadingTerminal.subscribeNext({ modelHeard.append($0) }, completed: { completions += 1 })
        view.leadingTerminal.subscribeNext({ viewHeard.append($0) }, completed: { completions += 1 })

        model.leadingTerminal.sendNext(1)
        view.leadingTerminal.sendNext(2)
        model.leadingTerminal.sendNext(3)
        XCTAssertEqual(viewHeard, [1, 3])
        XCTAssertEqual(modelHeard, [2])

        model.leadingTerminal.sendCompleted()
        XCTAssertEqual(completions, 2)
        view.leadingTerminal.sendNext(4)
        XCTAssertEqual(modelHeard, [2])
    }

    /// The echo a binding must not cause: a model subscriber that writes
    /// every value it hears back into the view. Each value makes one round
    /// trip and stops.
    func testBindingEchoStopsAfterOneRoundTrip() {
        let model = RACChannel<Int>(), view = RACChannel<Int>()
        bind(model, view)
        var viewHeard: [Int] = []
        view.leadingTerminal.subscribeNext { viewHeard.append($0) }
        model.leadingTerminal.subscribeNext { model.leadingTerminal.sendNext($0 * 10) }
        view.leadingTerminal.sendNext(1)
        XCTAssertEqual(viewHeard, [10])
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
        final class Token {}
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
        let onMain = MulticastTestBox(true)
        channel.followingTerminal.subscribeNext { _ in
            onMain.value = Thread.isMainThread
            received.fulfill()
        }
        Thread { channel.leadingTerminal.sendNext(1) }.start()
        wait(for: [received], timeout: 10)
        XCTAssertFalse(onMain.value)
    }
}

import Foundation
import Observation
import RACSwift
import XCTest

// Swift 6 language mode: the round 4 binding call sites. A binding made
// from main-actor code touches a main-actor object on the main thread
// only; one made from nonisolated code touches a Sendable object where RAC
// did. (A plain class is refused at compile time: Checks/BindingCompileFail.)

/// A view: main-actor isolated; records whether each set ran on the main
/// thread.
@MainActor
final class Swift6TitleView {
    var title = "" {
        didSet { setsOnMainThread.append(Thread.isMainThread) }
    }
    var setsOnMainThread: [Bool] = []
}

/// A main-actor view model; records whether each read of `observedName`
/// ran on the main thread.
@MainActor @Observable
final class Swift6MainModel {
    var name = "a" {
        didSet { setsOnMainThread.append(Thread.isMainThread) }
    }
    @ObservationIgnored var setsOnMainThread: [Bool] = []
    @ObservationIgnored var readsOnMainThread: [Bool] = []

    var observedName: String {
        readsOnMainThread.append(Thread.isMainThread)
        return name
    }
}

/// A Sendable object that is not main-actor isolated: a lock guards it.
final class Swift6LockedCounter: Sendable {
    private let state = NSLockedValue(0)
    var count: Int {
        get { state.value }
        set { state.value = newValue }
    }
}

/// A value behind a lock (Mutex needs macOS 15; this target builds for 14).
final class NSLockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

final class Swift6BindingsTests: XCTestCase {
    /// Waits until every block scheduled on the main thread scheduler so far
    /// has run (point 18: in the order they were scheduled).
    @MainActor
    private func mainThreadSchedulerCatchesUp() async {
        let caughtUp = expectation(description: "the main thread scheduler caught up")
        RACScheduler.mainThreadScheduler.schedule { caughtUp.fulfill() }
        await fulfillment(of: [caughtUp], timeout: hangGuardSeconds)
    }

    @MainActor
    func testSetKeyPathSetsAMainActorViewOnTheMainThread() async {
        let titles = RACSubject<String>()
        let view = Swift6TitleView()
        titles.setKeyPath(\Swift6TitleView.title, onObject: view)
        titles.sendNext("on main")
        XCTAssertEqual(view.title, "on main", "sent on the main thread: set before sendNext returns")
        await Task.detached {
            titles.sendNext("b")
            titles.sendNext("c")
        }.value
        await mainThreadSchedulerCatchesUp()
        XCTAssertEqual(view.title, "c")
        XCTAssertEqual(view.setsOnMainThread, [true, true, true], "every set on the main thread, none lost")
    }

    func testSetKeyPathSetsASendableObjectOnTheSendingThread() {
        let counts = RACSubject<Int>()
        let counter = Swift6LockedCounter()
        counts.setKeyPath(\Swift6LockedCounter.count, onObject: counter)
        let sent = DispatchSemaphore(value: 0)
        Thread {
            counts.sendNext(7)
            // Set on this thread, before sendNext returned, as in RAC.
            XCTAssertEqual(counter.count, 7)
            sent.signal()
        }.start()
        XCTAssertEqual(sent.wait(timeout: .now() + hangGuardSeconds), .success)
    }

    @MainActor
    func testRACObserveReadsAMainActorModelOnTheMainThreadAfterEachChange() async throws {
        let model = Swift6MainModel()
        let heard = NSLockedValue<[String]>([])
        let subscription = RACObserve(model, \.observedName).subscribeNext { name in heard.value.append(name) }
        for (count, next) in [(1, "b"), (2, "c")] {
            try await waitUntil { heard.value.count >= count }
            model.name = next
        }
        try await waitUntil { heard.value.count >= 3 }
        XCTAssertEqual(heard.value, ["a", "b", "c"], "each value after its change landed")
        XCTAssertEqual(model.readsOnMainThread, [true, true, true])
        subscription.dispose()
    }

    @MainActor
    func testRACObserveSubscribedElsewhereStillReadsOnTheMainThread() async throws {
        let model = Swift6MainModel()
        let names = RACObserve(model, \.observedName)
        let heard = NSLockedValue<[String]>([])
        let subscription = await Task.detached {
            names.subscribeNext { name in heard.value.append(name) }
        }.value
        try await waitUntil { heard.value.count >= 1 }
        model.name = "b"
        try await waitUntil { heard.value.count >= 2 }
        XCTAssertEqual(heard.value, ["a", "b"])
        XCTAssertEqual(model.readsOnMainThread, [true, true])
        subscription.dispose()
    }

    @MainActor
    func testAChannelToAMainActorModelWritesOnTheMainThread() async {
        let model = Swift6MainModel()
        let terminal = RACChannelTo(model, \.name)
        await Task.detached { terminal.sendNext("from elsewhere") }.value
        await mainThreadSchedulerCatchesUp()
        XCTAssertEqual(model.name, "from elsewhere")
        let channel = RACKVOChannel(target: model, keyPath: \.name, on: RACScheduler.immediateScheduler)
        await Task.detached { channel.followingTerminal.sendNext("again") }.value
        await mainThreadSchedulerCatchesUp()
        XCTAssertEqual(model.name, "again")
        XCTAssertEqual(model.setsOnMainThread, [true, true])
    }

    /// Polls `condition` on the main actor (letting the main queue run in
    /// between) until it holds; throws once the hang guard has passed.
    @MainActor
    private func waitUntil(_ condition: () -> Bool) async throws {
        let end = Date(timeIntervalSinceNow: hangGuardSeconds)
        while !condition() {
            if Date() >= end { throw CancellationError() }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// API.md's round 4 binding call site, in Swift 5 mode: a main-actor view,
/// bound from main-actor code, is set on the main thread only.
@MainActor final class TitleView {
    var title = "" {
        didSet { setsOnMainThread.append(Thread.isMainThread) }
    }
    var setsOnMainThread: [Bool] = []
}

@MainActor func bind(_ view: TitleView, _ titles: RACSignal<String>) -> RACDisposable {
    titles.setKeyPath(\TitleView.title, onObject: view)
}

final class MainActorBindingTests: XCTestCase {
    func testAMainActorViewBoundFromMainActorCodeIsSetOnTheMainThread() {
        let titles = RACSubject<String>()
        let view = MainActor.assumeIsolated { TitleView() }
        _ = MainActor.assumeIsolated { bind(view, titles) }
        titles.sendNext("on main")
        XCTAssertEqual(MainActor.assumeIsolated { view.title }, "on main", "set before sendNext returned")
        let sent = DispatchSemaphore(value: 0)
        Thread {
            titles.sendNext("elsewhere")
            sent.signal()
        }.start()
        XCTAssertEqual(sent.wait(timeout: HangGuard.deadline), .success)
        let caughtUp = expectation(description: "the main thread scheduler caught up")
        RACScheduler.mainThreadScheduler.schedule { caughtUp.fulfill() }
        wait(for: [caughtUp], timeout: HangGuard.seconds)
        MainActor.assumeIsolated {
            XCTAssertEqual(view.title, "elsewhere")
            XCTAssertEqual(view.setsOnMainThread, [true, true])
        }
    }
}

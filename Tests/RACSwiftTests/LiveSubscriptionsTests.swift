import RACSwift
import RACSwiftTestSupport
import XCTest

/// A view model as apps write them: it subscribes in `start()` and keeps
/// the disposables to end them in `stop()`, except that it forgets one.
private final class LeakyViewModel {
    let search = RACSubject<String>()
    init() { search.setName("search") }
    private(set) var results: [String] = []
    private var titles: RACDisposable?
    private var queries: RACDisposable?

    func start() {
        titles = search.map { $0.uppercased() }.setName("titles").subscribeNext { _ in }
        queries = search.filter { !$0.isEmpty }.subscribeNext { self.results.append($0) }   // line 16: a cycle
    }

    func stop() {
        titles?.dispose()
        // Forgets `queries`.
    }
}

final class LiveSubscriptionsTests: XCTestCase {
    override func tearDown() {
        RACLiveSubscriptions.recordsSites = false
        super.tearDown()
    }

    func testTheCountFollowsASubjectSubscriptionFromSubscribeToDispose() {
        let subject = RACSubject<Int>()
        let before = RACLiveSubscriptions.count
        let subscription = subject.subscribeNext { _ in }
        XCTAssertEqual(RACLiveSubscriptions.count, before + 1)
        subscription.dispose()
        XCTAssertEqual(RACLiveSubscriptions.count, before)
        subscription.dispose()
        XCTAssertEqual(RACLiveSubscriptions.count, before, "a second dispose ends nothing more")
    }

    func testEachOperatorsSubscriptionCountsAndATerminalEventEndsThemAll() {
        let subject = RACSubject<Int>()
        let before = RACLiveSubscriptions.count
        let subscription = subject.map { $0 + 1 }.filter { $0 > 0 }.subscribeNext { _ in }
        XCTAssertEqual(RACLiveSubscriptions.count, before + 3, "the block's, the filter's and the map's")
        subject.sendCompleted()
        XCTAssertEqual(RACLiveSubscriptions.count, before)
        subscription.dispose()
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }

    func testACreateSignalSubscriptionCountsOnceAndEndsWithItsBlock() {
        let before = RACLiveSubscriptions.count
        let kept = Shared<(any RACSubscriber<Int>)?>(nil)
        let signal = RACSignal<Int>.createSignal { subscriber in
            kept.value = subscriber
            return nil
        }
        // The map's sink is served through a source subscriber, which is no
        // subscription of its own.
        let subscription = signal.map { $0 }.subscribeNext { _ in }
        XCTAssertEqual(RACLiveSubscriptions.count, before + 2)
        kept.value?.sendCompleted()
        XCTAssertEqual(RACLiveSubscriptions.count, before)
        subscription.dispose()
        kept.value = nil
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }

    func testASubscriberFreedWithoutEndingEndsThen() {
        let before = RACLiveSubscriptions.count
        var subject: RACSubject<Int>? = RACSubject<Int>()
        subject?.subscribeNext { _ in }
        XCTAssertEqual(RACLiveSubscriptions.count, before + 1)
        subject = nil
        XCTAssertEqual(RACLiveSubscriptions.count, before, "a subject freed frees its subscribers")
    }

    func testSynchronousSignalsEndTheirSubscriptionsAtOnce() {
        let before = RACLiveSubscriptions.count
        RACSignal.return(1).map { $0 * 2 }.subscribeNext { _ in }
        RACSignal<Int>.empty().subscribeCompleted {}
        RACSignal<Int>.error(NSError(domain: "t", code: 1)).subscribeError { _ in }
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }

    // MARK: Sites

    func testSiteModeGroupsLiveSubscriptionsBySiteAndSignal() {
        RACLiveSubscriptions.recordsSites = true
        let search = RACSubject<String>().setName("search")
        let results = search.map { $0.lowercased() }
        var subscriptions: [RACDisposable] = []
        for _ in 0..<42 {
            subscriptions.append(results.subscribeNext { _ in })   // the line the report names
        }
        let line = #line - 2
        let otherLine = #line + 1
        let other = search.subscribeNext { _ in }
        let groups = RACLiveSubscriptions.bySite()
        XCTAssertEqual(groups.first?.count, 42)
        XCTAssertEqual(groups.first?.operatorCount, 42, "each map's own subscription to search")
        XCTAssertEqual(groups.first?.site, "RACSwiftTests/LiveSubscriptionsTests.swift:\(line)")
        XCTAssertEqual(groups.first?.signalName, "[search] -map:")
        XCTAssertEqual(groups.first?.description,
                       "42 live subscriptions made at RACSwiftTests/LiveSubscriptionsTests.swift:\(line) "
                       + "on [search] -map: (and 42 of their operators' own)")
        let report = RACLiveSubscriptions.report()
        XCTAssertTrue(report.contains(
            "1 live subscription made at RACSwiftTests/LiveSubscriptionsTests.swift:\(otherLine) on search"), report)

        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(RACLiveSubscriptions.bySite().map(\.count).reduce(0, +), 1)
        other.dispose()
        XCTAssertTrue(RACLiveSubscriptions.bySite().allSatisfy { $0.site?.hasPrefix("RACSwiftTests/LiveSubscriptionsTests") != true })
    }

    func testTheReportNamesAnUnnamedSignalByItsTypeAndCountsWhatItCannotList() {
        let (before, after) = (RACSubject<Int>(), RACSubject<Int>())
        RACLiveSubscriptions.recordsSites = false
        let unlisted = before.subscribeNext { _ in }
        RACLiveSubscriptions.recordsSites = true
        let line = #line + 1
        let listed = after.subscribeNext { _ in }
        let report = RACLiveSubscriptions.report()
        RACLiveSubscriptions.recordsSites = false
        XCTAssertTrue(report.contains(
            "1 live subscription made at RACSwiftTests/LiveSubscriptionsTests.swift:\(line) on an unnamed RACSubject<Int>"),
                      report)
        let footer = report.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(footer.hasSuffix("not listed: made while site mode was off (set recordsSites, or "
            + "RACSWIFT_SUBSCRIPTION_SITES=1, before they are made)"), report)
        XCTAssertGreaterThanOrEqual(Int(footer.prefix { $0.isNumber }) ?? 0, 1, "the subscription made before")
        unlisted.dispose()
        listed.dispose()
        withExtendedLifetime((before, after)) {}
    }

    func testSiteModeOffRecordsNothing() {
        RACLiveSubscriptions.recordsSites = false
        let subject = RACSubject<Int>().setName("unrecorded")
        let subscription = subject.subscribeNext { _ in }
        XCTAssertFalse(RACLiveSubscriptions.bySite().contains { $0.signalName == "unrecorded" })
        subscription.dispose()
    }

    func testTheSwitchAndALeakCheckTogetherLeaveTheModeOffAfterwards() {
        let check = RACLeakCheck()
        RACLiveSubscriptions.recordsSites = true
        RACLiveSubscriptions.recordsSites = true
        XCTAssertTrue(RACLiveSubscriptions.recordsSites)
        RACLiveSubscriptions.recordsSites = false
        check.finish()
        check.finish()
        let subject = RACSubject<Int>().setName("after")
        let subscription = subject.subscribeNext { _ in }
        XCTAssertFalse(RACLiveSubscriptions.bySite().contains { $0.signalName == "after" }, "the mode is off")
        subscription.dispose()
    }

    func testSubscribeWithASubscriberRecordsTheSignalButNoSite() {
        RACLiveSubscriptions.recordsSites = true
        let subject = RACSubject<Int>().setName("recorded")
        let subscription = subject.subscribe(RACTestSubscriber<Int>())
        let group = RACLiveSubscriptions.bySite().first { $0.signalName == "recorded" }
        XCTAssertEqual(group?.count, 1)
        XCTAssertNil(group?.site)
        subscription.dispose()
    }

    // MARK: The leak check

    func testTheLeakCheckNamesTheSubscriptionAViewModelForgot() {
        var failures: [(message: String, line: UInt)] = []
        let checkLine: UInt = #line + 1
        assertNoLiveSubscriptions(onFailure: { message, _, line in failures.append((message, line)) }) {
            let model = LeakyViewModel()
            model.start()
            model.stop()
            withExtendedLifetime(model) {}
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, checkLine)
        XCTAssertEqual(failures.first?.message, """
            2 subscriptions made inside assertNoLiveSubscriptions are still alive:
            1 live subscription made at RACSwiftTests/LiveSubscriptionsTests.swift:16 on [search] -filter: \
            (and 1 of its operators' own)
            """)
    }

    func testTheLeakCheckPassesWhenEverythingEnds() {
        var failures: [String] = []
        let before = RACLiveSubscriptions.count
        let value = assertNoLiveSubscriptions(onFailure: { message, _, _ in failures.append(message) }) { () -> Int in
            let subject = RACSubject<Int>()
            let subscription = subject.map { $0 }.subscribeNext { _ in }
            subject.sendNext(1)
            subscription.dispose()
            return 7
        }
        XCTAssertEqual(value, 7)
        XCTAssertEqual(failures, [])
        XCTAssertEqual(RACLiveSubscriptions.count, before)
    }

    func testALeakCheckSeesOnlyWhatWasMadeWhileItRan() {
        let subject = RACSubject<Int>()
        let earlier = subject.subscribeNext { _ in }
        let check = RACLeakCheck()
        let inside = subject.subscribeNext { _ in }
        XCTAssertEqual(check.leaks.map(\.count), [1])
        inside.dispose()
        XCTAssertEqual(check.finish().count, 0)
        earlier.dispose()
    }
}

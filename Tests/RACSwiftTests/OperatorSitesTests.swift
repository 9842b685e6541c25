import RACSwift
import RACSwiftTestSupport
import XCTest

/// Site mode: the subscriptions an operator makes later (inner signals,
/// next sources) are recorded where the operator was applied, on its
/// signal.
final class OperatorSitesTests: XCTestCase {
    private let file = "RACSwiftTests/OperatorSitesTests.swift"

    func testALeakedInnerSubscriptionOfAFlattenMapIsReportedAtTheFlattenMapsLine() {
        let check = RACLeakCheck()
        let search = RACSubject<String>()
        search.setName("search")
        let inner = RACSubject<Int>().setName("results")
        let operatorLine = #line + 1
        let results = search.flattenMap { _ in inner }
        let subscribeLine = #line + 1
        let subscription = results.subscribeNext { _ in }
        search.sendNext("a")
        search.sendNext("b")
        search.sendCompleted()   // the inner signals keep the whole alive
        XCTAssertEqual(check.finish().map(\.description), [
            "2 live subscriptions made at \(file):\(operatorLine) on [search] -flattenMap:",
            "1 live subscription made at \(file):\(subscribeLine) on [search] -flattenMap:",
        ])
        subscription.dispose()
    }

    func testAnInnerSignalsOwnOperatorsCountWithItsSite() {
        let check = RACLeakCheck()
        let search = RACSubject<String>()
        search.setName("search")
        let inner = RACSubject<Int>()
        let operatorLine = #line + 1
        let results = search.flattenMap { _ in inner.map { $0 } }
        let subscription = results.subscribeNext { _ in }
        search.sendNext("a")
        let leaks = check.finish()
        let innerGroup = leaks.first { $0.site == "\(file):\(operatorLine)" && $0.count == 1 && $0.operatorCount == 1 }
        XCTAssertNotNil(innerGroup, "\(leaks)")
        subscription.dispose()
    }

    func testFlattenConcatAndSwitchToLatestRecordTheirInnerSubscriptionsAtTheirLines() {
        let check = RACLeakCheck()
        let signals = RACSubject<RACSignal<Int>>()
        signals.setName("signals")
        let inner = RACSubject<Int>()
        let flattenLine = #line + 1
        let flattenedSignal = signals.flatten()
        let limitedLine = #line + 1
        let limitedSignal = signals.flatten(2)
        let concatLine = #line + 1
        let concatenatedSignal = signals.concat()
        let switchLine = #line + 1
        let switchedSignal = signals.switchToLatest()
        let flattened = flattenedSignal.subscribeNext { _ in }
        let limited = limitedSignal.subscribeNext { _ in }
        let concatenated = concatenatedSignal.subscribeNext { _ in }
        let switched = switchedSignal.subscribeNext { _ in }
        signals.sendNext(inner)
        let sites = Set(check.finish().filter { $0.operatorCount == 0 }.map { "\($0.site ?? "?") \($0.signalName ?? "?")" })
        XCTAssertEqual(sites, [
            "\(file):\(flattenLine) [signals] -flatten",
            "\(file):\(limitedLine) [signals] -flatten: 2",
            "\(file):\(concatLine) [signals] -concat",
            "\(file):\(switchLine) [signals] -switchToLatest",
        ])
        [flattened, limited, concatenated, switched].forEach { $0.dispose() }
    }

    func testCatchThenAndConcatRecordTheirNextSourcesAtTheirLines() {
        let check = RACLeakCheck()
        let failing = RACSignal<Int>.error(NSError(domain: "t", code: 1)).setName("failing")
        let empty = RACSignal<Int>.empty().setName("empty")
        let next = RACSubject<Int>()
        next.setName("next")
        let catchLine = #line + 1
        let caughtSignal = failing.catch { _ in next }
        let catchToLine = #line + 1
        let caughtToSignal = failing.catchTo(next)
        let thenLine = #line + 1
        let continuedSignal = empty.then { next }
        let concatLine = #line + 1
        let concatenatedSignal = empty.concat(next)
        let subscribeLine = #line + 1
        let caught = caughtSignal.subscribeNext { _ in }
        let caughtTo = caughtToSignal.subscribeNext { _ in }
        let continued = continuedSignal.subscribeNext { _ in }
        let concatenated = concatenatedSignal.subscribeNext { _ in }
        let sites = Set(check.finish().filter { $0.site?.hasPrefix(file) == true && $0.operatorCount == 0 }
            .map { "\($0.site ?? "?") \($0.signalName ?? "?")" })
        XCTAssertEqual(sites, [
            "\(file):\(catchLine) [failing] -catch:",
            "\(file):\(catchToLine) [failing] -catchTo: next",
            "\(file):\(thenLine) [empty] -then:",
            "\(file):\(concatLine) [empty] -concat: next",
            // The `subscribeNext` calls' own, their first sources ended.
            "\(file):\(subscribeLine) [failing] -catch:",
            "\(file):\(subscribeLine + 1) [failing] -catchTo: next",
            "\(file):\(subscribeLine + 2) [empty] -then:",
            "\(file):\(subscribeLine + 3) [empty] -concat: next",
        ])
        [caught, caughtTo, continued, concatenated].forEach { $0.dispose() }
    }

    func testRetryRecordsALaterAttemptAtItsLine() {
        let scheduler = RACTestScheduler()
        let check = RACLeakCheck()
        let attempts = Shared(0)
        let kept = Shared<(any RACSubscriber<Int>)?>(nil)
        let source = RACSignal<Int>.createSignal { subscriber in
            attempts.value += 1
            kept.value = subscriber
            if attempts.value == 1 { subscriber.sendError(NSError(domain: "t", code: 1)) }
            return nil
        }.setName("flaky").subscribeOn(scheduler)
        let retryLine = #line + 1
        let retrying = source.retry(1)
        let subscription = retrying.subscribeNext { _ in }
        scheduler.advance(by: 1)
        XCTAssertEqual(attempts.value, 2)
        let leaks = check.finish()
        XCTAssertTrue(leaks.contains { $0.site == "\(file):\(retryLine)" && $0.signalName == "[[flaky] -subscribeOn: \(scheduler)] -retry: 1" },
                      "\(leaks)")
        subscription.dispose()
        kept.value = nil
    }

    func testAnOperatorAppliedBeforeSiteModeRecordsItsInnerSubscriptionsAtNoSite() {
        let search = RACSubject<String>()
        search.setName("search")
        let inner = RACSubject<Int>()
        let results = search.flattenMap { _ in inner }
        let check = RACLeakCheck()
        let subscription = results.subscribeNext { _ in }
        search.sendNext("a")
        XCTAssertEqual(check.finish().map(\.description).last,
                       "1 live subscription made at an unknown site on an unknown signal")
        subscription.dispose()
    }

    /// The inner sink's registration and the site record have words of
    /// their own: in site mode an inner subscription still running is in
    /// the group, and disposing the whole ends it.
    func testDisposingTheWholeEndsTheInnerSubscriptionsInSiteMode() {
        let check = RACLeakCheck()
        let queries = RACSubject<String>()
        let results = RACSubject<Int>()
        let flattened = queries.flattenMap { _ in results }.subscribeNext { _ in }
        let limited = queries.map { _ in results as RACSignal<Int> }.flatten(1).subscribeNext { _ in }
        queries.sendNext("a")
        XCTAssertEqual(results.graph().nodes.first?.subscribers, 2)
        flattened.dispose()
        limited.dispose()
        XCTAssertEqual(results.graph().nodes.first?.subscribers, 0)
        XCTAssertEqual(check.finish().map(\.description), [])
    }
}

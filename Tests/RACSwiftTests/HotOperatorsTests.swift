import Foundation
@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// Each operator on a hot signal returns a hot signal whose blocks run once
/// per event, with 1, 2 and 10 subscribers, and subscribes what it
/// subscribes (its source, a trigger, inner signals) once for all of them;
/// every subscriber receives what RAC 2.5's operator sends.
final class HotOperatorsTests: XCTestCase {
    private struct Failure: Error {}

    private static let subscriberCounts = [1, 2, 10]

    /// Makes `subscribers` subscribers of `operate(hot)` over a fresh
    /// subject's `hot()`, runs `drive`, and checks: the block count `runs`
    /// is `expectedRuns`; the hot source has one subscriber (the
    /// operator's) while it is connected; each subscriber received
    /// `expected` (events written as `describe` gives them, then "C" or
    /// "E").
    private func check<Source, Output>(
        _ name: String, source: Source.Type, expected: [String], expectedRuns: Int? = nil,
        describe: @escaping @Sendable (Output) -> String = { "\($0)" },
        file: StaticString = #filePath, line: UInt = #line,
        _ operate: (RACHotSignal<Source>, Shared<Int>) -> RACHotSignal<Output>,
        drive: (RACSubject<Source>) -> Void
    ) {
        for subscribers in Self.subscriberCounts {
            let subject = RACSubject<Source>()
            let hot = subject.hot()
            let runs = Shared(0)
            let result = operate(hot, runs)
            let recordings = (0..<subscribers).map { _ in Shared<[String]>([]) }
            for recording in recordings {
                result.subscribeNext({ recording.value.append(describe($0)) },
                                     error: { _ in recording.value.append("E") },
                                     completed: { recording.value.append("C") })
            }
            XCTAssertEqual(hot.graphSubscribers, 1, "\(name), \(subscribers) subscribers: one subscription to the source",
                           file: file, line: line)
            drive(subject)
            if let expectedRuns {
                XCTAssertEqual(runs.value, expectedRuns, "\(name), \(subscribers) subscribers: runs of the block",
                               file: file, line: line)
            }
            for recording in recordings {
                XCTAssertEqual(recording.value, expected, "\(name), \(subscribers) subscribers", file: file, line: line)
            }
        }
    }

    /// Sends 1, 2, 2, 3, then completes.
    private func sendValues(_ subject: RACSubject<Int>) {
        for value in [1, 2, 2, 3] { subject.sendNext(value) }
        subject.sendCompleted()
    }

    /// A cold signal that counts its subscriptions in `runs`, then sends
    /// `value` and completes.
    private func counted<T>(_ value: T, _ runs: Shared<Int>) -> RACSignal<T> {
        RACSignal<T>.createSignal { subscriber in
            runs.value += 1
            subscriber.sendNext(value)
            subscriber.sendCompleted()
            return nil
        }
    }

    func testPerValueOperators() {
        check("map", source: Int.self, expected: ["10", "20", "20", "30", "C"], expectedRuns: 4, { hot, runs in
            hot.map { runs.value += 1; return $0 * 10 }
        }, drive: sendValues)
        check("mapReplace", source: Int.self, expected: ["7", "7", "7", "7", "C"], { hot, _ in hot.mapReplace(7) }, drive: sendValues)
        check("filter", source: Int.self, expected: ["1", "3", "C"], expectedRuns: 4, { hot, runs in
            hot.filter { runs.value += 1; return $0 % 2 == 1 }
        }, drive: sendValues)
        check("ignore", source: Int.self, expected: ["1", "3", "C"], { hot, _ in hot.ignore(2) }, drive: sendValues)
        check("ignoreValues", source: Int.self, expected: ["C"], { hot, _ in hot.ignoreValues() }, drive: sendValues)
        check("take", source: Int.self, expected: ["1", "2", "C"], { hot, _ in hot.take(2) }, drive: sendValues)
        check("skip", source: Int.self, expected: ["2", "3", "C"], { hot, _ in hot.skip(2) }, drive: sendValues)
        check("takeWhileBlock", source: Int.self, expected: ["1", "2", "2", "C"], expectedRuns: 4, { hot, runs in
            hot.takeWhileBlock { runs.value += 1; return $0 < 3 }
        }, drive: sendValues)
        check("skipWhileBlock", source: Int.self, expected: ["2", "2", "3", "C"], expectedRuns: 2, { hot, runs in
            hot.skipWhileBlock { runs.value += 1; return $0 < 2 }
        }, drive: sendValues)
        check("distinctUntilChanged", source: Int.self, expected: ["1", "2", "3", "C"], { hot, _ in hot.distinctUntilChanged() },
              drive: sendValues)
        check("scanWithStart", source: Int.self, expected: ["1", "3", "5", "8", "C"], expectedRuns: 4, { hot, runs in
            hot.scanWithStart(0) { runs.value += 1; return $0 + $1 }
        }, drive: sendValues)
        check("scanWithStart reduceWithIndex", source: Int.self, expected: ["0", "2", "6", "15", "C"], expectedRuns: 4, { hot, runs in
            hot.scanWithStart(0, reduceWithIndex: { running, value, index in
                runs.value += 1
                return running + value * index
            })
        }, drive: sendValues)
        check("combinePreviousWithStart", source: Int.self, expected: ["1", "3", "4", "5", "C"], expectedRuns: 4, { hot, runs in
            hot.combinePreviousWithStart(0) { runs.value += 1; return $0 + $1 }
        }, drive: sendValues)
        check("doNext", source: Int.self, expected: ["1", "2", "2", "3", "C"], expectedRuns: 4, { hot, runs in
            hot.doNext { _ in runs.value += 1 }
        }, drive: sendValues)
        check("doCompleted", source: Int.self, expected: ["1", "2", "2", "3", "C"], expectedRuns: 1, { hot, runs in
            hot.doCompleted { runs.value += 1 }
        }, drive: sendValues)
        check("doError", source: Int.self, expected: ["1", "E"], expectedRuns: 1, { hot, runs in
            hot.doError { _ in runs.value += 1 }
        }, drive: { $0.sendNext(1); $0.sendError(Failure()) })
        check("materialize", source: Int.self, expected: ["next 1", "next 2", "next 2", "next 3", "completed", "C"], describe: {
            switch $0 {
            case .next(let value): "next \(value)"
            case .error: "error"
            case .completed: "completed"
            }
        }, { hot, _ in hot.materialize() }, drive: sendValues)
        check("dematerialize", source: RACEvent<Int>.self, expected: ["1", "E"], { hot, _ in hot.dematerialize() },
              drive: { $0.sendNext(.next(1)); $0.sendNext(.error(Failure())) })
        check("reduceEach", source: (Int, Int).self, expected: ["3", "7", "C"], expectedRuns: 2, { hot, runs in
            hot.reduceEach { (a: Int, b: Int) in runs.value += 1; return a + b }
        }, drive: { $0.sendNext((1, 2)); $0.sendNext((3, 4)); $0.sendCompleted() })
    }

    func testErrorOperators() {
        check("catch", source: Int.self, expected: ["1", "9", "C"], expectedRuns: 1, { hot, runs in
            hot.catch { _ in runs.value += 1; return RACSignal.return(9) }
        }, drive: { $0.sendNext(1); $0.sendError(Failure()) })
        check("catchTo", source: Int.self, expected: ["1", "9", "C"], expectedRuns: 1, { hot, runs in
            hot.catchTo(counted(9, runs))
        }, drive: { $0.sendNext(1); $0.sendError(Failure()) })
    }

    func testOperatorsThatSubscribeOtherSignals() {
        check("takeUntil", source: Int.self, expected: ["1", "2", "C"], expectedRuns: 1, { hot, runs in
            hot.takeUntil(counted((), runs).delay(1, onScheduler: triggerScheduler))
        }, drive: { subject in
            subject.sendNext(1)
            subject.sendNext(2)
            triggerScheduler.stepAll()
            subject.sendNext(3)
        })
        check("flattenMap", source: Int.self, expected: ["10", "20", "C"], expectedRuns: 2, { hot, runs in
            hot.flattenMap { self.counted($0 * 10, runs) }
        }, drive: { $0.sendNext(1); $0.sendNext(2); $0.sendCompleted() })
        // Each inner signal is subscribed once, for every subscriber.
        check("flatten", source: Int.self, expected: ["1", "2", "C"], expectedRuns: 2, { hot, runs in
            hot.map { self.counted($0, runs) }.flatten()
        }, drive: { $0.sendNext(1); $0.sendNext(2); $0.sendCompleted() })
        check("flatten(1)", source: RACSignal<Int>.self, expected: ["1", "C"], { hot, _ in hot.flatten(1) },
              drive: { $0.sendNext(.return(1)); $0.sendCompleted() })
        check("switchToLatest", source: RACSignal<Int>.self, expected: ["1", "2", "C"], { hot, _ in
            hot.switchToLatest()
        }, drive: { $0.sendNext(.return(1)); $0.sendNext(.return(2)); $0.sendCompleted() })
    }

    private let triggerScheduler = RACTestScheduler()

    func testCombiningOperatorsSubscribeTheOtherHotSignalOnce() {
        for subscribers in Self.subscriberCounts {
            let left = RACSubject<Int>()
            let rightRuns = Shared(0)
            let rightFeed = RACSubject<Int>()
            let right = RACSignal<Int>.createSignal { subscriber in
                rightRuns.value += 1
                return rightFeed.subscribe(subscriber)
            }.hot()
            let merged = left.hot().merge(right)
            let latest = left.hot().combineLatestWith(right)
            let zipped = left.hot().zipWith(right)
            let seen = (0..<subscribers).map { _ in Shared<[String]>([]) }
            for record in seen {
                merged.subscribeNext { record.value.append("merge \($0)") }
                latest.subscribeNext { record.value.append("latest \($0.0) \($0.1)") }
                zipped.subscribeNext { record.value.append("zip \($0.0) \($0.1)") }
            }
            XCTAssertEqual(rightRuns.value, 1, "\(subscribers) subscribers: one subscription to the right side")
            XCTAssertEqual(right.graphSubscribers, 3, "one per combining signal, whatever their subscribers")
            left.sendNext(1)
            rightFeed.sendNext(2)
            for record in seen {
                XCTAssertEqual(record.value, ["merge 1", "merge 2", "latest 1 2", "zip 1 2"])
            }
        }
    }

    func testTimeOperatorsScheduleOncePerEvent() {
        for subscribers in Self.subscriberCounts {
            let scheduler = RACTestScheduler()
            let subject = RACSubject<Int>()
            let hot = subject.hot()
            let delivered = hot.deliverOn(scheduler)
            let delayed = hot.delay(1, onScheduler: scheduler)
            let predicateRuns = Shared(0)
            let throttled = hot.throttle(1, onScheduler: scheduler, valuesPassingTest: { _ in
                predicateRuns.value += 1
                return true
            })
            let seen = (0..<subscribers).map { _ in Shared<[String]>([]) }
            for record in seen {
                delivered.subscribeNext { record.value.append("deliverOn \($0)") }
                delayed.subscribeNext { record.value.append("delay \($0)") }
                throttled.subscribeNext { record.value.append("throttle \($0)") }
            }
            subject.sendNext(1)
            subject.sendNext(2)
            XCTAssertEqual(predicateRuns.value, 2)
            // One scheduled block per event, for every subscriber: the
            // first step delivers the first value to all of them.
            scheduler.step()
            for record in seen { XCTAssertEqual(record.value, ["deliverOn 1"], "\(subscribers) subscribers") }
            scheduler.stepAll()
            for record in seen {
                XCTAssertEqual(record.value, ["deliverOn 1", "deliverOn 2", "delay 1", "delay 2", "throttle 2"],
                               "\(subscribers) subscribers")
            }
        }
    }
}

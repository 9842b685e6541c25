import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// Inner signals that end inline (`return`, `empty`, `error`, a `map` of
/// them) reach `flattenMap`'s, `flatten`'s and `concat`'s subscriber
/// without an inner subscription, with the events a subscription would
/// send; elsewhere, and for every other signal, the inner signal is
/// subscribed.
final class FlattenInlineInnerTests: XCTestCase {
    private static let plusOne: @Sendable (Int) -> Int = { $0 + 1 }
    private static let timesTen: @Sendable (Int) -> Int = { $0 * 10 }

    /// The operators, each over a block that makes the inner signal.
    private static let operators: [(String, (RACSignal<Int>, @escaping @Sendable (Int) -> RACSignal<Int>) -> RACSignal<Int>)] = [
        ("flattenMap", { $0.flattenMap($1) }),
        ("flatten", { $0.map($1).flatten() }),
        ("flatten(2)", { $0.map($1).flatten(2) }),
        ("concat", { $0.map($1).concat() }),
    ]

    func testInlineInnersAreNotSubscribed() {
        for (name, operate) in Self.operators {
            let source = RACSubject<Int>()
            let liveInside = Shared<[Int]>([])
            let inline = Shared(true)
            operate(source) { value in
                inline.value ? RACSignal.return(value).map(Self.plusOne) : coldValues(value + 1)
            }.subscribeNext { _ in liveInside.value.append(RACLiveSubscriptions.count) }
            let live = RACLiveSubscriptions.count
            source.sendNext(1)
            inline.value = false
            source.sendNext(2)
            XCTAssertEqual(liveInside.value, [live, live + 1], "\(name): only the cold signal is subscribed")
        }
    }

    func testInlineInnersSendWhatASubscriptionWould() {
        for (name, operate) in Self.operators {
            let source = RACSubject<Int>()
            let mapped = Shared<[Int]>([])
            let recorder = operate(source) { value in
                mapped.value.append(value)
                switch value {
                case 1: return .return(1)
                case 2: return .empty()
                case 3: return RACSignal.return(3).map(Self.plusOne).map(Self.timesTen)
                case 4: return RACSignal.empty().map(Self.plusOne)
                default: return RACSignal.error(TestError()).map(Self.plusOne)
                }
            }.record()
            for value in 1...4 { source.sendNext(value) }
            XCTAssertEqual(recorder.values, [1, 40], "\(name): mapped in order, first map first")
            XCTAssertEqual(recorder.terminals, 0, "\(name): inner completions do not end the whole")
            source.sendNext(5)
            source.sendNext(6)
            XCTAssertEqual(recorder.errors.count, 1, name)
            XCTAssertEqual(recorder.completions, 0, name)
            XCTAssertEqual(mapped.value, [1, 2, 3, 4, 5], "\(name): nothing is mapped after the error")
        }
    }

    func testInlineInnersOfACompletedReceiverComplete() {
        for (name, operate) in Self.operators {
            let recorder = operate(RACSignal.return(7)) { .return($0) }.record()
            XCTAssertEqual(recorder.values, [7], name)
            XCTAssertEqual(recorder.completions, 1, name)
        }
    }

    /// Off the main thread and outside a scheduler, `return` sends from
    /// the background scheduler, as RAC's does; so do its inner signals.
    func testOffTheMainThreadInnersSendFromTheSubscriptionScheduler() {
        for (name, operate) in Self.operators {
            let source = RACSubject<Int>()
            let fromAScheduler = Shared<[Bool]>([])
            let done = expectation(description: name)
            operate(source) { RACSignal.return($0).map(Self.plusOne) }.subscribeNext({ _ in
                fromAScheduler.value.append(RACScheduler.currentScheduler != nil)
            }, completed: { done.fulfill() })
            Thread {
                source.sendNext(7)
                source.sendCompleted()
            }.start()
            wait(for: [done], timeout: HangGuard.seconds)
            XCTAssertEqual(fromAScheduler.value, [true], name)
        }
    }
}

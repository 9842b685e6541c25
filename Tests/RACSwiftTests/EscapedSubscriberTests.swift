import RACSwift
import RACSwiftTestSupport
import XCTest

/// A `createSignal` block may keep its subscriber after the subscription
/// ended: RAC code stores it for later sends (delegate callbacks). As in RAC,
/// the end releases what the subscription built, however long the
/// subscriber is kept: the operators' blocks and the subscriber's blocks, so
/// that a block capturing the keeper makes no retain cycle.
final class EscapedSubscriberTests: XCTestCase {
    // @unchecked Sendable: test scaffolding, used one thread at a time.
    private final class Token: @unchecked Sendable {}

    /// How a subscription ends.
    private enum End: CaseIterable { case completed, error, disposed }

    /// The operators between the kept subscriber and the blocks, each given
    /// a block that captures `token`.
    private static let chains: [(String, @Sendable (RACSignal<Int>, Token) -> RACSignal<Int>)] = [
        ("map", { signal, token in signal.map { value in _ = token; return value } }),
        ("filter", { signal, token in signal.filter { _ in _ = token; return true } }),
        ("doNext", { signal, token in signal.doNext { _ in _ = token } }),
        ("scanWithStart", { signal, token in signal.scanWithStart(0) { sum, value in _ = token; return sum + value } }),
        ("none", { signal, _ in signal }),
        ("map, filter, map", { signal, token in
            signal.map { value in _ = token; return value }.filter { _ in true }.map { $0 + 1 }
        }),
    ]

    func testEndingReleasesTheBlocksOfAKeptSubscriber() {
        for (name, build) in Self.chains {
            for end in End.allCases {
                weak var weakToken: Token?
                let kept = Shared<(any RACSubscriber<Int>)?>(nil)
                let received = Shared<[Int]>([])
                let disposable: RACDisposable = {
                    let token = Token()
                    weakToken = token
                    let source = RACSignal<Int>.createSignal { subscriber in
                        kept.value = subscriber
                        return nil
                    }
                    return build(source, token).subscribeNext({ value in _ = token; received.value.append(value) },
                                                             error: { _ in _ = token },
                                                             completed: { _ = token })
                }()
                kept.value?.sendNext(1)
                XCTAssertEqual(received.value.count, 1, "\(name), \(end): the chain delivers")
                XCTAssertNotNil(weakToken, "\(name), \(end): alive while subscribed")
                switch end {
                case .completed: kept.value?.sendCompleted()
                case .error: kept.value?.sendError(RACSignalError.timedOut)
                case .disposed: disposable.dispose()
                }
                XCTAssertNotNil(kept.value)
                XCTAssertNil(weakToken, "\(name), \(end): the end releases every block though the subscriber is kept")
                kept.value?.sendNext(2)
                XCTAssertEqual(received.value.count, 1, "\(name), \(end): nothing after the end")
                kept.value = nil
            }
        }
    }
}

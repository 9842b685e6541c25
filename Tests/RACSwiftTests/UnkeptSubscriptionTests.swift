import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// docs/Concurrency.md point 13: a subscription that nothing
/// keeps is freed, as in RAC 2.5 — its subscriber, the subscriber's blocks
/// and every operator's block — while one that its source keeps lives on.
final class UnkeptSubscriptionTests: XCTestCase {
    // @unchecked Sendable: test scaffolding, used one thread at a time.
    private final class Token: @unchecked Sendable {}

    /// A subscriber written by a user, to watch through a weak reference.
    private final class Subscriber: RACSubscriber {
        func sendNext(_ value: Int) {}
        func sendError(_ error: any Error) {}
        func sendCompleted() {}
        func didSubscribe(with disposable: RACCompoundDisposable) {}
    }

    /// Sources that never send and do not keep their subscriber.
    private static let sources: [(String, @Sendable (Token) -> RACSignal<Int>)] = [
        ("never", { _ in RACSignal<Int>.never() }),
        ("createSignal returning nil", { _ in RACSignal<Int>.createSignal { _ in nil } }),
        ("createSignal returning a cleanup", { token in
            RACSignal<Int>.createSignal { _ in RACDisposable { _ = token } }
        }),
    ]

    /// Operators in between, each with a block that captures the token.
    private static let chains: [(String, @Sendable (RACSignal<Int>, Token) -> RACSignal<Int>)] = [
        ("none", { signal, _ in signal }),
        ("map", { signal, token in signal.map { _ = token; return $0 } }),
        ("filter, map", { signal, token in signal.filter { _ in _ = token; return true }.map { $0 + 1 } }),
        ("doNext", { signal, token in signal.doNext { _ in _ = token } }),
        ("scanWithStart", { signal, token in signal.scanWithStart(0) { _ = token; return $0 + $1 } }),
        ("take", { signal, _ in signal.take(3) }),
        ("merge", { signal, token in signal.merge(RACSignal.never().map { _ = token; return $0 }) }),
        ("flattenMap", { signal, token in signal.flattenMap { _ = token; return RACSignal.return($0) } }),
        ("takeUntil", { signal, _ in signal.takeUntil(RACSignal<Int>.never()) }),
        ("combineLatestWith", { signal, _ in signal.combineLatestWith(RACSignal<Int>.never()).map { $0.0 } }),
        ("concat", { signal, _ in signal.concat(RACSignal.never()) }),
        ("catch", { signal, token in signal.catch { _ in _ = token; return RACSignal.empty() } }),
        ("deliverOn", { signal, _ in signal.deliverOn(RACScheduler.immediateScheduler) }),
        ("subscribeOn", { signal, _ in signal.subscribeOn(RACScheduler.immediateScheduler) }),
        ("defer", { signal, _ in RACSignal.defer { signal } }),
        ("switchToLatest", { signal, _ in RACSignal.return(signal).switchToLatest() }),
        ("replayLazily", { signal, _ in signal.replayLazily() }),
        ("throttle", { signal, _ in signal.throttle(10, onScheduler: RACTestScheduler()) }),
        ("bufferWithTime", { signal, _ in signal.bufferWithTime(10, onScheduler: RACTestScheduler()).map { $0.count } }),
        ("delay", { signal, _ in signal.delay(10, onScheduler: RACTestScheduler()) }),
        ("timeout", { signal, _ in signal.timeout(10, onScheduler: RACTestScheduler()) }),
    ]

    func testADroppedSubscriptionToASourceThatKeepsNothingIsFreed() {
        for (sourceName, source) in Self.sources {
            for (chainName, chain) in Self.chains {
                for keepsDisposable in [false, true] {
                    weak var weakToken: Token?
                    var kept: RACDisposable?
                    do {
                        let token = Token()
                        weakToken = token
                        let disposable = chain(source(token), token).subscribeNext({ _ in _ = token },
                                                                                   error: { _ in _ = token },
                                                                                   completed: { _ = token })
                        if keepsDisposable { kept = disposable }
                    }
                    let what = "\(sourceName), \(chainName), disposable \(keepsDisposable ? "kept" : "dropped")"
                    // (replayLazily's connection owns its source subscription.)
                    if keepsDisposable && sourceName == "createSignal returning a cleanup" && chainName != "replayLazily" {
                        // The kept disposable holds the cleanup, which the
                        // token is in: it must run when disposed.
                        XCTAssertNotNil(weakToken, "\(what): the cleanup is kept for dispose()")
                        kept?.dispose()
                        kept = nil
                    }
                    kept = nil
                    XCTAssertNil(weakToken, "\(what): nothing keeps the subscription")
                }
            }
        }
    }

    func testAUserSubscriberOfASourceThatKeepsNothingIsFreed() {
        weak var weakSubscriber: Subscriber?
        do {
            let subscriber = Subscriber()
            weakSubscriber = subscriber
            RACSignal<Int>.never().map { $0 }.subscribe(subscriber)
        }
        XCTAssertNil(weakSubscriber)
    }

    func testASubscriptionItsSourceKeepsLivesOn() {
        let subject = RACSubject<Int>()
        let received = Shared<[Int]>([])
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            subject.map { _ = token; return $0 * 2 }.subscribeNext { received.value.append($0) }
        }
        XCTAssertNotNil(weakToken, "the subject keeps its subscriber")
        subject.sendNext(1)
        XCTAssertEqual(received.value, [2])
        subject.sendCompleted()
        XCTAssertNil(weakToken, "the end lets it go")
    }

    /// A replay subject subscribed off any scheduler schedules the
    /// subscription; the subject dropped before the block runs must not
    /// leave the subscription alive for ever. The subscription scheduler's
    /// queue is held busy so that the drop comes first.
    func testAScheduledSubscriptionOfADroppedSubjectIsFreed() {
        let watch = Watch()
        let release = DispatchSemaphore(value: 0)
        let drained = DispatchSemaphore(value: 0)
        Thread {
            // Off the main thread and any scheduler: this occupies the
            // subscription scheduler's background queue.
            RACScheduler.subscriptionScheduler.schedule { release.wait() }
            do {
                let token = Token()
                let subject = RACReplaySubject<Int>()
                watch.token = token
                watch.subject = subject
                subject.subscribeNext { _ in _ = token }
            }
            // The subject is gone before its subscription's block can run.
            release.signal()
            RACScheduler.subscriptionScheduler.schedule { drained.signal() }
        }.start()
        XCTAssertEqual(drained.wait(timeout: HangGuard.deadline), .success, "hang: drained never signalled")
        XCTAssertNil(watch.subject)
        XCTAssertNil(watch.token, "the subscriber's blocks are released")
    }

    /// Weak references set on another thread, read after a semaphore that
    /// orders the two. Test scaffolding.
    private final class Watch: @unchecked Sendable {
        weak var token: Token?
        weak var subject: RACReplaySubject<Int>?
    }
}

import Foundation
import RACSwift
import Synchronization
import XCTest

// Swift 6 language mode: the round 4 hot call sites, as ../shared/API.md
// writes them, and what they mean.
final class Swift6HotSignalTests: XCTestCase {
    func testTheRoundFourHotCallSites() {
        let subject = RACSubject<Int>()
        let other = RACSubject<Int>()
        let hot: RACHotSignal<Int> = subject.hot()
        let labels: RACHotSignal<String> = hot.map { "\($0)" }.filter { !$0.isEmpty }
        let both: RACHotSignal<Int> = hot.merge(other.hot())
        let pairs: RACHotSignal<(Int, String)> = hot.combineLatestWith(labels)
        let latest: RACHotSignal<Int> = hot.flattenMap { RACSignal.return($0 * 2) }
        let onMain: RACHotSignal<Int> = hot.deliverOn(RACScheduler.mainThreadScheduler)
        let requests = Atomic(0)
        let coldRequest = RACSignal<Data>.createSignal { _ in
            requests.add(1, ordering: .relaxed)
            return nil
        }
        let request: RACHotSignal<Data> = coldRequest.hot()   // one request however many subscribe at once
        let asSignal: RACSignal<Int> = hot                    // a RACHotSignal is a RACSignal

        let seen = Mutex<[String]>([])
        labels.subscribeNext { label in seen.withLock { $0.append("label \(label)") } }
        both.subscribeNext { value in seen.withLock { $0.append("both \(value)") } }
        pairs.subscribeNext { pair in seen.withLock { $0.append("pair \(pair.0) \(pair.1)") } }
        latest.subscribeNext { value in seen.withLock { $0.append("latest \(value)") } }
        asSignal.subscribeNext { value in seen.withLock { $0.append("asSignal \(value)") } }
        let delivered = expectation(description: "delivered on the main thread")
        onMain.subscribeNext { _ in delivered.fulfill() }
        request.subscribeNext { _ in }
        request.subscribeNext { _ in }
        subject.sendNext(1)
        other.sendNext(5)
        wait(for: [delivered], timeout: hangGuardSeconds)
        XCTAssertEqual(requests.load(ordering: .relaxed), 1)
        XCTAssertEqual(seen.withLock { $0.sorted() },
                       ["asSignal 1", "both 1", "both 5", "label 1", "latest 2", "pair 1 1"])
    }
}

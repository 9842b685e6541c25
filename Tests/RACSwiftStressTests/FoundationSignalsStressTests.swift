import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// RAC 2.5's shared Foundation readers, subscribed from many threads at
/// once: one read, one reader, and every subscriber hears all of it.
final class FoundationSignalsStressTests: XCTestCase {
    /// Threads race to subscribe to one `rac_readInBackground()` (and so to
    /// start its one reader) before anything is written: each must receive
    /// every byte, once, in order, and the completion.
    func testConcurrentSubscribersOfOneBackgroundReadEachHearTheWholeStream() {
        let threads = 8
        let payload = (0..<64).map { "chunk \($0);" }
        let expected = Data(payload.joined().utf8)
        for _ in 0..<25 {
            let pipe = Pipe()
            let signal = pipe.fileHandleForReading.rac_readInBackground()
            let received = (0..<threads).map { _ in LockedData() }
            let completed = DispatchGroup()
            for _ in 0..<threads { completed.enter() }
            runConcurrently(threads: threads) { index in
                signal.subscribeNext({ received[index].append($0) }, completed: { completed.leave() })
            }
            for chunk in payload { pipe.fileHandleForWriting.write(Data(chunk.utf8)) }
            try? pipe.fileHandleForWriting.close()
            XCTAssertEqual(completed.wait(timeout: HangGuard.deadline), .success, "hang: a subscriber never completed")
            for data in received { XCTAssertEqual(data.data, expected) }
        }
    }

    /// Threads race to subscribe to one `rac_readContentsOfURL` while its
    /// one read runs on a background scheduler: each hears the contents
    /// exactly once, then the completion.
    func testConcurrentSubscribersOfOneFileReadEachHearItOnce() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("racswift-stress-\(UUID()).txt")
        try Data("contents".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let threads = 8
        for _ in 0..<50 {
            let signal = Data.rac_readContentsOfURL(url, scheduler: RACScheduler.scheduler())
            let values = Tally()
            let completed = DispatchGroup()
            for _ in 0..<threads { completed.enter() }
            runConcurrently(threads: threads) { index in
                signal.subscribeNext({ data in
                    if data == Data("contents".utf8) { values.add(index) }
                }, completed: { completed.leave() })
            }
            XCTAssertEqual(completed.wait(timeout: HangGuard.deadline), .success, "hang: a subscriber never completed")
            for index in 0..<threads { XCTAssertEqual(values.count(index), 1) }
        }
    }
}

/// Bytes appended from a reader's thread. Test scaffolding.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()
    func append(_ chunk: Data) { lock.lock(); bytes.append(chunk); lock.unlock() }
    var data: Data { lock.lock(); defer { lock.unlock() }; return bytes }
}

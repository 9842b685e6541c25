import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// RAC 2.5's Foundation helpers that port: reading a file, reading a handle.
final class FoundationSignalsTests: XCTestCase {
    func testReadContentsOfURL() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("racswift-\(UUID()).txt")
        try Data("hello".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = RACTestScheduler()
        let contents = Shared<[String]>([])
        let completed = Shared(false)
        Data.rac_readContentsOfURL(url, scheduler: scheduler)
            .subscribeNext({ contents.value.append(String(decoding: $0, as: UTF8.self)) }, completed: { completed.value = true })
        XCTAssertEqual(contents.value, [], "read on the scheduler")
        scheduler.stepAll()
        XCTAssertEqual(contents.value, ["hello"])
        XCTAssertTrue(completed.value)

        let failed = Shared(false)
        Data.rac_readContentsOfURL(url.appendingPathExtension("missing"), scheduler: scheduler)
            .subscribeError { _ in failed.value = true }
        scheduler.stepAll()
        XCTAssertTrue(failed.value)

        let texts = Shared<[String]>([])
        String.rac_readContentsOfURL(url, scheduler: scheduler).subscribeNext { texts.value.append($0.string) }
        scheduler.stepAll()
        XCTAssertEqual(texts.value, ["hello"])
    }

    func testReadInBackgroundSendsChunksThenCompletes() {
        let pipe = Pipe()
        let done = expectation(description: "completed")
        let received = LockedData()
        pipe.fileHandleForReading.rac_readInBackground()
            .subscribeNext({ received.append($0) }, completed: { done.fulfill() })
        pipe.fileHandleForWriting.write(Data("abc".utf8))
        pipe.fileHandleForWriting.write(Data("def".utf8))
        try? pipe.fileHandleForWriting.close()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(String(decoding: received.data, as: UTF8.self), "abcdef")
    }

    /// Chunks arrive on Foundation's thread. Test scaffolding.
    private final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = Data()
        func append(_ chunk: Data) { lock.lock(); bytes.append(chunk); lock.unlock() }
        var data: Data { lock.lock(); defer { lock.unlock() }; return bytes }
    }
}

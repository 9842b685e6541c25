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
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(String(decoding: received.data, as: UTF8.self), "abcdef")
    }

    /// RAC 2.5 reads the file once, when the method is called, into a replay
    /// subject: a change to the file after the read reaches no subscriber,
    /// and every subscriber hears the same contents.
    func testReadContentsOfURLReadsOnceWhenCalledAndReplays() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("racswift-\(UUID()).txt")
        try Data("first".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let scheduler = RACTestScheduler()
        let data = Data.rac_readContentsOfURL(url, scheduler: scheduler)
        let text = String.rac_readContentsOfURL(url, scheduler: scheduler)
        scheduler.stepAll()                                  // both read now, with no subscriber
        try Data("second".utf8).write(to: url)
        let heard = Shared<[String]>([])
        for _ in 0..<2 {
            data.subscribeNext({ heard.value.append(String(decoding: $0, as: UTF8.self)) },
                               completed: { heard.value.append("completed") })
            text.subscribeNext({ heard.value.append($0.string) }, completed: { heard.value.append("completed") })
        }
        scheduler.stepAll()
        XCTAssertEqual(heard.value, Array(repeating: ["first", "completed"], count: 4).flatMap { $0 },
                       "the contents read at the call, replayed to each subscriber")

        let failure = Data.rac_readContentsOfURL(url.appendingPathExtension("missing"), scheduler: scheduler)
        scheduler.stepAll()
        let errors = Shared(0)
        failure.subscribeError { _ in errors.value += 1 }
        failure.subscribeError { _ in errors.value += 1 }
        scheduler.stepAll()
        XCTAssertEqual(errors.value, 2, "the read's error replayed too")
    }

    /// RAC 2.5 starts one reader per call, shared by all subscribers: two
    /// subscribers each hear the whole stream, instead of splitting it.
    func testReadInBackgroundSharesOneReaderBetweenSubscribers() {
        let pipe = Pipe()
        let signal = pipe.fileHandleForReading.rac_readInBackground()
        let first = LockedData()
        let second = LockedData()
        let done = expectation(description: "both completed")
        done.expectedFulfillmentCount = 2
        signal.subscribeNext({ first.append($0) }, completed: { done.fulfill() })
        signal.subscribeNext({ second.append($0) }, completed: { done.fulfill() })
        pipe.fileHandleForWriting.write(Data("abc".utf8))
        pipe.fileHandleForWriting.write(Data("def".utf8))
        try? pipe.fileHandleForWriting.close()
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(String(decoding: first.data, as: UTF8.self), "abcdef")
        XCTAssertEqual(String(decoding: second.data, as: UTF8.self), "abcdef")
        let late = expectation(description: "a late subscriber hears the end")
        signal.subscribeCompleted { late.fulfill() }
        wait(for: [late], timeout: HangGuard.seconds)
    }

    /// Chunks arrive on Foundation's thread. Test scaffolding.
    private final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = Data()
        func append(_ chunk: Data) { lock.lock(); bytes.append(chunk); lock.unlock() }
        var data: Data { lock.lock(); defer { lock.unlock() }; return bytes }
    }
}

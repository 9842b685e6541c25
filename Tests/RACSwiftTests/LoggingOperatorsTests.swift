import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

final class LoggingOperatorsTests: XCTestCase {
    /// What `body` writes to the standard error, read through a pipe.
    private func standardError(of body: () -> Void) -> String {
        let pipe = Pipe()
        let saved = dup(STDERR_FILENO)
        dup2(pipe.fileHandleForWriting.fileDescriptor, STDERR_FILENO)
        body()
        dup2(saved, STDERR_FILENO)
        close(saved)
        pipe.fileHandleForWriting.closeFile()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    private func logLines(of body: () -> Void) -> [String] {
        standardError(of: body).split(separator: "\n").map(String.init)
    }

    func testLogAllLogsEveryEventWithTheSignalsName() {
        let source = coldValues(1, 2)
        source.name = "numbers"
        let values = Shared<[Int]>([])
        let lines = logLines {
            source.logAll().subscribeNext { values.value.append($0) }
        }
        XCTAssertEqual(values.value, [1, 2], "events pass through")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasSuffix("name: numbers next: 1"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("name: numbers next: 2"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix("name: numbers completed"), lines[2])
    }

    func testLogErrorLogsOnlyTheError() {
        let source = coldFailing(1, error: TestError(code: 5))
        source.name = "failing"
        let errors = Shared(0)
        let lines = logLines {
            source.logError().subscribeError { _ in errors.value += 1 }
        }
        XCTAssertEqual(errors.value, 1)
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasSuffix("name: failing error: TestError(code: 5)"), lines[0])
    }

    func testLogNextAndLogCompletedLogOnlyTheirEvents() {
        let source = coldValues(7)
        source.name = "seven"
        let nextLines = logLines { source.logNext().subscribeNext { _ in } }
        let completedLines = logLines { source.logCompleted().subscribeNext { _ in } }
        XCTAssertEqual(nextLines.count, 1)
        XCTAssertTrue(nextLines[0].hasSuffix("name: seven next: 7"), nextLines[0])
        XCTAssertEqual(completedLines.count, 1)
        XCTAssertTrue(completedLines[0].hasSuffix("name: seven completed"), completedLines[0])
    }

    func testLoggingKeepsTheName() {
        let source = RACSubject<Int>()
        source.name = "subject"
        XCTAssertEqual(source.logAll().name, "subject")
    }

    func testLinesGoThroughTheLoggerHandler() {
        let lines = SchedulerTestBox<[String]>([])
        RACLogger.handler = { line in lines.mutate { $0.append(line) } }
        defer { RACLogger.handler = nil }
        let source = coldValues(1)
        source.name = "one"
        let written = standardError { source.logAll().subscribeNext { _ in } }
        XCTAssertEqual(lines.value.map { $0.components(separatedBy: "> ").last! },
                       ["name: one next: 1", "name: one completed"])
        XCTAssertEqual(written, "", "the handler replaces NSLog")
    }

    func testAGivenLoggerTakesTheLinesAndEveryLineNamesTheReceiver() {
        let global = SchedulerTestBox<[String]>([]), mine = SchedulerTestBox<[String]>([])
        RACLogger.handler = { line in global.mutate { $0.append(line) } }
        defer { RACLogger.handler = nil }
        let source = coldFailing(3, error: TestError(code: 2))
        source.name = "three"
        source.logAll(logger: { line in mine.mutate { $0.append(line) } }).subscribeNext { _ in }
        XCTAssertEqual(global.value, [])
        XCTAssertEqual(mine.value.count, 2)
        let receivers = Set(mine.value.map { $0.components(separatedBy: "> name:").first! + ">" })
        XCTAssertEqual(receivers, ["<\(type(of: source)): \(Unmanaged.passUnretained(source).toOpaque())>"],
                       "every line names the receiver, not an intermediate signal")
    }

    func testLogEventsLogsSubscriptionEventsAndDisposal() {
        let lines = SchedulerTestBox<[String]>([])
        RACLogger.handler = { line in lines.mutate { $0.append(line) } }
        defer { RACLogger.handler = nil }
        let subject = RACSubject<Int>()
        subject.name = "subject"
        let logged = subject.logEvents()
        XCTAssertEqual(logged.name, "subject")
        let subscription = logged.subscribeNext { _ in }
        subject.sendNext(4)
        subscription.dispose()
        subject.sendNext(5)
        let completing = logged.subscribeNext { _ in }
        subject.sendCompleted()
        completing.dispose()
        XCTAssertEqual(lines.value.map { $0.components(separatedBy: "> ").last! }, [
            "name: subject subscribed", "name: subject next: 4", "name: subject disposed",
            "name: subject subscribed", "name: subject completed", "name: subject disposed",
        ])
    }

    func testOperatorsNameTheirSignalsWhenTheNameIsRead() {
        let source = RACSubject<Int>()
        source.name = "before"
        let chain = source.map { $0 + 1 }.filter { $0 > 0 }
        source.name = "after"
        XCTAssertEqual(chain.name, "[[after] -map:] -filter:", "derived when read, not when built")
        chain.name = "mine"
        source.name = "later"
        XCTAssertEqual(chain.name, "mine", "a name set replaces the derived one")
    }
}

import Foundation
import RACSwift
import XCTest

final class OperatorsA1LoggingTests: XCTestCase {
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
        let source = a1Values(1, 2)
        source.name = "numbers"
        var values: [Int] = []
        let lines = logLines {
            source.logAll().subscribeNext { values.append($0) }
        }
        XCTAssertEqual(values, [1, 2], "events pass through")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasSuffix("name: numbers next: 1"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("name: numbers next: 2"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix("name: numbers completed"), lines[2])
    }

    func testLogErrorLogsOnlyTheError() {
        let source = a1Failing(1, error: TestError(code: 5))
        source.name = "failing"
        var errors = 0
        let lines = logLines {
            source.logError().subscribeError { _ in errors += 1 }
        }
        XCTAssertEqual(errors, 1)
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasSuffix("name: failing error: TestError(code: 5)"), lines[0])
    }

    func testLogNextAndLogCompletedLogOnlyTheirEvents() {
        let source = a1Values(7)
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
}

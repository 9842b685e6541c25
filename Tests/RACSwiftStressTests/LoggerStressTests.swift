import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `RACLogger.handler` replaced while threads log through it.
final class LoggerStressTests: XCTestCase {
    func testEveryLineReachesOneHandlerWhileHandlersAreReplaced() {
        let lines = Tally()
        defer { RACLogger.handler = nil }
        RACLogger.handler = { _ in lines.add(0) }
        let loggers = 3, perLogger = 2_000
        runConcurrently(threads: loggers + 1) { index in
            if index == loggers {
                // Alternate two handlers that count under different keys.
                for round in 0..<500 {
                    let key = round % 2
                    RACLogger.handler = { _ in lines.add(key) }
                }
                return
            }
            let subject = RACSubject<Int>()
            _ = subject.logNext().subscribeNext { _ in }
            for value in 0..<perLogger { subject.sendNext(value) }
        }
        XCTAssertEqual(lines.total, loggers * perLogger, "no line lost or written twice")
    }
}

import RACSwift
import RACSwiftTestSupport
import XCTest

/// In site mode, the logging operators' lines say where the operator was
/// applied.
final class LoggingSitesTests: XCTestCase {
    override func tearDown() {
        RACLiveSubscriptions.recordsSites = false
        super.tearDown()
    }

    func testLinesEndWithTheOperatorsSiteInSiteMode() {
        RACLiveSubscriptions.recordsSites = true
        let subject = RACSubject<Int>()
        subject.setName("numbers")
        let lines = Shared<[String]>([])
        let line = #line + 1
        let logged = subject.logAll(logger: { line in lines.value.append(line) })
        logged.subscribeNext { _ in }
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(lines.value.count, 2)
        for text in lines.value {
            XCTAssertTrue(text.hasSuffix(" (at RACSwiftTests/LoggingSitesTests.swift:\(line))"), text)
            XCTAssertTrue(text.contains("name: numbers "), text)
        }
        XCTAssertTrue(lines.value[0].contains("next: 1 (at "), lines.value[0])
    }

    func testLogEventsLinesEndWithTheSiteToo() {
        RACLiveSubscriptions.recordsSites = true
        let subject = RACSubject<Int>()
        let lines = Shared<[String]>([])
        let line = #line + 1
        let subscription = subject.logEvents(logger: { line in lines.value.append(line) }).subscribeNext { _ in }
        subject.sendNext(2)
        subscription.dispose()
        XCTAssertEqual(lines.value.count, 3, "\(lines.value)")
        XCTAssertTrue(lines.value.allSatisfy { $0.hasSuffix("(at RACSwiftTests/LoggingSitesTests.swift:\(line))") },
                      "\(lines.value)")
    }

    func testLinesHaveNoSiteWithTheModeOff() {
        RACLiveSubscriptions.recordsSites = false
        let subject = RACSubject<Int>()
        let lines = Shared<[String]>([])
        subject.logNext(logger: { line in lines.value.append(line) }).subscribeNext { _ in }
        subject.sendNext(3)
        XCTAssertEqual(lines.value.count, 1)
        XCTAssertTrue(lines.value[0].hasSuffix("next: 3"), lines.value[0])
    }
}

import RACSwift
import RACSwiftTestSupport
import XCTest

/// The README's example, kept compiling and true.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeExample() {
        let printed = Shared<[String]>([])
        let searches = RACSubject<String>()
        let results = searches
            .filter { !$0.isEmpty }
            .map { $0.lowercased() }
            .distinctUntilChanged()

        let subscription = results.subscribeNext { printed.value.append("search: \($0)") }
        searches.sendNext("Swift")
        searches.sendNext("SWIFT")
        searches.sendNext("")
        subscription.dispose()
        searches.sendNext("RAC")
        XCTAssertEqual(printed.value, ["search: swift"])
    }
}

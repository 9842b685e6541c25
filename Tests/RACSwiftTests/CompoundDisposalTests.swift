@testable import RACSwift
import RACSwiftTestSupport
import XCTest

/// A compound that holds no child when it is disposed skips its serializer
/// (the common end of a subscription). An add that read "not disposed" just
/// before that disposal still enters the serializer afterwards, and must
/// dispose its child there rather than store it.
final class CompoundDisposalTests: XCTestCase {
    func testAnAddThatFoundTheCompoundNotDisposedDisposesTheChildAfterAnEmptyDisposal() {
        let compound = RACCompoundDisposable()
        compound.dispose()
        let disposals = Shared(0)
        // What `add(_:)` does once its check has passed.
        compound.insertThroughSerializer(RACDisposable { disposals.value += 1 })
        XCTAssertEqual(disposals.value, 1, "a child that arrives after the disposal is disposed at once")
    }
}

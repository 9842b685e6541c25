import RACSwift
import RACSwiftTestSupport
import XCTest

final class DisposableTests: XCTestCase {
    func testBlockRunsOnceOnDispose() {
        let runs = Shared(0)
        let disposable = RACDisposable { runs.value += 1 }
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertEqual(runs.value, 1)
        XCTAssertTrue(disposable.isDisposed)
    }

    func testPlainDisposableBecomesDisposed() {
        let disposable = RACDisposable()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
    }

    func testBlockIsReleasedAfterDispose() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        let disposable: RACDisposable = {
            let token = Token()
            weakToken = token
            return RACDisposable { _ = token }
        }()
        XCTAssertNotNil(weakToken)
        disposable.dispose()
        XCTAssertNil(weakToken)
    }

    func testScopedDisposableDisposesOnDeinit() {
        let inner = RACDisposable()
        do {
            let scoped = inner.asScopedDisposable()
            XCTAssertFalse(scoped.isDisposed)
        }
        XCTAssertTrue(inner.isDisposed)
    }

    func testScopedDisposableOfScopedIsItself() {
        let scoped = RACScopedDisposable(disposable: RACDisposable())
        XCTAssertTrue(scoped.asScopedDisposable() === scoped)
    }

    func testCompoundDisposesAllChildren() {
        let disposed = Shared<[Int]>([])
        let compound = RACCompoundDisposable(disposables: [RACDisposable { disposed.value.append(0) }])
        for index in 1...5 { compound.add(RACDisposable { disposed.value.append(index) }) }
        compound.add(nil)
        compound.dispose()
        XCTAssertEqual(disposed.value.sorted(), [0, 1, 2, 3, 4, 5])
        XCTAssertTrue(compound.isDisposed)
        compound.dispose()
        XCTAssertEqual(disposed.value.count, 6, "disposing again disposes nothing again")
    }

    func testCompoundAddAfterDisposeDisposesAtOnce() {
        let compound = RACCompoundDisposable()
        compound.dispose()
        let child = RACDisposable()
        compound.add(child)
        XCTAssertTrue(child.isDisposed)
    }

    func testCompoundRemoveDoesNotDispose() {
        let compound = RACCompoundDisposable()
        let kept = RACDisposable()
        let removed = (0..<4).map { _ in RACDisposable() }
        compound.add(kept)
        removed.forEach(compound.add)
        removed.forEach(compound.remove)
        XCTAssertFalse(removed.contains { $0.isDisposed })
        compound.dispose()
        XCTAssertTrue(kept.isDisposed)
        XCTAssertFalse(removed.contains { $0.isDisposed }, "removed children must not be disposed")
    }

    func testCompoundReleasesChildrenWhenDisposed() {
        // @unchecked Sendable: test scaffolding, used one thread at a time.
        final class Token: @unchecked Sendable {}
        weak var weakToken: Token?
        let compound = RACCompoundDisposable()
        do {
            let token = Token()
            weakToken = token
            compound.add(RACDisposable { _ = token })
        }
        compound.dispose()
        XCTAssertNil(weakToken)
    }

    func testCompoundChildMayTouchCompoundWhileDisposing() {
        let compound = RACCompoundDisposable()
        let late = RACDisposable()
        compound.add(RACDisposable { compound.add(late) })
        compound.dispose()
        XCTAssertTrue(late.isDisposed, "an add made by a child during disposal is disposed")
    }

    func testSerialDisposesHeldDisposable() {
        let first = RACDisposable()
        let serial = RACSerialDisposable(disposable: first)
        XCTAssertTrue(serial.disposable === first)
        serial.dispose()
        XCTAssertTrue(first.isDisposed)
        XCTAssertNil(serial.disposable)
    }

    func testSerialSetDoesNotDisposeOld() {
        let first = RACDisposable()
        let second = RACDisposable()
        let serial = RACSerialDisposable(disposable: first)
        serial.disposable = second
        XCTAssertFalse(first.isDisposed)
        XCTAssertTrue(serial.disposable === second)
    }

    func testSerialSwapInReturnsOld() {
        let first = RACDisposable()
        let serial = RACSerialDisposable(disposable: first)
        XCTAssertTrue(serial.swapIn(RACDisposable()) === first)
        XCTAssertFalse(first.isDisposed)
    }

    func testSerialSetAfterDisposeDisposesNew() {
        let serial = RACSerialDisposable()
        serial.dispose()
        let late = RACDisposable()
        serial.disposable = late
        XCTAssertTrue(late.isDisposed)
        XCTAssertNil(serial.swapIn(RACDisposable()))
    }

    func testSerialReleasesHeldDisposableOnDeinit() {
        weak var weakChild: RACDisposable?
        do {
            let child = RACDisposable()
            weakChild = child
            _ = RACSerialDisposable(disposable: child)
        }
        XCTAssertNil(weakChild)
    }
}

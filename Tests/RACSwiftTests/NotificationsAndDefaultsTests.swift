import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `NotificationCenter.rac_addObserver(forName:object:)` and
/// `UserDefaults.rac_channelTerminalForKey(_:)`.
final class NotificationsAndDefaultsTests: XCTestCase {
    private let noteName = Notification.Name("RACSwiftTests.note")

    func testObservesNotificationsOfTheNameAndObjectUntilDisposed() {
        let center = NotificationCenter()
        let sender = NSObject()
        let received = Shared<[String]>([])
        let subscription = center.rac_addObserver(forName: noteName, object: sender)
            .subscribeNext { received.value.append($0.userInfo?["tag"] as? String ?? "?") }
        center.post(name: noteName, object: sender, userInfo: ["tag": "a"])
        center.post(name: noteName, object: NSObject(), userInfo: ["tag": "other object"])
        center.post(name: Notification.Name("other"), object: sender, userInfo: ["tag": "other name"])
        center.post(name: noteName, object: sender, userInfo: ["tag": "b"])
        subscription.dispose()
        center.post(name: noteName, object: sender, userInfo: ["tag": "after dispose"])
        XCTAssertEqual(received.value, ["a", "b"])
    }

    func testEachSubscriptionObservesOnItsOwn() {
        let center = NotificationCenter()
        let notes = center.rac_addObserver(forName: noteName, object: nil)
        let first = Shared(0)
        let second = Shared(0)
        let one = notes.subscribeNext { _ in first.value += 1 }
        notes.subscribeNext { _ in second.value += 1 }
        center.post(name: noteName, object: nil)
        one.dispose()
        center.post(name: noteName, object: nil)
        XCTAssertEqual([first.value, second.value], [1, 2])
    }

    func testDefaultsTerminalSendsTheValueThenChangesMadeElsewhere() throws {
        let (defaults, suite) = try freshDefaults()
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set(1, forKey: "k")
        let heard = Heard()
        let terminal = defaults.rac_channelTerminalForKey("k")
        terminal.subscribeNext { heard.append($0) }
        XCTAssertEqual(heard.next(), .some(1), "the current value on subscription")

        changeElsewhere(defaults, "k", to: 2)
        XCTAssertEqual(heard.next(), .some(2))
        changeElsewhere(defaults, "other key", to: 7)
        changeElsewhere(defaults, "k", to: nil)
        XCTAssertEqual(heard.next(), .some(nil), "a change of another key is not sent; a removal is nil")
        changeElsewhere(defaults, "k", to: "text")
        XCTAssertEqual(heard.next(), .some("text"))
    }

    /// RAC 2.5 sends the key's value into the channel when the terminal is
    /// made: subscribed on the main thread, the value arrives on that thread
    /// before `subscribeNext` returns.
    func testOnTheMainThreadTheCurrentValueArrivesBeforeSubscribeNextReturns() throws {
        XCTAssertTrue(Thread.isMainThread)
        let (defaults, suite) = try freshDefaults()
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set(3, forKey: "k")
        // Many terminals: a value sent from the terminal's own scheduler
        // would often come after subscribeNext returned.
        var late = 0
        for _ in 0..<200 {
            let heard = Shared<[Int?]>([])
            let onMain = Shared<[Bool]>([])
            defaults.rac_channelTerminalForKey("k").subscribeNext { value in
                heard.value.append(value as? Int)
                onMain.value.append(Thread.isMainThread)
            }
            if heard.value != [3] || onMain.value != [true] { late += 1 }
        }
        XCTAssertEqual(late, 0, "terminals whose value came after subscribeNext returned, or off the main thread")
    }

    /// RAC sends each change's value, read when the change is announced:
    /// two changes made while the terminal's scheduler is busy are both
    /// heard, in order, not only the latest.
    func testEachChangeIsHeardWithTheValueItLeftThoughTheSchedulerIsBusy() throws {
        let (defaults, suite) = try freshDefaults()
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set(0, forKey: "k")
        let heard = Heard()
        let busy = DispatchSemaphore(value: 0)
        let terminal = defaults.rac_channelTerminalForKey("k")
        // A change is heard on the terminal's scheduler (the first value may
        // be replayed on this thread instead): holding the delivery of 1
        // there keeps the scheduler busy while the key changes twice more.
        terminal.subscribeNext { value in
            heard.append(value)
            if value as? Int == 1 { _ = busy.wait(timeout: HangGuard.deadline) }
        }
        XCTAssertEqual(heard.next(), .some(0))
        changeElsewhere(defaults, "k", to: 1)
        XCTAssertEqual(heard.next(), .some(1))
        changeElsewhere(defaults, "k", to: 2)
        changeElsewhere(defaults, "k", to: 3)
        busy.signal()
        XCTAssertEqual(heard.next(), .some(2), "a change followed by another before it was delivered")
        XCTAssertEqual(heard.next(), .some(3))
    }

    func testAValueSentIntoTheTerminalIsStoredAndNotEchoed() throws {
        let (defaults, suite) = try freshDefaults()
        defer { defaults.removePersistentDomain(forName: suite) }
        let heard = Heard()
        let terminal = defaults.rac_channelTerminalForKey("k")
        terminal.subscribeNext { heard.append($0) }
        XCTAssertEqual(heard.next(), .some(nil), "no value yet")

        let other = defaults.rac_channelTerminalForKey("k")
        let otherHeard = Heard()
        other.subscribeNext { otherHeard.append($0) }
        XCTAssertEqual(otherHeard.next(), .some(nil))

        terminal.sendNext(5)
        XCTAssertEqual(otherHeard.next(), .some(5), "another terminal of the key hears the write")
        XCTAssertEqual(defaults.integer(forKey: "k"), 5)
        // The same value set again elsewhere is no change for the writer,
        // which already knows it; a different one is.
        changeElsewhere(defaults, "k", to: 5)
        changeElsewhere(defaults, "k", to: 1)
        XCTAssertEqual(heard.next(), .some(1), "the write was not echoed to the writing terminal")

        terminal.sendNext(nil)
        XCTAssertEqual(otherHeard.next(), .some(1))
        XCTAssertEqual(otherHeard.next(), .some(nil))
        XCTAssertNil(defaults.object(forKey: "k"), "nil removes the key")
    }

    func testTheBindingEndsWithTheChannel() throws {
        let (defaults, suite) = try freshDefaults()
        defer { defaults.removePersistentDomain(forName: suite) }
        let terminal = defaults.rac_channelTerminalForKey("k")
        let heard = Heard()
        terminal.subscribeNext({ heard.append($0) }, completed: { heard.append("completed") })
        XCTAssertEqual(heard.next(), .some(nil))
        terminal.sendCompleted()
        XCTAssertEqual(heard.next(), .some("completed"))
    }

    func testReduceApplyAppliesTheFunctionToTheOtherElements() {
        let results = Shared<[String]>([])
        let one: RACSignal<((Int) -> String, Int)> = RACSignal.return(({ "\($0 * 2)" }, 21))
        one.reduceApply().subscribeNext { results.value.append($0) }
        let functions = RACSubject<(Int, String, Bool) -> String>()
        RACSignal.zip(functions, RACSignal.return(1), RACSignal.return("a"), RACSignal.return(true))
            .reduceApply().subscribeNext { results.value.append($0) }
        functions.sendNext { "\($0)\($1)\($2)" }
        let five: RACSignal<((Int, Int, Int, Int, Int) -> Int, Int, Int, Int, Int, Int)> =
            RACSignal.return(({ $0 + $1 + $2 + $3 + $4 }, 1, 2, 3, 4, 5))
        five.reduceApply().subscribeNext { results.value.append("\($0)") }
        XCTAssertEqual(results.value, ["42", "1atrue", "15"])
    }

    // MARK: - Support

    private func freshDefaults() throws -> (UserDefaults, String) {
        let suite = "RACSwiftTests.\(UUID().uuidString)"
        return (try XCTUnwrap(UserDefaults(suiteName: suite)), suite)
    }

    /// A write that does not go through a terminal, announced as Apple's
    /// Foundation announces it (swift-corelibs-foundation posts nothing).
    private func changeElsewhere(_ defaults: UserDefaults, _ key: String, to value: Any?) {
        if let value { defaults.set(value, forKey: key) } else { defaults.removeObject(forKey: key) }
        #if !canImport(Darwin)
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        #endif
    }

    /// Values a terminal's subscriber heard on the terminal's scheduler,
    /// read in order, each waited for (at most 10 s). Test scaffolding.
    private final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Any?] = []
        private let arrived = DispatchSemaphore(value: 0)

        func append(_ value: Any?) {
            lock.lock(); values.append(value); lock.unlock()
            arrived.signal()
        }

        /// The next value as a string (`.some(nil)` for nil), or nil if none
        /// arrives by the hang guard (a value lost never does).
        func next() -> String?? {
            guard arrived.wait(timeout: HangGuard.deadline) == .success else { return nil }
            lock.lock(); defer { lock.unlock() }
            return .some(values.removeFirst().map { "\($0)" })
        }
    }
}

private func XCTAssertEqual(_ heard: String??, _ expected: Any??, _ message: String = "",
                            file: StaticString = #filePath, line: UInt = #line) {
    let wanted: String?? = expected.map { $0.map { "\($0)" } }
    XCTAssert(heard == wanted, "heard \(String(describing: heard)), wanted \(String(describing: wanted)) \(message)",
              file: file, line: line)
}

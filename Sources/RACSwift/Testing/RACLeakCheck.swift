import CShims

/// Finds the subscriptions made while it runs that are still alive: the
/// subscription a test forgot to dispose, named by where it was made.
///
/// While a check runs, site mode is on (see
/// `RACLiveSubscriptions.recordsSites`) for every thread, so the
/// subscriptions made then, on any thread, record their site and signal;
/// `leaks` lists those still alive. Checks may overlap (each sees the
/// subscriptions made since it began). Usually called through
/// `assertNoLiveSubscriptions(onFailure:_:)`.
public final class RACLeakCheck: @unchecked Sendable {
    /// The sequence of the first record made after the check began.
    private let start: Int
    /// Word 0: nonzero once `finish()` ran.
    private let finished = RACAtomicCell(count: 1)

    /// Begins a check: turns site mode on until `finish()`.
    public init() {
        racs_site_recording_add(2)
        start = RACSubscriptionRegistry.currentSequence
    }

    deinit {
        stop()
    }

    /// The subscriptions made since the check began that are alive now,
    /// grouped by site and signal (see `RACLiveSubscriptions.bySite()`).
    public var leaks: [RACSubscriptionSiteGroup] {
        RACSubscriptionSiteGroup.groups(of: RACSubscriptionRegistry.live().filter { $0.sequence >= start })
    }

    /// Ends the check (site mode goes back to what it was) and returns
    /// `leaks`. Calling it again returns `leaks` alone.
    @discardableResult
    public func finish() -> [RACSubscriptionSiteGroup] {
        let leaks = self.leaks
        stop()
        return leaks
    }

    /// Turns the check's site mode off, once.
    private func stop() {
        if finished.word().exchange(1, .relaxed) == 0 { racs_site_recording_add(-2) }
    }
}

/// Runs `body` and reports through `onFailure` (for XCTest, pass `XCTFail`)
/// if subscriptions it made, on any thread, are still alive when it
/// returns, naming each group by site and signal:
///
/// ```swift
/// assertNoLiveSubscriptions(onFailure: XCTFail) {
///     let model = SearchViewModel()
///     model.start()
///     model.stop()
/// }
/// // failed - 1 subscription made inside assertNoLiveSubscriptions is still alive:
/// // 1 live subscription made at SearchViewModel.swift:31 on [search] -map:
/// ```
///
/// Returns what `body` returns. Subscriptions that end later, on another
/// thread, count as alive: end them (or wait for them) inside `body`.
@discardableResult
public func assertNoLiveSubscriptions<Result>(
    file: StaticString = #filePath, line: UInt = #line,
    onFailure: (_ message: String, _ file: StaticString, _ line: UInt) -> Void,
    _ body: () throws -> Result
) rethrows -> Result {
    let check = RACLeakCheck()
    let result = try body()
    let leaks = check.finish()
    if !leaks.isEmpty {
        let total = leaks.reduce(0) { $0 + $1.count + $1.operatorCount }
        let lines = leaks.map(\.description).joined(separator: "\n")
        onFailure("\(total) subscription\(total == 1 ? "" : "s") made inside assertNoLiveSubscriptions "
                  + "\(total == 1 ? "is" : "are") still alive:\n\(lines)", file, line)
    }
    return result
}

import CShims

/// Site mode: where an operator that subscribes signals later was applied
/// (`flattenMap`, `switchToLatest`, `catch`, `retry`, …), for the
/// subscriptions it makes after its own subscription began: an inner signal
/// subscribed inside a delivery, the next source of a `concat` subscribed
/// when the previous one completed. Those run under no `subscribe…` call,
/// so without it they would be recorded at an unknown site.
///
/// Made only when site mode is on as the operator is applied (off, the
/// operator keeps nil, and subscribing its inner signals costs one test of
/// it), so an operator applied before site mode was turned on records its
/// inner subscriptions at no site.
internal final class RACOperatorSite: @unchecked Sendable {
    internal let file: StaticString
    internal let line: UInt
    /// The operator's signal's name, as it read when the operator was
    /// applied. Written once, before the signal is returned (see
    /// `RACSignal.naming(_:)`), so before any subscription can read it.
    internal var signalName = ""

    private init(file: StaticString, line: UInt) {
        self.file = file
        self.line = line
    }

    /// A site for an operator applied at `file`:`line`, in site mode; nil
    /// otherwise.
    @inline(__always)
    internal static func at(_ file: StaticString, _ line: UInt) -> RACOperatorSite? {
        racs_sites_recording() ? make(file, line) : nil
    }

    /// Out of line: an operator applied off site mode carries no code for it.
    @inline(never)
    private static func make(_ file: StaticString, _ line: UInt) -> RACOperatorSite {
        RACOperatorSite(file: file, line: line)
    }

    /// Runs `body`, which subscribes an operator's inner signal or next
    /// source, with `site` set on the thread as the context of the
    /// subscriptions it makes (see `RACSiteContext`); just runs it if `site`
    /// is nil.
    @inline(__always)
    internal static func subscribing<Result>(at site: RACOperatorSite?, _ body: () -> Result) -> Result {
        guard let site else { return body() }
        return site.run(body)
    }

    @inline(never)
    private func run<Result>(_ body: () -> Result) -> Result {
        RACSiteContext.run(file: file, line: line, signalName: signalName, body)
    }
}

extension RACSignal {
    /// Gives `site`, if any, the receiver's name, as it reads now, and
    /// returns the receiver: the last step of an operator that records its
    /// site, once its signal is named.
    @inline(__always)
    internal func naming(_ site: RACOperatorSite?) -> RACSignal<Value> {
        if let site { site.signalName = name }
        return self
    }
}

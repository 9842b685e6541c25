/// A value that carries no information: RAC 2.5's `RACUnit`, what a signal
/// sends when only the fact of an event matters (a button tap, a command that
/// produces nothing, a trigger for `takeUntil(_:)` or `sample(_:)`).
///
/// All units are equal. As in RAC, the one way to spell the value is
/// `RACUnit.defaultUnit`.
public struct RACUnit: Hashable, Sendable {
    /// The unit value: RAC's `+[RACUnit defaultUnit]`.
    public static let defaultUnit = RACUnit()

    private init() {}
}

import RACSwift

// An operator of the app's own, as RAC code bases had in categories on
// RACSignal. `SendableMetatype` (Swift 6.2 and later): without it, Swift 6
// mode warns "capture of non-Sendable type 'Value.Type' in an isolated
// closure", since the @Sendable block uses Value's Collection conformance,
// which could be isolated to an actor (docs/Porting.md, "Generic
// extensions").
extension RACSignal where Value: Collection & SendableMetatype {
    /// Whether each collection has elements.
    func isNotEmpty() -> RACSignal<Bool> {
        map { !$0.isEmpty }
    }
}

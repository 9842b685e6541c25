/// What a `RACHotSignal`'s operators are declared on, so that Swift finds
/// them before `RACSignal`'s: `RACHotSignal` is the one type that conforms.
///
/// Why a protocol: a subclass cannot declare a method that `RACSignal`'s
/// extensions declare with the same parameters and a narrower result (Swift
/// takes it for an override, which extensions cannot have). Declared on
/// this protocol, the hot operators overload `RACSignal`'s instead, which
/// are marked as the ones to choose last; a value typed as `RACSignal`
/// still gets RAC 2.5's operators.
public protocol RACHotSignalProtocol<Value>: AnyObject {
    /// The type of the values the hot signal sends.
    associatedtype Value

    /// The hot signal itself.
    var hotSignal: RACHotSignal<Value> { get }
}

extension RACHotSignal: RACHotSignalProtocol {
    /// The receiver.
    public var hotSignal: RACHotSignal<Value> { self }
}

extension RACSignal {
    /// A hot signal over the receiver: one subscription to it, made when
    /// the result's first subscriber arrives and disposed when its last one
    /// leaves, shared by all of them (made again when a subscriber next
    /// arrives). A subscriber receives the events sent after it subscribed;
    /// the first also receives what the receiver sends while it is being
    /// subscribed. Operators on the result keep it hot (see
    /// `RACHotSignal`).
    ///
    /// On a cold signal (`createSignal`, a request), the side effects then
    /// run once however many subscribe at a time; on a subject, or a
    /// multicast connection's signal, the operators that follow run once
    /// per event instead of once per subscriber.
    @_disfavoredOverload
    public func hot() -> RACHotSignal<Value> {
        RACHotSignal(source: self, name: .applied(suffix: "-hot", to: Unmanaged.passUnretained(self)))
    }
}

extension RACHotSignalProtocol {
    /// The receiver: a hot signal is hot already.
    public func hot() -> RACHotSignal<Value> {
        hotSignal
    }

    /// `operate` applied to the receiver as a RAC 2.5 signal, made hot:
    /// its one subscription to the receiver runs the operator's blocks once
    /// per event, for all of the result's subscribers.
    internal func staysHot<U>(_ operate: (RACSignal<Value>) -> RACSignal<U>) -> RACHotSignal<U> {
        let operated = operate(hotSignal)
        return RACHotSignal(source: operated, name: .derived({ operated.name }))
    }
}

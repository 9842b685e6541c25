/// The threads a binding (`setKeyPath`, `RACObserve`, `RACChannelTo`,
/// `RACKVOChannel`) may touch its object on, decided by the code that
/// makes the binding, through its isolation (`#isolation`, a defaulted
/// argument of each binding).
///
/// Main-actor code binds on the main thread: a main-actor object (whose key
/// paths only main-actor code may form) is touched only there, as Swift 6
/// requires, and so is any other object bound from there, in both language
/// modes alike. Nonisolated code binds on any thread, as RAC did: in Swift
/// 6 mode its object is `Sendable` (each binding requires it). The object's
/// type cannot decide this: a main-actor class and a nonisolated
/// `Sendable` one look alike to a generic function, and a key path's
/// `Sendable`-ness, which differs between them, is not weighed when Swift
/// picks an overload (and is never inferred in Swift 5 mode).
internal enum RACBindingThread: Equatable {
    /// Any thread: the thread that sends the value, or the binding's
    /// scheduler, as the binding says.
    case anyThread
    /// The main thread only: values reach the object there, in order.
    case mainThread

    /// The threads a binding made with the caller's `isolation` may touch
    /// its object on. A binding made from another actor's code stops with
    /// a message naming the fix: that actor's object cannot be set
    /// synchronously from a signal's thread, nor in order from a task.
    init(isolation: (any Actor)?, binding: StaticString) {
        switch isolation {
        case nil:
            self = .anyThread
        case let actor? where actor === MainActor.shared:
            self = .mainThread
        case let actor?:
            racMisuse("""
                \(binding) was called from code isolated to \(type(of: actor)), an actor other than the \
                main actor: a binding touches its object on a signal's thread or on the main thread, \
                never on another actor. Bind a Sendable object from nonisolated code, or a main-actor \
                one from main-actor code.
                """)
        }
    }
}

extension RACSignal {
    /// Sets `object`'s property at `keyPath` to each value the receiver
    /// sends: RAC's `-setKeyPath:onObject:`, what `RAC(object, keyPath) =
    /// signal` expands to.
    ///
    /// Where the set happens depends on the code that makes the binding:
    /// - from main-actor code (a view, a view controller, a main-actor view
    ///   model), on the main thread: at once when the receiver sends there
    ///   and no earlier value is still on its way, else from a block on the
    ///   main thread scheduler, in the order sent (as
    ///   `deliverOnMainThread()` delivers). A main-actor object can only be
    ///   bound from there: only main-actor code may form a key path to its
    ///   properties;
    /// - from nonisolated code, on the thread that sends the value, as in
    ///   RAC: a user interface object wants a signal delivered on its
    ///   thread first.
    ///
    /// In Swift 6 mode `object` must be `Sendable` (a main-actor class is):
    /// binding a plain class, which the binding would touch from another
    /// thread, is a compile error ("type 'X' does not conform to the
    /// 'Sendable' protocol"); make it `@MainActor` and bind it from
    /// main-actor code, or make it `Sendable`.
    ///
    /// The binding holds `object` weakly: once it is gone, the binding sets
    /// nothing and disposes itself, at the latest when the receiver next
    /// sends. An error or a completion ends the binding. Returns the
    /// binding's subscription; disposing it ends the binding too.
    @discardableResult
    public func setKeyPath<Root: AnyObject & Sendable>(_ keyPath: ReferenceWritableKeyPath<Root, Value>,
                                                       onObject object: Root,
                                                       isolation: isolated (any Actor)? = #isolation) -> RACDisposable {
        bind(object, on: RACBindingThread(isolation: isolation, binding: "setKeyPath(_:onObject:)")) {
            $0[keyPath: keyPath] = $1
        }
    }

    /// `setKeyPath(_:onObject:)` for an optional property: each value is
    /// set as a non-nil one.
    @discardableResult
    public func setKeyPath<Root: AnyObject & Sendable>(_ keyPath: ReferenceWritableKeyPath<Root, Value?>,
                                                       onObject object: Root,
                                                       isolation: isolated (any Actor)? = #isolation) -> RACDisposable {
        bind(object, on: RACBindingThread(isolation: isolation, binding: "setKeyPath(_:onObject:)")) {
            $0[keyPath: keyPath] = $1
        }
    }

    /// `setKeyPath(_:onObject:)` for a signal of optionals and a property
    /// that is not optional: each nil the receiver sends sets `nilValue`
    /// instead: RAC's `-setKeyPath:onObject:nilValue:`, what
    /// `RAC(object, keyPath, nilValue) = signal` expands to.
    @discardableResult
    public func setKeyPath<Root: AnyObject & Sendable, Wrapped>(
        _ keyPath: ReferenceWritableKeyPath<Root, Wrapped>, onObject object: Root, nilValue: Wrapped,
        isolation: isolated (any Actor)? = #isolation
    ) -> RACDisposable where Value == Wrapped? {
        bind(object, on: RACBindingThread(isolation: isolation, binding: "setKeyPath(_:onObject:nilValue:)")) {
            $0[keyPath: keyPath] = $1 ?? nilValue
        }
    }

    /// The binding behind every `setKeyPath`: `set` runs with each value
    /// while `object` lives, on the sending thread or the main thread as
    /// `thread` says. `set` captures the key path (and `nilValue`), which
    /// need not be `Sendable` (a key path to a main-actor property is not):
    /// they are used only on the threads `thread` allows, as the object is.
    private func bind<Root: AnyObject & Sendable>(_ object: Root, on thread: RACBindingThread,
                                                  set: @escaping (Root, Value) -> Void) -> RACDisposable {
        let values = thread == .mainThread ? deliverOnMainThread() : self
        return values.takeUntilBlock(racSendable { [weak object] _ in object == nil })
            .subscribeNext(racSendable { [weak object] value in
                if let object { set(object, value) }
            })
    }
}

extension RACSignal {
    /// Sets `object`'s property at `keyPath` to each value the receiver
    /// sends: RAC's `-setKeyPath:onObject:`, what `RAC(object, keyPath) =
    /// signal` expands to.
    ///
    /// The set happens on the thread that sends the value, so a user
    /// interface object wants a signal delivered on its thread first:
    /// `signal.deliverOnMainThread().setKeyPath(\.text, onObject: label)`.
    /// The binding holds `object` weakly: once it is gone, the binding sets
    /// nothing and disposes itself, at the latest when the receiver next
    /// sends. An error or a completion ends the binding. Returns the
    /// binding's subscription; disposing it ends the binding too.
    @discardableResult
    public func setKeyPath<Root: AnyObject>(_ keyPath: ReferenceWritableKeyPath<Root, Value>,
                                            onObject object: Root) -> RACDisposable {
        // The object and the key path are used on the sending thread, as
        // RAC's binding used them; the caller chooses that thread.
        takeUntilBlock(racSendable { [weak object] _ in object == nil })
            .subscribeNext(racSendable { [weak object] value in object?[keyPath: keyPath] = value })
    }

    /// `setKeyPath(_:onObject:)` for an optional property: each value is
    /// set as a non-nil one.
    @discardableResult
    public func setKeyPath<Root: AnyObject>(_ keyPath: ReferenceWritableKeyPath<Root, Value?>,
                                            onObject object: Root) -> RACDisposable {
        map { Optional($0) }.setKeyPath(keyPath, onObject: object)
    }

    /// `setKeyPath(_:onObject:)` for a signal of optionals and a property
    /// that is not optional: each nil the receiver sends sets `nilValue`
    /// instead: RAC's `-setKeyPath:onObject:nilValue:`, what
    /// `RAC(object, keyPath, nilValue) = signal` expands to.
    @discardableResult
    public func setKeyPath<Root: AnyObject, Wrapped>(_ keyPath: ReferenceWritableKeyPath<Root, Wrapped>,
                                                     onObject object: Root,
                                                     nilValue: Wrapped) -> RACDisposable where Value == Wrapped? {
        // `nilValue` goes to the sending thread with each nil, as RAC's did.
        map(racSendable { $0 ?? nilValue }).setKeyPath(keyPath, onObject: object)
    }
}

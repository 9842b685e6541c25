/// A disposable that disposes the disposable it wraps when it is itself
/// deallocated: RAC 2.5's `RACScopedDisposable`, for tying a subscription to
/// the lifetime of the object that holds it.
public final class RACScopedDisposable: RACDisposable, @unchecked Sendable {
    private let disposable: RACDisposable

    /// A scoped disposable that disposes `disposable` when it is itself
    /// deallocated (or disposed): RAC's `-asScopedDisposable`.
    public init(disposable: RACDisposable) {
        self.disposable = disposable
        super.init()
    }

    deinit {
        dispose()
    }

    /// Disposes the wrapped disposable, once.
    public override func dispose() {
        guard markDisposed() else { return }
        disposable.dispose()
    }

    /// The receiver itself: it is already scoped.
    public override func asScopedDisposable() -> RACScopedDisposable {
        self
    }
}

import CShims

/// A disposable that holds one other disposable, which can be swapped.
///
/// RAC 2.5's `RACSerialDisposable`: disposing it disposes the disposable it
/// holds; setting or swapping in a disposable after disposal disposes the new
/// one at once. Swapping never disposes the disposable swapped out.
///
/// The held disposable lives in a `RACAtomicReference` over the receiver's
/// inline atomic words (the state word is also the reference:
/// the odd sentinel `disposedBits` means "disposed"), so reading, swapping and
/// disposing are lock-free and a reader never retains a freed disposable.
public final class RACSerialDisposable: RACDisposable, @unchecked Sendable {
    @usableFromInline internal static let disposedBits = 1

    /// A serial disposable holding `disposable`.
    public init(disposable: RACDisposable? = nil) {
        super.init()
        reference.value.store(RACAtomicReference.retainedBits(disposable), .relaxed)
    }

    deinit {
        reference.destroy()
    }

    @inlinable @inline(__always)
    internal var reference: RACAtomicReference {
        RACAtomicReference(value: stateWord, readers: word(0), retired: word(1))
    }

    /// The disposable held now; nil after disposal. Setting it replaces the
    /// held disposable without disposing the old one; after disposal, the new
    /// one is disposed at once.
    public var disposable: RACDisposable? {
        get { reference.load().map { unsafeDowncast($0, to: RACDisposable.self) } }
        set { _ = swapIn(newValue) }
    }

    /// Replaces the held disposable with `newDisposable` and returns the old
    /// one, undisposed. After disposal, disposes `newDisposable` and returns nil.
    public func swapIn(_ newDisposable: RACDisposable?) -> RACDisposable? {
        let bits = RACAtomicReference.retainedBits(newDisposable)
        let (replaced, old) = reference.replace(with: bits, unlessCurrentIs: Self.disposedBits)
        guard replaced else {
            if bits != 0 { Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
            newDisposable?.dispose()
            return nil
        }
        return old.map { unsafeDowncast($0, to: RACDisposable.self) }
    }

    /// Disposes the held disposable, once.
    public override func dispose() {
        let (replaced, old) = reference.replace(with: Self.disposedBits, unlessCurrentIs: Self.disposedBits)
        guard replaced else { return }
        old.map { unsafeDowncast($0, to: RACDisposable.self) }?.dispose()
    }
}

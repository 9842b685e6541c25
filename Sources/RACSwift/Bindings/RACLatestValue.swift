import CShims

/// The latest value a `RACProperty` delivered, which any thread may read
/// while the delivering thread replaces it, without locks.
///
/// A value that fits in a word and holds no references (`Int`, `Double`,
/// `Bool`, small enums and structs of such) lives in one atomic word: a
/// read is one load, a write one store, nothing allocated. Any other value
/// lives in an immutable box behind a `RACAtomicObject`, whose reads never
/// retain a box that a write has just released; each write allocates a box.
/// Which of the two a property uses is decided by `Value`'s layout, so a
/// specialized build keeps only one of them.
///
/// Only the property's serialized deliveries write, one at a time.
@usableFromInline
internal final class RACLatestValue<Value> {
    /// The value's bits (when `isInline`), in the object itself (see
    /// `RACInlineAtomics`): a read is one load from the property's own
    /// `latest`, with no cell of its own to reach. Must stay the first
    /// stored property. Never touched by name.
    @usableFromInline internal final var _atomics: Int = 0
    /// The box (when not `isInline`).
    @usableFromInline internal let box: RACAtomicObject<RACValueBox<Value>>?

    @inlinable
    internal static var isInline: Bool {
        _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<Int>.size
    }

    @inlinable
    internal init(_ value: Value) {
        if Self.isInline {
            box = nil
            // Relaxed: no other thread can see the object before `init`
            // returns; publishing it orders this store.
            word.store(Self.bits(of: value), .relaxed)
        } else {
            box = RACAtomicObject(RACValueBox(value))
        }
    }

    @inlinable @inline(__always)
    internal var word: RACAtomicWord {
        RACInlineAtomics.word(0, of: self)
    }

    /// The latest value.
    @inlinable
    internal func load() -> Value {
        guard Self.isInline else { return box!.load()!.value }
        // Acquire: pairs with the store's release, so that whatever the
        // delivering thread wrote before the value is visible with it.
        let bits = word.load(.acquire)
        return withUnsafeBytes(of: bits) { $0.load(as: Value.self) }
    }

    /// Makes `value` the latest.
    @inlinable
    internal func store(_ value: Value) {
        guard Self.isInline else { return box!.store(RACValueBox(value)) }
        word.store(Self.bits(of: value), .release)
    }

    /// `value`'s bytes in a word, the rest zero.
    @inlinable
    internal static func bits(of value: Value) -> Int {
        var bits = 0
        withUnsafeMutableBytes(of: &bits) { word in
            withUnsafeBytes(of: value) { word.copyMemory(from: $0) }
        }
        return bits
    }
}

/// A value in an object, for `RACAtomicObject`.
@usableFromInline
internal final class RACValueBox<Value> {
    @usableFromInline internal let value: Value

    @inlinable
    internal init(_ value: Value) {
        self.value = value
    }
}

/// The first subscriber of a property's changes: records each delivered
/// value in the property's `RACLatestValue`, in the serialized delivery,
/// before any other subscriber hears of it. A sink of its own (not a block
/// subscriber) with a step that captures nothing, since it runs on every set.
@usableFromInline
internal final class RACLatestRecorder<Value>: RACSubscriptionSink<RACPropertyChange<Value>>, @unchecked Sendable {
    @usableFromInline internal let latest: RACLatestValue<Value>

    @inlinable
    internal init(_ latest: RACLatestValue<Value>) {
        self.latest = latest
        super.init(step: { change, sink in
            unsafeDowncast(sink, to: RACLatestRecorder.self).latest.store(change.value)
        })
    }
}

import CShims

/// A strong reference to an object that threads can read and replace at the
/// same time, without locks.
///
/// Reading a reference that another thread may release is the classic trap:
/// a reader that loads the pointer and *then* retains it can retain freed
/// memory if a writer swapped it out and released it in between (the bug
/// ReactiveSwift fixed in its PR #456). Here every reader announces itself in
/// the `readers` count for the few instructions between load and retain, and
/// a writer that swaps a reference out while any reader is announced does not
/// let it go: it parks an extra strong reference on the `retired` stack, and
/// whoever next sees the count at zero drops the parked references.
///
/// Why that is safe: a parked object was swapped out before it was parked,
/// and a reader can only have loaded it before it was swapped out, hence
/// after announcing itself. The reclaimer takes the retired stack *first* and
/// reads the count *second*, so a reader that could still hold an
/// unretained pointer to anything taken is counted, and the reclaimer puts
/// the stack back instead of dropping it. The orders: the readers' increment
/// and load, the writer's swap and the reclaimer's count load are
/// sequentially consistent; the take itself is an acquire, which suffices
/// because the swap happens before the push (same thread, then a releasing
/// push) and so before the take, which is sequenced before the count load.
///
/// The value word holds the bit pattern of an unmanaged +1 reference, 0 for
/// nil, or an odd sentinel chosen by the owner (objects are at least
/// 16-byte aligned, so no object pointer is odd).
@frozen @usableFromInline
internal struct RACAtomicReference {
    @usableFromInline internal let value: RACAtomicWord
    @usableFromInline internal let readers: RACAtomicWord
    @usableFromInline internal let retired: RACPendingStack<AnyObject>

    @inlinable @inline(__always)
    internal init(value: RACAtomicWord, readers: RACAtomicWord, retired: RACAtomicWord) {
        self.value = value
        self.readers = readers
        self.retired = RACPendingStack(top: retired)
    }

    /// The bits that stand for `object`, carrying a +1 reference.
    @usableFromInline
    internal static func retainedBits(_ object: AnyObject?) -> Int {
        guard let object else { return 0 }
        return Int(bitPattern: Unmanaged.passRetained(object).toOpaque())
    }

    @usableFromInline
    internal static func isObject(_ bits: Int) -> Bool {
        bits != 0 && bits & 1 == 0
    }

    /// The current object, retained for the caller; nil if the value is nil or
    /// a sentinel.
    @usableFromInline
    internal func load() -> AnyObject? {
        _ = readers.fetchAdd(1, .seq_cst)
        let bits = value.load(.seq_cst)
        let object: AnyObject? = Self.isObject(bits)
            ? Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
            : nil
        if readers.fetchSub(1, .seq_cst) == 1 && !isRetiredEmpty {
            reclaim()
        }
        return object
    }

    /// Replaces the value with `newBits` unless the current value is `stop`.
    /// Returns whether it replaced, and the object it replaced (the +1 the
    /// value held passes to the caller).
    @usableFromInline
    internal func replace(with newBits: Int, unlessCurrentIs stop: Int) -> (replaced: Bool, old: AnyObject?) {
        var current = value.load(.relaxed)
        while true {
            if current == stop { return (false, nil) }
            let seen = value.compareExchange(expected: current, desired: newBits, .seq_cst, .relaxed)
            if seen == current { break }
            current = seen
        }
        return (true, takeReplaced(current))
    }

    /// Replaces the value with `newBits` if `shouldReplace` accepts the
    /// current object (nil for none or a sentinel), retrying while another
    /// thread replaces it first. Returns whether it replaced, and the
    /// object it replaced (the +1 the value held passes to the caller).
    ///
    /// The object `shouldReplace` is shown is retained (`load()`) until the
    /// compare-exchange, so its address cannot be reused meanwhile: equal
    /// bits mean the same object.
    internal func replace(with newBits: Int, if shouldReplace: (AnyObject?) -> Bool) -> (replaced: Bool, old: AnyObject?) {
        while true {
            let current = load()
            guard shouldReplace(current) else { return (false, nil) }
            let bits = current.map { Int(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
                ?? value.load(.seq_cst)
            guard current != nil || !Self.isObject(bits) else { continue }
            if value.compareExchange(expected: bits, desired: newBits, .seq_cst, .relaxed) == bits {
                return (true, takeReplaced(bits))
            }
        }
    }

    /// The object `bits` stood for, just replaced in the value, with the
    /// value's +1; parked first if a reader may hold it unretained.
    @usableFromInline
    internal func takeReplaced(_ bits: Int) -> AnyObject? {
        guard Self.isObject(bits) else { return nil }
        let old = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeRetainedValue()
        if readers.load(.seq_cst) != 0 {
            // A reader may hold `old` unretained: park a reference until the
            // readers drain, since the caller may drop its own at once.
            retired.push(old)
            racs_thread_fence(.seq_cst)
            reclaim()
        }
        return old
    }

    @inlinable
    internal var isRetiredEmpty: Bool {
        // Sequentially consistent: pairs with the fence after a push, so that
        // either the last reader sees the parked object or the parker sees
        // the count at zero.
        retired.top.load(.seq_cst) == 0
    }

    /// Drops the parked references if no reader is announced.
    @usableFromInline
    internal func reclaim() {
        while true {
            var parked: [AnyObject] = []
            retired.takeAll { parked.append($0) }
            if parked.isEmpty { return }
            if readers.load(.seq_cst) == 0 {
                continue // `parked` goes out of scope: its references drop.
            }
            for object in parked { retired.push(object) }
            racs_thread_fence(.seq_cst)
            // A reader that left before the push back did not see it; if all
            // have left now, reclaim again, else the last one will.
            if readers.load(.seq_cst) != 0 { return }
        }
    }

    /// Releases the value and anything parked. Only for the owner's `deinit`,
    /// when no other thread can hold the owner.
    @usableFromInline
    internal func destroy() {
        let bits = value.load(.relaxed)
        if Self.isObject(bits) {
            Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
        }
        retired.takeAll { _ in }
    }
}

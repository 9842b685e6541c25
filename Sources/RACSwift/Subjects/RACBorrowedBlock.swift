/// A block subscriber's `next` block as a subject's delivery loop calls it:
/// the two words of the sink's own `nextBlock` (function and context),
/// copied bit for bit into the subject's array of blocks, which sits next to
/// its slots (`RACSubjectCore.blocks`). The copy owns nothing: it is never
/// retained, released or deinitialized, and is valid exactly as long as
/// the slot beside it holds the sink, whose immutable `nextBlock` holds the
/// block (the core zeroes the entry when it empties the slot).
///
/// Why: at thousands of subscribers a delivery's cost is the cache lines it
/// reads. Reached through the sink, each delivery read a line of the sink
/// (its state word and `nextBlock`, in a 160-byte object) besides the
/// subscriber's own memory; the array holds 16 bytes per subscriber, read
/// in order, four to a line, as a raw fan-out over held blocks reads its
/// holders (W9's floor).
///
/// Why noncopyable: a closure loaded from unsafe memory and called is
/// retained and released around the call (the call could overwrite the
/// memory), two atomic operations per delivery. A noncopyable value passed
/// `borrowing` is called in place, at +0, as a `let` of an object kept
/// alive is.
@frozen @usableFromInline
internal struct RACBorrowedBlock<Value>: ~Copyable {
    @usableFromInline internal let block: (Value) -> Void

    /// Never called: entries are written as words (`copy(from:to:)`,
    /// `clear(_:)`); declared so that the type has its stored layout.
    @inlinable
    internal init(_ block: @escaping (Value) -> Void) {
        self.block = block
    }

    /// Calls the block in `entry` with `value`, borrowed: no retain.
    @inlinable @inline(__always)
    internal static func call(_ entry: borrowing RACBorrowedBlock<Value>, with value: Value) {
        entry.block(value)
    }

    /// Whether `entry` holds a block (a null function pointer means none).
    @inlinable @inline(__always)
    internal static func isPresent(_ entry: UnsafeMutablePointer<RACBorrowedBlock<Value>>) -> Bool {
        UnsafeRawPointer(entry).load(as: UInt.self) != 0
    }

    /// Copies the two words of an optional `(Value) -> Void` at `words`
    /// (a sink's `nextBlock`: see `RACSubscriptionSink.nextBlockWords`)
    /// into `entry`, without retaining: nil stays a null function pointer.
    @inlinable @inline(__always)
    internal static func copy(from words: UnsafeMutablePointer<Int>,
                              to entry: UnsafeMutablePointer<RACBorrowedBlock<Value>>) {
        let target = UnsafeMutableRawPointer(entry).assumingMemoryBound(to: Int.self)
        target[0] = words[0]
        target[1] = words[1]
    }

    /// Moves the entry at `source` to `target`, a bitwise copy (neither
    /// owns anything); `source` is left as it was.
    @inlinable @inline(__always)
    internal static func move(from source: UnsafeMutablePointer<RACBorrowedBlock<Value>>,
                              to target: UnsafeMutablePointer<RACBorrowedBlock<Value>>) {
        copy(from: UnsafeMutableRawPointer(source).assumingMemoryBound(to: Int.self), to: target)
    }

    /// Empties `entry`, without releasing: it owned nothing.
    @inlinable @inline(__always)
    internal static func clear(_ entry: UnsafeMutablePointer<RACBorrowedBlock<Value>>) {
        let target = UnsafeMutableRawPointer(entry).assumingMemoryBound(to: Int.self)
        target[0] = 0
        target[1] = 0
    }
}

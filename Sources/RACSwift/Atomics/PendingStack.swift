import CShims

/// A lock-free stack (Treiber stack) of values, over one atomic word.
///
/// Many threads may push; a taker removes the *whole* stack with one
/// exchange. Because nothing ever pops a single node, the stack has no ABA
/// problem and needs no memory reclamation scheme: a push compares the top
/// without dereferencing it, and a taken node belongs to the taker alone.
///
/// The word holds the bit pattern of the top node's unmanaged pointer, or 0.
@frozen @usableFromInline
internal struct RACPendingStack<Element> {
    @usableFromInline internal let top: RACAtomicWord

    @inlinable @inline(__always)
    internal init(top: RACAtomicWord) {
        self.top = top
    }

    /// Pushes `element`. Allocates one node.
    @usableFromInline
    internal func push(_ element: Element) {
        push(node: RACPendingNode(element))
    }

    /// Pushes `node`, which no other thread can see yet; the stack keeps a
    /// +1 reference to it until it is taken.
    @usableFromInline
    internal func push(node: RACPendingNode<Element>) {
        let node = Unmanaged.passRetained(node)
        let bits = Int(bitPattern: node.toOpaque())
        var seen = top.load(.relaxed)
        while true {
            // The node is not yet published, so a plain store to it is safe.
            node._withUnsafeGuaranteedRef { $0.next = seen }
            // Release: the node's fields must be visible to the taker, which
            // takes the stack with an acquiring exchange.
            let observed = top.compareExchange(expected: seen, desired: bits, .release, .relaxed)
            if observed == seen { return }
            seen = observed
        }
    }

    /// Whether the stack looked empty at the moment of the load.
    @inlinable @inline(__always)
    internal var isEmpty: Bool {
        top.load(.relaxed) == 0
    }

    /// Removes every element and calls `body` with each, oldest first.
    @usableFromInline
    internal func takeAll(_ body: (Element) -> Void) {
        var oldest = takeAllOldestFirst()
        while oldest != 0 {
            let node = Self.node(oldest).takeRetainedValue()
            oldest = node.next
            body(node.element)
        }
    }

    /// Removes every node and returns them as a list, oldest first: the bits
    /// of the oldest node, each node's `next` the bits of the one after it
    /// (0 ends the list). Each node carries the +1 reference the stack had.
    ///
    /// No allocation: the taken nodes belong to the taker alone now, so
    /// they are relinked in place.
    @usableFromInline
    internal func takeAllOldestFirst() -> Int {
        // Acquire: pairs with the pushers' releasing compare-exchange.
        var newest = top.exchange(0, .acquire)
        var oldest = 0
        while newest != 0 {
            let node = Self.node(newest)
            let next = node._withUnsafeGuaranteedRef { $0.next }
            node._withUnsafeGuaranteedRef { $0.next = oldest }
            oldest = newest
            newest = next
        }
        return oldest
    }

    @inlinable @inline(__always)
    internal static func node(_ bits: Int) -> Unmanaged<RACPendingNode<Element>> {
        .fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
    }
}

/// A node of `RACPendingStack`. `next` is the bit pattern of the next node's
/// unmanaged pointer (0 ends the list); the pusher writes it before the node
/// is published, and only the taker reads it afterwards.
///
/// A node can also carry a waiting thread's side of a hand-over (see
/// `RACSerializer`): its inline state word says whether anyone waits for
/// the element to be applied, and how that wait ended.
@usableFromInline
internal final class RACPendingNode<Element> {
    /// The state word (see `RACInlineAtomics`, `RACHandOverState`); must stay
    /// the first stored property. Never touched by name.
    @usableFromInline internal var _atomics: Int = 0
    @usableFromInline internal let element: Element
    @exclusivity(unchecked) @usableFromInline internal var next: Int = 0
    /// For a node handed to its waiting thread with the serializer: how many
    /// entries the new owner takes over (see `RACSerializer.drain`). Written
    /// before the releasing store of `RACHandOverState.owner`, read after the
    /// acquiring load that sees it.
    @exclusivity(unchecked) @usableFromInline internal var accounted: Int = 0

    @inlinable
    internal init(_ element: Element) {
        self.element = element
    }

    @inlinable @inline(__always)
    internal var state: RACAtomicWord {
        RACInlineAtomics.word(0, of: self)
    }
}

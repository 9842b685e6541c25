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
        let node = Unmanaged.passRetained(RACPendingNode(element))
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
    ///
    /// No allocation: the taken nodes are relinked oldest first in place
    /// (they belong to the taker alone now), then released one by one.
    @usableFromInline
    internal func takeAll(_ body: (Element) -> Void) {
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
        while oldest != 0 {
            let node = Self.node(oldest).takeRetainedValue()
            oldest = node.next
            body(node.element)
        }
    }

    @inlinable @inline(__always)
    internal static func node(_ bits: Int) -> Unmanaged<RACPendingNode<Element>> {
        .fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
    }
}

/// A node of `RACPendingStack`. `next` is the bit pattern of the next node's
/// unmanaged pointer (0 ends the list); the pusher writes it before the node
/// is published, and only the taker reads it afterwards.
@usableFromInline
internal final class RACPendingNode<Element> {
    @usableFromInline internal let element: Element
    @exclusivity(unchecked) @usableFromInline internal var next: Int = 0

    @usableFromInline
    internal init(_ element: Element) {
        self.element = element
    }
}

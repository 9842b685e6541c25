import CShims

/// A lock-free stack (Treiber stack) of values, over one atomic word.
///
/// Many threads may push; a taker removes the *whole* stack with one
/// exchange. Because nothing ever pops a single node, the stack has no ABA
/// problem, and a taken node belongs to the taker alone: a push compares
/// the top without dereferencing it. Where a node's memory comes from and
/// goes back to, and why no thread can read one after it was given back,
/// is the node cache's argument (CShims/include/RACNodeCache.h).
///
/// The word holds the address of the top node, as an integer, or 0.
@frozen @usableFromInline
internal struct RACPendingStack<Element> {
    @usableFromInline internal let top: RACAtomicWord

    @inlinable @inline(__always)
    internal init(top: RACAtomicWord) {
        self.top = top
    }

    /// Pushes `element`, in a node from this thread's node cache.
    @usableFromInline
    internal func push(_ element: Element) {
        push(node: RACPendingNode(element))
    }

    /// Pushes `node`, which no other thread can see yet; the stack owns it
    /// until it is taken.
    @usableFromInline
    internal func push(node: RACPendingNode<Element>) {
        var seen = top.load(.relaxed)
        while true {
            // The node is not yet published, so a plain store to it is safe.
            node.next = seen
            // Release: the node's fields must be visible to the taker, which
            // takes the stack with an acquiring exchange.
            let observed = top.compareExchange(expected: seen, desired: node.bits, .release, .relaxed)
            if observed == seen { return }
            seen = observed
        }
    }

    /// Whether the stack looked empty at the moment of the load.
    @inlinable @inline(__always)
    internal var isEmpty: Bool {
        top.load(.relaxed) == 0
    }

    /// Removes every element and calls `body` with each, oldest first. Each
    /// node goes back to the cache before `body` sees its element.
    @usableFromInline
    internal func takeAll(_ body: (Element) -> Void) {
        var oldest = takeAllOldestFirst()
        while oldest != 0 {
            let node = RACPendingNode<Element>(bits: oldest)
            oldest = node.next
            body(node.giveBack())
        }
    }

    /// Removes every node and returns them as a list, oldest first: the
    /// address of the oldest node, each node's `next` the address of the one
    /// after it (0 ends the list). The nodes are the taker's now.
    ///
    /// No allocation: the taken nodes belong to the taker alone, so they are
    /// relinked in place.
    @usableFromInline
    internal func takeAllOldestFirst() -> Int {
        // Acquire: pairs with the pushers' releasing compare-exchange.
        var newest = top.exchange(0, .acquire)
        var oldest = 0
        while newest != 0 {
            let node = RACPendingNode<Element>(bits: newest)
            let next = node.next
            node.next = oldest
            oldest = newest
            newest = next
        }
        return oldest
    }
}

/// A node of `RACPendingStack`: four header words and an element, in memory
/// from the node cache (CShims/include/RACNodeCache.h has the layout and
/// who may touch a node when). A value that names the memory; it owns
/// nothing: whoever holds the node (see there) gives it back, once.
///
/// `next` is the address of the next node (0 ends the list); the pusher
/// writes it before the node is published, and only the taker reads it
/// afterwards. A node can also carry a waiting thread's side of a hand-over
/// (see `RACSerializer`): its state word says whether anyone waits for the
/// element to be applied, and how that wait ended.
@frozen @usableFromInline
internal struct RACPendingNode<Element> {
    /// The node's address, as an integer: what the stacks and queues link.
    @usableFromInline internal let bits: Int

    /// The node at `bits`.
    @inlinable @inline(__always)
    internal init(bits: Int) {
        self.bits = bits
    }

    /// A node holding `element`, its header words 0: from this thread's
    /// free list when it has one, otherwise made (see the node cache).
    @inlinable @inline(__always)
    internal init(_ element: Element) {
        bits = Int(bitPattern: racs_node_take(Self.elementOffset + MemoryLayout<Element>.size,
                                              MemoryLayout<Element>.alignment))
        elementAddress.initialize(to: element)
    }

    /// Where the element starts: after the header, or at its alignment.
    @inlinable @inline(__always)
    internal static var elementOffset: Int {
        Swift.max(Int(RACS_NODE_HEADER_SIZE), MemoryLayout<Element>.alignment)
    }

    @inlinable @inline(__always)
    internal var words: UnsafeMutablePointer<Int> {
        UnsafeMutablePointer(bitPattern: bits).unsafelyUnwrapped
    }

    @inlinable @inline(__always)
    internal var elementAddress: UnsafeMutablePointer<Element> {
        UnsafeMutableRawPointer(bitPattern: bits + Self.elementOffset).unsafelyUnwrapped
            .assumingMemoryBound(to: Element.self)
    }

    /// The state word (`RACHandOverState`).
    @inlinable @inline(__always)
    internal var state: RACAtomicWord {
        RACAtomicWord(words)
    }

    /// The link: plain accesses, by whoever holds the node.
    @inlinable @inline(__always)
    internal var next: Int {
        get { words[1] }
        nonmutating set { words[1] = newValue }
    }

    /// For a node handed to its waiting thread with the serializer: how many
    /// entries the new owner takes over (see `RACSerializer.drain`). Written
    /// before the releasing store of `RACHandOverState.owner`, read after the
    /// acquiring load that sees it. The same word as `depth`, which the
    /// waiter writes back once it has read this (`RACSerializer.handOver`).
    @inlinable @inline(__always)
    internal var accounted: Int {
        get { words[2] }
        nonmutating set { words[2] = newValue }
    }

    /// The operation's hand-over depth (`RACHandOverDepth`): written by its
    /// sender before the push publishes the node, read by the owner that
    /// applies it; 0 for an operation the owner queues itself. Plain, as
    /// `next`.
    @inlinable @inline(__always)
    internal var depth: Int {
        get { words[2] }
        nonmutating set { words[2] = newValue }
    }

    /// The element, in place.
    @inlinable
    internal var element: Element {
        unsafeAddress { UnsafePointer(elementAddress) }
    }

    /// Moves the element out and gives the node back to the cache.
    @inlinable
    internal func giveBack() -> Element {
        let element = elementAddress.move()
        let origin = racs_node_origin(bits)
        if origin < 0 {
            racs_node_release_shared(bits)
        } else {
            racs_node_give_back_run(origin, bits, bits, 1)
        }
        return element
    }

    /// Destroys the elements of the list that starts at `list` (linked
    /// through `next`), and gives the nodes back to the cache: each run of
    /// nodes from one thread with one exchange.
    ///
    /// An element's `deinit` may call into any serializer, this one too;
    /// such a call can take nodes from this thread's free list meanwhile,
    /// but never one of this list's, which reach it only as their run is
    /// given back, after every element of the run was destroyed.
    @usableFromInline
    internal static func destroyAndGiveBack(_ list: Int) {
        var bits = list
        var run = (origin: 0, first: 0, last: 0, count: 0)
        while bits != 0 {
            let node = RACPendingNode(bits: bits)
            bits = node.next
            node.elementAddress.deinitialize(count: 1)
            let origin = racs_node_origin(node.bits)
            if origin < 0 {
                // Shared with its waiter (RACNodeCache.h, point 5).
                racs_node_release_shared(node.bits)
                continue
            }
            if run.count != 0 && origin != run.origin {
                racs_node_give_back_run(run.origin, run.first, run.last, run.count)
                run.count = 0
            }
            if run.count == 0 {
                run = (origin, node.bits, node.bits, 1)
            } else {
                node.next = run.first
                run.first = node.bits
                run.count += 1
            }
        }
        if run.count != 0 { racs_node_give_back_run(run.origin, run.first, run.last, run.count) }
    }
}

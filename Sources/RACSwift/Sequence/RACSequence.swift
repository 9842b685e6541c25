/// An immutable, lazily evaluated list of values: RAC 2.5's `RACSequence`,
/// the pull-driven counterpart of `RACSignal`.
///
/// A sequence is its first value (`head`) and the rest (`tail`). Unless it is
/// an eager sequence, nothing is computed until asked for: `map` and
/// `filter` return at once, and run their blocks only when a value is pulled
/// (by `head`, iteration, `array`, `foldLeftWithStart`, `signal()`); each
/// block runs at most once per element, however many times and from however
/// many threads the element is read. `eagerSequence` computes everything at
/// once instead.
///
/// Sequences are safe to share between threads. Walking one (iterating,
/// `array`, folding, a chain of `map` and `filter`) takes constant stack
/// whatever its length, and so does releasing a long evaluated sequence.
///
/// **Layout.** RAC makes `RACSequence` a class cluster; here one final class
/// has three kinds of node, so that the per-value paths can be `@inlinable`
/// and compiled for the caller's concrete types (unspecialized generic code
/// spends most of its time looking up generic type metadata):
/// - *elements*: a position in an array of values that already exist
///   (`rac_sequence`, eager sequences). Immutable; a tail is a new node.
/// - *lazy*: a head block and a tail block (`map`,
///   `init(headBlock:tailBlock:)`), each run once, on first access, then
///   released; the results are kept.
/// - *deferred*: a block computing the sequence this node stands for
///   (`filter`, whose head and tail both depend on finding the first value
///   that passes: RAC's lazy dependency), run once.
// @unchecked Sendable: each node evaluates its head and tail once, under a
// once flag, whichever thread reads first (RACOnceFlag).
public final class RACSequence<Value>: Sequence, @unchecked Sendable {
    /// The once flags of the head (word 0) and of `next` (word 1): see
    /// `RACOnceFlag`. Must stay the first stored property (see
    /// `RACInlineAtomics`); never touched by name.
    @usableFromInline internal var _atomics: (Int, Int) = (0, 0)

    @usableFromInline internal let kind: RACSequenceKind
    /// *Elements* nodes: the values, this node's position, and whether
    /// operators evaluate at once. Empty for the other kinds.
    @usableFromInline internal let elements: ContiguousArray<Value>
    @usableFromInline internal let offset: Int
    @usableFromInline internal let eager: Bool

    // Lazy and deferred nodes. Each block is run, and the result stored, by
    // the one thread that wins its once flag; the result is read only after
    // the flag says done. The flags order every access, so Swift's dynamic
    // exclusivity checks are off.

    /// *Lazy*: computes the head; nil once run.
    @exclusivity(unchecked) @usableFromInline internal var headBlock: (() -> Value?)?
    @exclusivity(unchecked) @usableFromInline internal var headValue: Value?
    /// *Lazy*: computes the tail; *deferred*: the sequence the node stands
    /// for. Nil once run.
    @exclusivity(unchecked) @usableFromInline internal var nextBlock: (() -> RACSequence<Value>?)?
    /// What `nextBlock` returned: the link to the next node of a chain.
    @exclusivity(unchecked) @usableFromInline internal var next: RACSequence<Value>?

    /// An *elements* node at `offset` in `elements`.
    @inlinable
    internal init(elements: ContiguousArray<Value>, offset: Int = 0, eager: Bool) {
        kind = .elements
        self.elements = elements
        self.offset = offset
        self.eager = eager
    }

    /// A *lazy* node.
    @inlinable
    internal init(head: @escaping () -> Value?, tail: @escaping () -> RACSequence<Value>?) {
        kind = .lazy
        elements = []
        offset = 0
        eager = false
        headBlock = head
        nextBlock = tail
    }

    /// A *lazy* node whose head is already known.
    @inlinable
    internal init(evaluatedHead head: Value, tail: @escaping () -> RACSequence<Value>?) {
        kind = .lazy
        elements = []
        offset = 0
        eager = false
        headValue = head
        nextBlock = tail
        headFlag.markDone() // not yet shared
    }

    /// A *deferred* node.
    @inlinable
    internal init(deferred resolve: @escaping () -> RACSequence<Value>?) {
        kind = .deferred
        elements = []
        offset = 0
        eager = false
        nextBlock = resolve
    }

    deinit {
        Self.releaseChain(detachNext())
    }

    @inlinable
    internal var headFlag: RACOnceFlag { RACOnceFlag(word: RACInlineAtomics.word(0, of: self)) }

    @inlinable
    internal var nextFlag: RACOnceFlag { RACOnceFlag(word: RACInlineAtomics.word(1, of: self)) }

    // MARK: Head and tail

    /// The first value, or nil if the sequence is empty. For a lazy
    /// sequence, computed on first access, once.
    @inlinable
    public var head: Value? {
        switch kind {
        case .elements:
            return offset < elements.count ? elements[offset] : nil
        case .lazy:
            headFlag.computeOnce {
                headValue = headBlock?()
                headBlock = nil
            }
            return headValue
        case .deferred:
            return resolvedNext?.head
        }
    }

    /// The sequence of the values after `head`, or nil if there are none.
    /// For a lazy sequence, computed on first access, once; computing it
    /// does not compute its head.
    @inlinable
    public var tail: RACSequence<Value>? {
        switch kind {
        case .elements:
            return offset + 1 < elements.count
                ? RACSequence(elements: elements, offset: offset + 1, eager: eager) : nil
        case .lazy:
            return resolvedNext
        case .deferred:
            return resolvedNext?.tail
        }
    }

    /// `next`, computed on first access.
    @inlinable
    internal var resolvedNext: RACSequence<Value>? {
        nextFlag.computeOnce {
            next = nextBlock?()
            nextBlock = nil
        }
        return next
    }

    // MARK: Release

    /// Takes out the link to the next node; only for a node no other thread
    /// can reach (being deallocated, or uniquely referenced).
    internal func detachNext() -> RACSequence<Value>? {
        defer { next = nil }
        return next
    }

    /// Releases a chain of nodes one after another instead of each from the
    /// previous one's deinit: a million evaluated nodes released
    /// recursively would overflow the stack. Each node's deinit hands its
    /// next node here; while that node has no other owner, its own link is
    /// detached before it goes, so its deinit finds nothing to release.
    ///
    /// (The Swift 6.3 runtime happens to release a plain chain of optional
    /// class references without recursing, but not, for example, links kept
    /// in an enum or in a non-final class; this loop does not depend on it.)
    internal static func releaseChain(_ first: consuming RACSequence<Value>?) {
        // Moved, not copied: a second reference (the caller's) would make the
        // next node look shared, and it would then be released recursively.
        var link = consume first
        while var node = link {
            link = nil
            guard isKnownUniquelyReferenced(&node) else { return }
            link = node.detachNext()
        }
    }
}

/// The kinds of `RACSequence` node (see its documentation).
@usableFromInline
internal enum RACSequenceKind {
    case elements
    case lazy
    case deferred
}

extension RACOnceFlag {
    /// Computes a lazy sequence's field once (see `RACOnceFlag`): a second
    /// reader waits for the first. A block that reads its own field would
    /// wait for itself forever; it stops with a message instead. (Two lazy
    /// values that read each other, computed on two threads at once, wait
    /// for each other, as two `dispatch_once` blocks would.)
    @inlinable
    internal func computeOnce(_ compute: () -> Void) {
        let computed = run(warningKey: 4, waitWarning: """
            RACSwift: a thread has waited 1 s for another thread computing the same lazy \
            RACSequence value, and waits on. (Warned once.)
            """, compute)
        if !computed {
            racMisuse("a lazy RACSequence value depends on itself")
        }
    }
}

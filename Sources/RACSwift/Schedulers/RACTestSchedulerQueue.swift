import Foundation

/// The queue of a `RACTestScheduler`: its blocks in the order they run,
/// earliest date first and, at one date, in the order they were scheduled
/// (RAC's order, contract point 18).
///
/// A binary min-heap of (date, sequence) keys, the sequence counting the
/// blocks scheduled: O(log n) to add a block and to take the next, where a
/// sorted array inserted each block in place (O(n) per block, quadratic
/// for a test that schedules many). The keys are unique, so the heap's
/// order is total and equal dates keep the order of scheduling.
///
/// The blocks live beside the heap, by sequence, so that cancelling one
/// releases it at once (what it captured goes with it) without searching
/// the heap: its key stays there until it reaches the top and finds no
/// block, or until cancelled keys outnumber the queued blocks and the heap
/// is rebuilt without them (O(n), after at least n / 2 cancellations).
///
/// Not thread-safe: the scheduler guards it.
internal struct RACTestSchedulerQueue {
    /// When a queued block is due, and where it stands among the blocks
    /// due then.
    internal struct Key: Comparable {
        let date: Date
        let sequence: UInt64

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.date, lhs.sequence) < (rhs.date, rhs.sequence)
        }
    }

    /// A heap: each key is at most the keys at `2i + 1` and `2i + 2`.
    private var heap: [Key] = []
    /// The blocks still queued, by their key's sequence.
    private var blocks: [UInt64: () -> Void] = [:]
    private var nextSequence: UInt64 = 0

    /// The blocks queued and not cancelled.
    internal var count: Int { blocks.count }

    /// Queues `block` at `date`, after the blocks queued before it at the
    /// same date; returns its sequence, for `cancel`.
    internal mutating func append(at date: Date, _ block: @escaping () -> Void) -> UInt64 {
        let sequence = nextSequence
        nextSequence += 1
        blocks[sequence] = block
        heap.append(Key(date: date, sequence: sequence))
        siftUp(heap.count - 1)
        return sequence
    }

    /// Takes the earliest block, if one is due by `limit` (any, for nil),
    /// with its date.
    internal mutating func popFirst(dueBy limit: Date?) -> (date: Date, block: () -> Void)? {
        while let first = heap.first {
            if let limit, first.date > limit { return nil }
            removeFirstKey()
            // No block: it was cancelled.
            if let block = blocks.removeValue(forKey: first.sequence) { return (first.date, block) }
        }
        return nil
    }

    /// Takes the block with `sequence` off the queue and returns it; nil if
    /// it was not there (it ran, or was cancelled already).
    internal mutating func cancel(_ sequence: UInt64) -> (() -> Void)? {
        guard let block = blocks.removeValue(forKey: sequence) else { return nil }
        if heap.count > 2 * blocks.count + 32 { rebuild() }
        return block
    }

    private mutating func removeFirstKey() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    /// The heap of the keys whose blocks are still queued (Floyd's O(n)).
    private mutating func rebuild() {
        heap.removeAll { blocks[$0.sequence] == nil }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var smallest = parent
            let left = 2 * parent + 1, right = left + 1
            if left < heap.count && heap[left] < heap[smallest] { smallest = left }
            if right < heap.count && heap[right] < heap[smallest] { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

import CShims
import Foundation
@testable import RACSwift
import XCTest

/// The pending nodes' cache (CShims/include/RACNodeCache.h): nodes go back
/// to the thread they came from, a thread's cache is bounded, and every
/// element is destroyed exactly once whatever a node's origin.
final class PendingNodeCacheTests: XCTestCase {
    /// Counts its live instances.
    private final class Payload {
        nonisolated(unsafe) static var live = 0
        init() { Payload.live += 1 }
        deinit { Payload.live -= 1 }
    }

    /// Too large for any size class: a plain allocation.
    private typealias Large = (Payload, (Int, Int, Int, Int, Int, Int, Int, Int), (Int, Int, Int, Int, Int, Int, Int, Int),
                               (Int, Int, Int, Int, Int, Int, Int, Int), (Int, Int, Int, Int, Int, Int, Int, Int))

    /// Runs `body` on a thread of its own, with a fresh cache, and returns
    /// once that thread has exited (its cache's destructor has run).
    private func onNewThread(_ body: @escaping () -> Void) {
        final class Box {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        let made = pthread_create(&thread, nil, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        XCTAssertEqual(made, 0)
        pthread_join(thread, nil)
    }

    /// A sender's nodes, applied and given back by another thread, come
    /// back to the sender: a thousand rounds of four make four nodes.
    func testNodesComeBackToTheirThread() {
        let words = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        words.initialize(to: 0)
        defer { words.deallocate() }
        // Shared by the semaphores' hand-offs: never touched concurrently.
        nonisolated(unsafe) let stack = RACPendingStack<Payload>(top: RACAtomicWord(words))
        let request = DispatchSemaphore(value: 0), reply = DispatchSemaphore(value: 0)
        let owner = Thread {
            while true {
                request.wait()
                let list = stack.takeAllOldestFirst()
                if list == 0 { break }
                RACPendingNode<Payload>.destroyAndGiveBack(list)
                reply.signal()
            }
            reply.signal()
        }
        owner.start()
        var made = 0
        onNewThread {
            for _ in 0..<1_000 {
                for _ in 0..<4 { stack.push(Payload()) }
                request.signal()
                reply.wait()
            }
            made = racs_node_cache_made(0)
        }
        request.signal()
        reply.wait()
        XCTAssertEqual(made, 4)
        XCTAssertEqual(Payload.live, 0)
    }

    /// A thread makes at most `RACS_NODE_CACHE_LIMIT` nodes per class; past
    /// that, nodes are plain allocations, and everything is destroyed once.
    func testCacheIsBoundedPerThreadAndDestroysEachElementOnce() {
        let limit = Int(RACS_NODE_CACHE_LIMIT)
        var made: [Int] = []
        var plain = 0
        onNewThread {
            for _ in 0..<2 {
                var list = 0
                for _ in 0..<limit + 44 {
                    let node = RACPendingNode(Payload())
                    if racs_node_origin(node.bits) == 0 { plain += 1 }
                    node.next = list
                    list = node.bits
                }
                let large = RACPendingNode<Large>((Payload(), (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0),
                                                   (0, 0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0, 0)))
                if racs_node_origin(large.bits) == 0 { plain += 1 }
                XCTAssertEqual(Payload.live, limit + 45)
                RACPendingNode<Payload>.destroyAndGiveBack(list)
                RACPendingNode<Large>.destroyAndGiveBack(large.bits)
                XCTAssertEqual(Payload.live, 0)
                made.append(racs_node_cache_made(0))
            }
        }
        XCTAssertEqual(made, [limit, limit])
        // 44 past the limit and the large one, twice.
        XCTAssertEqual(plain, 90)
    }

    /// Nodes still in flight when their thread exits are freed by whoever
    /// gives them back, their elements destroyed once.
    func testNodesOfAnExitedThreadAreFreedByTheirHolder() {
        let words = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        words.initialize(to: 0)
        defer { words.deallocate() }
        let stack = RACPendingStack<Payload>(top: RACAtomicWord(words))
        for _ in 0..<10 {
            onNewThread {
                for _ in 0..<10 { stack.push(Payload()) }
            }
        }
        XCTAssertEqual(Payload.live, 100)
        var taken = 0
        stack.takeAll { _ in taken += 1 }
        XCTAssertEqual(taken, 100)
        XCTAssertEqual(Payload.live, 0)
    }
}

// The memory of the serializer's pending nodes: a per-thread cache that the
// owners give nodes back to, so that a contended send allocates nothing.
//
// A handed-over operation travels from its sender (which fills a node) to
// the serializer's owner (which applies it and is done with the node). With
// malloc, the sender allocates and the owner frees: a pattern per-thread
// malloc caches do not serve (the frees fill the owner's cache, the
// allocations drain the sender's). Here the node goes back to the thread it
// came from instead:
//
// - Every thread has a *home* (`racs_node_home`), made on its first
//   contended send: one stack of given-back nodes per size class, which
//   any owner pushes onto (a compare-exchange loop, Treiber) and only the
//   home's thread takes from, and only whole (one exchange). Nothing ever
//   pops a single node of it, so it has no ABA problem: a push compares the
//   top without dereferencing it, and a taken list is the taker's alone.
// - The thread also keeps a plain list per class, its own
//   (`racs_node_home.free`): what it took back, and the nodes an owner gives
//   back on the thread they came from (no atomics then). A send takes the
//   first node of it; when it is empty, it takes the whole home stack; when
//   that is empty too, it makes a node, at most `RACS_NODE_CACHE_LIMIT` per
//   class and thread, past which nodes are plain allocations, freed by
//   whoever is done with them.
//
// Who may touch a node, when (the reclamation argument):
//
// 1. Taken by a sender (out of its own free list), a node is that thread's
//    alone until it pushes it onto a serializer's pending stack; from the
//    push on it is the serializer's (the owner that takes the stack, then
//    the owner that applies it), and its sender touches only its state
//    word, and only while it waits for it (see `RACSerializer.wait`): the
//    owner gives a node back only after it has applied it (and after
//    `finish`, the last write a waiter can be waiting for), to the home of
//    the thread that filled it; only that thread takes nodes from its
//    home, and only when it sends, which the waiter does only once its
//    wait has ended and it reads the node no more. A node is in exactly
//    one place at a time: a free list, a home stack, a pending stack, an
//    owner's queue or spent list.
// 2. An owner gives a node back with a releasing compare-exchange onto its
//    home's stack; the home's thread takes that stack with an acquiring
//    exchange. So everything the owner did to the node (the element moved
//    out and destroyed, the state word) happens before the next send that
//    reuses it, which then writes its header with plain stores.
// 3. One access comes after an owner is done with a node:
//    `passOwnership`'s wake of a sleeping waiter, after the
//    compare-exchange that made it the owner (which may then apply and give
//    back its node at once, and even exit). The wake passes only the
//    word's address, to the kernel, as the key of the sleepers to wake;
//    it reads and writes no memory. At worst it wakes a later sleeper on
//    the same word spuriously, and every wait loop here rechecks its word.
// 4. A thread that exits (`thread_exit` in RACNodeCache.c, the home's
//    pthread key destructor) marks each home stack `RACS_NODE_HOME_EXITED` with the
//    same exchange that takes it, and frees what it holds: its free lists
//    and those stacks. Nodes still in flight (in some serializer) are not
//    touched: an owner that later gives one back sees the mark instead of
//    a stack, and frees the node. The home itself is counted: one
//    reference for its thread and one per node it made that is not freed;
//    whoever drops the last frees it, so an owner giving a node back never
//    finds its home freed. After its destructor, a thread's sends use
//    plain allocations.
//
// 5. A plain allocation (past the cache's bound, or after the destructor)
//    would be freed by the owner as it gives it back, and a waiter may
//    still be reading its state word then (it waits until it sees
//    `applied`, which comes before). So a sender that will wait on a plain
//    node marks it shared (`RACS_NODE_PLAIN_SHARED`) before it publishes
//    it, and the owner (once it has destroyed the element) and the waiter
//    (once its wait has ended) each count themselves out; the last frees
//    it. A cache node needs no count: it goes back to its sender's home,
//    which only the sender takes from, and only once it sends again.
//
// Memory: a thread's cache holds at most `RACS_NODE_CACHE_LIMIT` nodes per
// class (free or in flight), about what a send into one overloaded
// serializer can have in flight (the backlog bound, its waiting node, and
// the owner's spent list of up to a term and a backlog before it gives them
// back); deeper backlogs fall back to allocations.
//
// Layout of a node: four header words, then the element, at
// `RACS_NODE_HEADER_SIZE` or at its alignment if larger. Word 0 is the
// hand-over state (atomic), 1 `next` (the stacks' and the queue's link), 2
// the operation's hand-over depth (`accounted` while the node passes the
// serializer to its waiter), 3 the origin: the home's address with the class in its low
// bits, or 0 for a plain allocation. Nodes are made by `racs_node_take` and
// returned by `racs_node_give_back_run`; nothing else frees one.
//
// In the controlled build (RACControlled.h) every atomic operation here and
// in RACNodeCache.c is first a scheduling point; the plain accesses (a
// node's header, a home's free lists) are ordered by the atomic that
// publishes them, which is one.

#ifndef RACSWIFT_NODE_CACHE_H
#define RACSWIFT_NODE_CACHE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "RACControlled.h"

/// The header words before a node's element (state, next, depth or
/// accounted, origin), in bytes.
#define RACS_NODE_HEADER_SIZE 32
/// The size classes: nodes of 64, 128 and 256 bytes (header included).
#define RACS_NODE_CLASSES 3
/// How many nodes of one class a thread makes for its cache.
#define RACS_NODE_CACHE_LIMIT 256
/// A home stack's mark once its thread has exited.
#define RACS_NODE_HOME_EXITED ((intptr_t)1)
/// `racs_node_thread_home` once the thread's destructor ran: no more
/// caching.
#define RACS_NODE_HOME_GONE ((struct racs_node_home *)1)

/// A thread's home: where owners give its nodes back, and the thread's own
/// free lists. Aligned to 64 bytes, which keeps the low six bits of its
/// address free for the class (see the origin word); the part other
/// threads write has a cache line of its own, apart from the thread's.
///
/// The free lists live here rather than in thread-local storage so that
/// the destructor needs only its argument: on some platforms a thread's
/// `_Thread_local` storage may be torn down before its pthread key
/// destructors run.
typedef struct racs_node_home {
    /// Per class: the top of the stack of given-back nodes (0: empty,
    /// `RACS_NODE_HOME_EXITED`: the thread has exited).
    _Atomic(intptr_t) returned[RACS_NODE_CLASSES];
    /// One for the thread while it runs, one per node made and not freed.
    _Atomic(intptr_t) references;
    /// Only the home's thread reads or writes what follows.
    /// Per class: the first node of the free list (0: empty).
    __attribute__((aligned(64))) intptr_t free[RACS_NODE_CLASSES];
    /// Per class: how many nodes this thread made for its cache.
    intptr_t made[RACS_NODE_CLASSES];
} __attribute__((aligned(64))) racs_node_home;

/// The calling thread's home: NULL until its first contended send,
/// `RACS_NODE_HOME_GONE` once its destructor ran. Only this thread reads or
/// writes it.
extern _Thread_local racs_node_home *_Nullable racs_node_thread_home;

/// Whether `home` is a home (not NULL, not gone).
static inline __attribute__((always_inline)) bool racs_node_is_home(racs_node_home *_Nullable home) {
    return (uintptr_t)home > (uintptr_t)RACS_NODE_HOME_GONE;
}

/// The class of a node of `size` bytes (header included) whose element
/// needs `alignment`, or -1 for a plain allocation.
static inline __attribute__((always_inline)) intptr_t racs_node_class(intptr_t size, intptr_t alignment) {
    if (alignment > 16) return -1;
    if (size <= 64) return 0;
    if (size <= 128) return 1;
    if (size <= 256) return 2;
    return -1;
}

/// A node when the free list of its class is empty: out of line.
void *_Nonnull racs_node_take_slow(intptr_t cls, intptr_t size, intptr_t alignment);

/// Gives back a run of nodes (see `racs_node_give_back_run`) made by
/// another thread, or plain allocations (origin 0, freed here): out of
/// line.
void racs_node_send_home(intptr_t origin, intptr_t first, intptr_t last, intptr_t count);

/// A node of `size` bytes (header included) for an element that needs
/// `alignment`, with its state, `next` and depth words 0.
static inline __attribute__((always_inline)) void *_Nonnull racs_node_take(intptr_t size, intptr_t alignment) {
    intptr_t cls = racs_node_class(size, alignment);
    racs_node_home *home = racs_node_thread_home;
    intptr_t *node;
    if (cls >= 0 && racs_node_is_home(home) && home->free[cls] != 0) {
        node = (intptr_t *)home->free[cls];
        home->free[cls] = node[1];
    } else {
        node = (intptr_t *)racs_node_take_slow(cls, size, alignment);
    }
    // Plain stores: the node is this thread's alone (see the argument
    // above, point 2).
    node[0] = 0;
    node[1] = 0;
    node[2] = 0;
    return node;
}

/// Gives back the nodes linked through `next` from `first` to `last`
/// (`count` of them), all with the same origin word, `origin`, and their
/// elements already destroyed.
static inline __attribute__((always_inline)) void racs_node_give_back_run(intptr_t origin, intptr_t first,
                                                                          intptr_t last, intptr_t count) {
    racs_node_home *home = (racs_node_home *)(origin & ~(intptr_t)63);
    if (origin != 0 && home == racs_node_thread_home) {
        // Back on the thread it came from: straight onto the free list.
        intptr_t cls = origin & 63;
        ((intptr_t *)last)[1] = home->free[cls];
        home->free[cls] = first;
        return;
    }
    racs_node_send_home(origin, first, last, count);
}

/// How many nodes of class `cls` the calling thread made for its cache:
/// for the tests, which check that the nodes come back.
static inline __attribute__((always_inline)) intptr_t racs_node_cache_made(intptr_t cls) {
    racs_node_home *home = racs_node_thread_home;
    return racs_node_is_home(home) ? home->made[cls] : 0;
}

/// The origin word of a plain allocation that its sender waits on (see
/// point 5): it counts up to 0 as the owner and the waiter are done with
/// the node, and whoever brings it to 0 frees it.
#define RACS_NODE_PLAIN_SHARED ((intptr_t)-2)

/// A node's origin word. Relaxed: a cache node's never changes after it
/// was made; a shared plain node's is counted atomically.
static inline __attribute__((always_inline)) intptr_t racs_node_origin(intptr_t node) {
    RACS_CONTROLLED_POINT(racs_point_load, (intptr_t *)node + 3);
    return atomic_load_explicit((_Atomic(intptr_t) *)node + 3, memory_order_relaxed);
}

/// Done with a shared plain node (the owner, or its waiter): out of line.
void racs_node_release_shared(intptr_t node);

/// Called by a sender that will wait on `node`, before it publishes it: a
/// plain allocation is then freed by the last of the owner and the waiter.
static inline __attribute__((always_inline)) void racs_node_share_with_waiter(intptr_t node) {
    // Plain: the node is not yet published.
    if (((intptr_t *)node)[3] == 0) ((intptr_t *)node)[3] = RACS_NODE_PLAIN_SHARED;
}

/// Called by the waiter of `node` once its wait has ended (and it reads
/// the node no more).
static inline __attribute__((always_inline)) void racs_node_waiter_done(intptr_t node) {
    if (racs_node_origin(node) < 0) racs_node_release_shared(node);
}

#if defined(RACS_CONTROLLED)
// For the controlled scheduler only (Verification/controlled): its
// scenarios' view of the cache, and the thread teardown run under it.

/// Runs the calling thread's teardown of its home now (what the home's
/// pthread key destructor does at the thread's exit), as scheduling points,
/// and unsets the key so that the destructor does not run it again. After
/// it, the thread's sends use plain allocations, as after its exit.
void racs_node_controlled_thread_exit(void);

/// The calling thread's home, or NULL (none yet, or torn down).
racs_node_home *_Nullable racs_node_controlled_home(void);

/// What `home` holds of class `cls`, read without scheduling points (the
/// harness reads it between two points, when no other thread runs):
/// `made`, the first node of its free list and the top of its given-back
/// stack (both linked through word 1; 0 for none), whether that stack is
/// marked exited, and the home's references.
typedef struct {
    intptr_t made;
    intptr_t free_first;
    intptr_t returned_top;
    bool exited;
    intptr_t references;
} racs_node_census_t;

racs_node_census_t racs_node_controlled_census(racs_node_home *_Nonnull home, intptr_t cls);

/// Homes allocated and not freed, cache nodes made and not freed, in the
/// whole process (ghost counts for the harness: no scheduling points).
intptr_t racs_node_controlled_live_homes(void);
intptr_t racs_node_controlled_live_nodes(void);
#endif

#endif

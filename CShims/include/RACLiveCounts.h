// What is alive in RACSwift, counted at all times (see
// Sources/RACSwift/Testing/RACLiveSubscriptions.swift): the live
// subscriptions, and whether new subscriptions record where they were made.
//
// The count is touched twice per subscription, when it begins and when it
// ends. It is split into one tally per thread (`racs_live_tally`), which
// only that thread writes: a relaxed load and a relaxed store, no atomic
// read-modify-write. One shared word took a locked add and a locked
// subtract per subscription, about 10 ns of a 75 ns `return(1)` lifecycle
// (W4b), though a subscription may well begin on one thread and end on
// another: a tally is a balance, and only the sum of all of them means
// anything. The count sums them.
//
// Why the sum is exact once the threads that subscribed and disposed have
// synchronized with the reader (joined, or a release/acquire pair): each
// tally has one writer at a time, so its last store is its value; the
// reader's loads happen after those stores. A thread that exits gives its
// tally back (a release store of `claimed`), and the next thread to claim
// it (an acquire compare-exchange) continues from its value: tallies are
// never freed, and there are never more than the most threads that lived
// at once, plus one shared word (`racs_live_subscriptions`, atomic adds)
// for a thread that ends subscriptions after its tally was given back
// (a thread-local's destructor that disposes).
//
// In the controlled build (RACControlled.h) every atomic operation here and
// in RACLiveCounts.c is first a scheduling point, the tally's load and its
// store each one: a second writer of a tally would lose updates there.

#ifndef RACSWIFT_LIVE_COUNTS_H
#define RACSWIFT_LIVE_COUNTS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "RACControlled.h"

/// One thread's share of the live-subscription count (see above). Each on
/// a cache line of its own, linked into one list that only grows.
typedef struct racs_live_tally {
    /// Subscriptions this tally's threads began minus those they ended.
    /// Written only by the thread that claimed the tally; read by counts.
    /// Aligned to a line, so the tally fills one: two threads' tallies
    /// never share it.
    _Alignas(64) _Atomic(intptr_t) balance;
    /// 1 while a thread has the tally, 0 once its thread exited.
    _Atomic(intptr_t) claimed;
    /// The next tally in the list; set before the tally is published.
    struct racs_live_tally *_Nullable next;
} racs_live_tally;

/// This thread's tally; NULL before its first subscription, and
/// `RACS_LIVE_TALLY_GONE` once the thread gave it back.
extern _Thread_local racs_live_tally *_Nullable racs_live_thread_tally;

#define RACS_LIVE_TALLY_GONE ((racs_live_tally *)1)

/// Adds `delta` to the count on a thread with no tally yet, or none any
/// more (out of line: once per thread).
void racs_live_subscriptions_add_slow(intptr_t delta);

/// The shared word for threads past their tally (see above).
extern intptr_t racs_live_subscriptions;

/// Nonzero while new subscriptions record their site: bit 0 is the switch
/// (`RACSWIFT_SUBSCRIPTION_SITES=1` in the environment at load, or
/// `RACLiveSubscriptions.recordsSites`), and each running leak check adds 2.
extern intptr_t racs_site_recording;

/// 1 if the environment had `RACSWIFT_SUBSCRIPTION_SITES=1` at load, else 0.
intptr_t racs_site_environment(void);

static inline __attribute__((always_inline)) void racs_live_subscriptions_add(intptr_t delta) {
    racs_live_tally *tally = racs_live_thread_tally;
    if (__builtin_expect((uintptr_t)tally <= (uintptr_t)RACS_LIVE_TALLY_GONE, 0)) {
        racs_live_subscriptions_add_slow(delta);
        return;
    }
    // Relaxed load and store: this thread is the tally's only writer (the
    // claim's acquire ordered it after the previous owner's last store),
    // and a count only needs each store to be atomic.
    RACS_CONTROLLED_POINT(racs_point_load, &tally->balance);
    intptr_t balance = atomic_load_explicit(&tally->balance, memory_order_relaxed);
    RACS_CONTROLLED_POINT(racs_point_store, &tally->balance);
    atomic_store_explicit(&tally->balance, balance + delta, memory_order_relaxed);
}

static inline __attribute__((always_inline)) void racs_live_subscription_began(void) {
    racs_live_subscriptions_add(1);
}

static inline __attribute__((always_inline)) void racs_live_subscription_ended(void) {
    racs_live_subscriptions_add(-1);
}

/// The live subscriptions (one per subscriber per signal: each operator's
/// own subscription to its source counts): the sum of every tally and the
/// shared word.
intptr_t racs_live_subscription_count(void);

/// The blocks scheduled on RACSwift's queue and test schedulers that have
/// not run or been cancelled. On a cache line of its own.
extern intptr_t racs_scheduled_blocks;

/// Adds `delta` to `racs_scheduled_blocks`: +1 when a block is scheduled,
/// -1 when it runs or is cancelled. Relaxed, as the subscription count.
static inline __attribute__((always_inline)) void racs_scheduled_blocks_add(intptr_t delta) {
    RACS_CONTROLLED_POINT(racs_point_rmw, &racs_scheduled_blocks);
    atomic_fetch_add_explicit((_Atomic(intptr_t) *)&racs_scheduled_blocks, delta, memory_order_relaxed);
}

static inline __attribute__((always_inline)) intptr_t racs_scheduled_block_count(void) {
    RACS_CONTROLLED_POINT(racs_point_load, &racs_scheduled_blocks);
    return atomic_load_explicit((_Atomic(intptr_t) *)&racs_scheduled_blocks, memory_order_relaxed);
}

/// The chunks of `deliverOn`'s queues (`RACDeliveryChunk`) allocated and
/// not yet freed. On a cache line of its own.
extern intptr_t racs_delivery_chunks;

/// Adds `delta` to `racs_delivery_chunks`: +1 when a chunk is made, -1 when
/// it is freed. Relaxed: a count read once the threads involved have
/// synchronized with the reader; no chunk is made on the steady send path.
static inline __attribute__((always_inline)) void racs_delivery_chunks_add(intptr_t delta) {
    RACS_CONTROLLED_POINT(racs_point_rmw, &racs_delivery_chunks);
    atomic_fetch_add_explicit((_Atomic(intptr_t) *)&racs_delivery_chunks, delta, memory_order_relaxed);
}

static inline __attribute__((always_inline)) intptr_t racs_delivery_chunk_count(void) {
    RACS_CONTROLLED_POINT(racs_point_load, &racs_delivery_chunks);
    return atomic_load_explicit((_Atomic(intptr_t) *)&racs_delivery_chunks, memory_order_relaxed);
}

/// Whether a subscription made now records its site. Relaxed: a
/// subscription racing the switch may or may not record, either is right.
static inline __attribute__((always_inline)) bool racs_sites_recording(void) {
    RACS_CONTROLLED_POINT(racs_point_load, &racs_site_recording);
    return atomic_load_explicit((_Atomic(intptr_t) *)&racs_site_recording, memory_order_relaxed) != 0;
}

/// Adds `delta` to `racs_site_recording`.
static inline __attribute__((always_inline)) void racs_site_recording_add(intptr_t delta) {
    RACS_CONTROLLED_POINT(racs_point_rmw, &racs_site_recording);
    atomic_fetch_add_explicit((_Atomic(intptr_t) *)&racs_site_recording, delta, memory_order_relaxed);
}

/// The public `subscribe…` call running on this thread in site mode (an
/// unretained pointer to its Swift context object), or NULL.
void *_Nullable racs_site_context(void);

/// Sets what `racs_site_context` returns on this thread.
void racs_set_site_context(void *_Nullable context);

#if defined(RACS_CONTROLLED)
// For the controlled scheduler only (Verification/controlled).

/// Gives the calling thread's tally back now (what the tally's pthread key
/// destructor does at the thread's exit), as a scheduling point, and unsets
/// the key so that the destructor does not do it again. After it, the
/// thread's counts go to the shared word, as after its exit.
void racs_live_controlled_thread_exit(void);

/// The calling thread's tally, or NULL (none yet, or given back).
racs_live_tally *_Nullable racs_live_controlled_tally(void);

/// How many tallies the list holds, and how many of them are claimed, read
/// without scheduling points.
intptr_t racs_live_controlled_tallies(intptr_t *_Nullable claimed);
#endif

#endif

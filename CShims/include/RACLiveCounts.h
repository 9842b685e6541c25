// What is alive in RACSwift, counted at all times (see
// Sources/RACSwift/Testing/RACLiveSubscriptions.swift): the live
// subscriptions, and whether new subscriptions record where they were made.
//
// The count is touched twice per subscription, when it begins and when it
// ends, with one relaxed fetch-add each. Relaxed is enough: it is a tally,
// not a flag that publishes anything; each add is atomic, so once the threads
// that subscribed and disposed are joined (or have otherwise synchronized
// with the reader) the reader sees the exact balance.

#ifndef RACSWIFT_LIVE_COUNTS_H
#define RACSWIFT_LIVE_COUNTS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// The live subscriptions (one per subscriber per signal: each operator's
/// own subscription to its source counts). On a cache line of its own.
extern intptr_t racs_live_subscriptions;

/// Nonzero while new subscriptions record their site: bit 0 is the switch
/// (`RACSWIFT_SUBSCRIPTION_SITES=1` in the environment at load, or
/// `RACLiveSubscriptions.recordsSites`), and each running leak check adds 2.
extern intptr_t racs_site_recording;

/// 1 if the environment had `RACSWIFT_SUBSCRIPTION_SITES=1` at load, else 0.
intptr_t racs_site_environment(void);

static inline __attribute__((always_inline)) void racs_live_subscription_began(void) {
    atomic_fetch_add_explicit((_Atomic(intptr_t) *)&racs_live_subscriptions, 1, memory_order_relaxed);
}

static inline __attribute__((always_inline)) void racs_live_subscription_ended(void) {
    atomic_fetch_sub_explicit((_Atomic(intptr_t) *)&racs_live_subscriptions, 1, memory_order_relaxed);
}

static inline __attribute__((always_inline)) intptr_t racs_live_subscription_count(void) {
    return atomic_load_explicit((_Atomic(intptr_t) *)&racs_live_subscriptions, memory_order_relaxed);
}

/// The blocks scheduled on RACSwift's queue and test schedulers that have
/// not run or been cancelled. On a cache line of its own.
extern intptr_t racs_scheduled_blocks;

/// Adds `delta` to `racs_scheduled_blocks`: +1 when a block is scheduled,
/// -1 when it runs or is cancelled. Relaxed, as the subscription count.
static inline __attribute__((always_inline)) void racs_scheduled_blocks_add(intptr_t delta) {
    atomic_fetch_add_explicit((_Atomic(intptr_t) *)&racs_scheduled_blocks, delta, memory_order_relaxed);
}

static inline __attribute__((always_inline)) intptr_t racs_scheduled_block_count(void) {
    return atomic_load_explicit((_Atomic(intptr_t) *)&racs_scheduled_blocks, memory_order_relaxed);
}

/// Whether a subscription made now records its site. Relaxed: a
/// subscription racing the switch may or may not record, either is right.
static inline __attribute__((always_inline)) bool racs_sites_recording(void) {
    return atomic_load_explicit((_Atomic(intptr_t) *)&racs_site_recording, memory_order_relaxed) != 0;
}

/// Adds `delta` to `racs_site_recording`.
static inline __attribute__((always_inline)) void racs_site_recording_add(intptr_t delta) {
    atomic_fetch_add_explicit((_Atomic(intptr_t) *)&racs_site_recording, delta, memory_order_relaxed);
}

/// The public `subscribe…` call running on this thread in site mode (an
/// unretained pointer to its Swift context object), or NULL.
void *_Nullable racs_site_context(void);

/// Sets what `racs_site_context` returns on this thread.
void racs_set_site_context(void *_Nullable context);

#endif

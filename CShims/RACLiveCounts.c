#include "RACLiveCounts.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each on a cache line of its own: the shared count is written by threads
// past their tally, the switch read by every subscription.
_Alignas(64) intptr_t racs_live_subscriptions;

_Thread_local racs_live_tally *racs_live_thread_tally;

// Every tally ever made, newest first. Only grows: a tally is pushed once
// and never freed, so a count may walk the list while threads claim and
// give back tallies.
static _Atomic(racs_live_tally *) tallies;

static pthread_key_t tally_key;
static pthread_once_t tally_key_once = PTHREAD_ONCE_INIT;

/// Gives the exiting thread's tally back, for the next thread to claim.
static void give_back(void *value) {
    racs_live_tally *tally = value;
    racs_live_thread_tally = RACS_LIVE_TALLY_GONE;
    // Release: the next claimant's acquire sees this thread's last store
    // of the balance, and continues from it.
    RACS_CONTROLLED_POINT(racs_point_store, &tally->claimed);
    atomic_store_explicit(&tally->claimed, 0, memory_order_release);
}

static void make_tally_key(void) {
    if (pthread_key_create(&tally_key, give_back) != 0) {
        fputs("RACSwift: pthread_key_create failed for the live-subscription count\n", stderr);
        abort();
    }
}

/// A tally for the calling thread: one given back by an exited thread, or
/// a new one pushed onto the list.
static racs_live_tally *claim(void) {
    // Acquire: the list's tallies are initialized before they are pushed.
    RACS_CONTROLLED_POINT(racs_point_load, &tallies);
    for (racs_live_tally *tally = atomic_load_explicit(&tallies, memory_order_acquire); tally != NULL;
         tally = tally->next) {
        intptr_t free = 0;
        // Relaxed: a look that skips claimed tallies; the compare-and-swap
        // below acquires, pairing with `give_back`'s release (see there).
        RACS_CONTROLLED_POINT(racs_point_load, &tally->claimed);
        if (atomic_load_explicit(&tally->claimed, memory_order_relaxed) != 0) continue;
        RACS_CONTROLLED_POINT(racs_point_rmw, &tally->claimed);
        if (atomic_compare_exchange_strong_explicit(&tally->claimed, &free, 1, memory_order_acquire,
                                                    memory_order_relaxed)) {
            return tally;
        }
    }
    racs_live_tally *tally = NULL;
    if (posix_memalign((void **)&tally, 64, sizeof(racs_live_tally)) != 0 || tally == NULL) {
        fputs("RACSwift: out of memory for a live-subscription tally\n", stderr);
        abort();
    }
    atomic_init(&tally->balance, 0);
    atomic_init(&tally->claimed, 1);
    RACS_CONTROLLED_POINT(racs_point_load, &tallies);
    tally->next = atomic_load_explicit(&tallies, memory_order_relaxed);
    // Release: a count that reaches the tally through the list sees it
    // initialized. Relaxed on failure: `next` is re-read and the push retried.
    do {
        RACS_CONTROLLED_POINT(racs_point_rmw, &tallies);
    } while (!atomic_compare_exchange_weak_explicit(&tallies, &tally->next, tally, memory_order_release,
                                                    memory_order_relaxed));
    return tally;
}

void racs_live_subscriptions_add_slow(intptr_t delta) {
    if (racs_live_thread_tally == RACS_LIVE_TALLY_GONE) {
        // The thread is exiting and gave its tally back already (a
        // thread-local's destructor that disposes): the shared word, so
        // that no tally is claimed again that no destructor would give back.
        RACS_CONTROLLED_POINT(racs_point_rmw, &racs_live_subscriptions);
        atomic_fetch_add_explicit((_Atomic(intptr_t) *)&racs_live_subscriptions, delta, memory_order_relaxed);
        return;
    }
    pthread_once(&tally_key_once, make_tally_key);
    racs_live_tally *tally = claim();
    // The destructor runs only for a non-NULL value: set before the tally
    // is used, so that every claimed tally is given back with its thread.
    pthread_setspecific(tally_key, tally);
    racs_live_thread_tally = tally;
    racs_live_subscriptions_add(delta);
}

intptr_t racs_live_subscription_count(void) {
    // Relaxed loads: see RACLiveCounts.h for when the sum is exact. The
    // list head's acquire makes every tally reached initialized.
    RACS_CONTROLLED_POINT(racs_point_load, &racs_live_subscriptions);
    intptr_t count = atomic_load_explicit((_Atomic(intptr_t) *)&racs_live_subscriptions, memory_order_relaxed);
    RACS_CONTROLLED_POINT(racs_point_load, &tallies);
    for (racs_live_tally *tally = atomic_load_explicit(&tallies, memory_order_acquire); tally != NULL;
         tally = tally->next) {
        RACS_CONTROLLED_POINT(racs_point_load, &tally->balance);
        count += atomic_load_explicit(&tally->balance, memory_order_relaxed);
    }
    return count;
}

#if defined(RACS_CONTROLLED)

void racs_live_controlled_thread_exit(void) {
    racs_live_tally *tally = racs_live_thread_tally;
    if ((uintptr_t)tally <= (uintptr_t)RACS_LIVE_TALLY_GONE) return;
    pthread_setspecific(tally_key, NULL);
    give_back(tally);
}

racs_live_tally *racs_live_controlled_tally(void) {
    racs_live_tally *tally = racs_live_thread_tally;
    return (uintptr_t)tally <= (uintptr_t)RACS_LIVE_TALLY_GONE ? NULL : tally;
}

intptr_t racs_live_controlled_tallies(intptr_t *claimed) {
    intptr_t count = 0, held = 0;
    for (racs_live_tally *tally = atomic_load_explicit(&tallies, memory_order_acquire); tally != NULL;
         tally = tally->next) {
        count += 1;
        if (atomic_load_explicit(&tally->claimed, memory_order_relaxed) != 0) held += 1;
    }
    if (claimed != NULL) *claimed = held;
    return count;
}

#endif
_Alignas(64) intptr_t racs_site_recording;
// Written by every scheduling thread and every queue that runs a block.
_Alignas(64) intptr_t racs_scheduled_blocks;
// Written when a deliverOn queue makes or frees a chunk.
_Alignas(64) intptr_t racs_delivery_chunks;
// Written once, at load, before any thread can read it.
static intptr_t site_environment;

intptr_t racs_site_environment(void) {
    return site_environment;
}

// Only ever read and written by its own thread.
static _Thread_local void *site_context;

void *racs_site_context(void) {
    return site_context;
}

void racs_set_site_context(void *context) {
    site_context = context;
}

// Runs when the library is loaded, before any subscription: the environment
// switch costs the subscriptions nothing but the load of the flag.
__attribute__((constructor)) static void read_site_switch(void) {
    const char *value = getenv("RACSWIFT_SUBSCRIPTION_SITES");
    if (value != NULL && strcmp(value, "1") == 0) {
        site_environment = 1;
        racs_site_recording_add(1);
    }
}

// Waiting on a word, for the serializer's overload path (see
// Sources/RACSwift/Atomics/Serializer.swift), and the thread-local list of
// serializers the calling thread is inside.
//
// A sender only ever waits when a serializer's backlog is full or its owner
// has used up its share of work; the uncontended and lightly contended paths
// never get here. On Linux the wait is a futex on the word's low 32 bits
// (the serializer's node states are small numbers); elsewhere it sleeps in
// short naps and reads the word again.

#ifndef RACSWIFT_WAIT_H
#define RACSWIFT_WAIT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "RACControlled.h"

/// Blocks while `*word == expected`, for at most `timeout_ns` nanoseconds;
/// may return early (spuriously): callers read the word again.
void racs_word_wait(intptr_t *_Nonnull word, intptr_t expected, int64_t timeout_ns);

/// Wakes every thread blocked in `racs_word_wait` on `word`.
void racs_word_wake(intptr_t *_Nonnull word);

/// Tells the processor that this is a spin-wait loop (x86 `pause`, Arm
/// `yield`): the sibling hyperthread gets the core, and leaving the loop
/// costs no mis-speculation.
static inline __attribute__((always_inline)) void racs_cpu_relax(void) {
    RACS_CONTROLLED_POINT(racs_point_relax, NULL);
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

/// Gives the rest of this thread's time slice to another thread.
void racs_yield(void);

/// How many processors this process may run on (its affinity mask), read
/// again every 256 calls on each thread: a spin that waits for another thread is worth
/// it only when that thread can run meanwhile, which one processor rules
/// out. Cheap (a relaxed load and a thread-local count); a stale answer costs one burst's
/// spin, not correctness. (In the controlled build, 2: the scheduler
/// decides who runs, and every spin is a scheduling point.)
int racs_available_cpus(void);

/// Monotonic time in nanoseconds.
int64_t racs_monotonic_ns(void);

/// Writes `message` and a newline to standard error, the first time it is
/// called with `key` (0 to 7) in this process.
void racs_warn_once(int key, const char *_Nonnull message);

/// How many times `racs_warn_once` has been called with `key` in this
/// process (printed or not): what a test checks to tell that a wait did,
/// or did not, give up, without timing it.
long racs_warning_count(int key);

/// A thread-local list of the objects the calling thread is inside right
/// now, outermost first: how many, and which (the first
/// `RACS_OWNED_TRACKED` of them), by the address of their first word.
/// Entering and leaving nest (one entered inside another is left before
/// it), so leaving drops the innermost. One thread-local object per list,
/// so that each call finds both fields with one thread-local address.
#define RACS_OWNED_TRACKED 16

typedef struct {
    intptr_t depth;
    void *_Nullable items[RACS_OWNED_TRACKED];
} racs_thread_list_t;

static inline __attribute__((always_inline)) void racs_list_push(racs_thread_list_t *_Nonnull list, void *_Nonnull item) {
    intptr_t depth = list->depth;
    if (depth < RACS_OWNED_TRACKED) list->items[depth] = item;
    list->depth = depth + 1;
}

/// Whether `item` is in the list. Past `RACS_OWNED_TRACKED` deep it cannot
/// tell, and answers yes, so that a caller never waits for itself.
static inline __attribute__((always_inline)) bool racs_list_contains(racs_thread_list_t *_Nonnull list, const void *_Nonnull item) {
    intptr_t depth = list->depth;
    if (depth > RACS_OWNED_TRACKED) return true;
    for (intptr_t index = 0; index < depth; index++) {
        if (list->items[index] == item) return true;
    }
    return false;
}

/// Sets `bit` in the first word of every item, sequentially consistent:
/// how a thread about to wait says that the items' owner waits. Returns
/// false, and sets nothing, past `RACS_OWNED_TRACKED` deep.
static inline __attribute__((always_inline)) bool racs_list_mark(racs_thread_list_t *_Nonnull list, intptr_t bit) {
    intptr_t depth = list->depth;
    if (depth > RACS_OWNED_TRACKED) return false;
    for (intptr_t index = 0; index < depth; index++) {
        RACS_CONTROLLED_POINT(racs_point_rmw, list->items[index]);
        atomic_fetch_or_explicit((_Atomic(intptr_t) *)list->items[index], bit, memory_order_seq_cst);
    }
    return true;
}

/// Clears what `racs_list_mark` set (call it only after that returned
/// true, at the same depth). Relaxed: the bit only steers others' choice
/// to wait.
static inline __attribute__((always_inline)) void racs_list_unmark(racs_thread_list_t *_Nonnull list, intptr_t bit) {
    intptr_t depth = list->depth;
    for (intptr_t index = 0; index < depth; index++) {
        RACS_CONTROLLED_POINT(racs_point_rmw, list->items[index]);
        atomic_fetch_and_explicit((_Atomic(intptr_t) *)list->items[index], ~bit, memory_order_relaxed);
    }
}

/// The serializers the calling thread is inside (as their owner).
///
/// A thread inside one never waits at a bound for long for another (the
/// other's owner could be waiting for it), and never at all for one it is
/// inside. (Waits until an operation is applied, a compound disposal's,
/// are the exception: see `RACSerializer.perform`.)
extern _Thread_local racs_thread_list_t racs_owned_serializers;

static inline __attribute__((always_inline)) void racs_serializer_entered(void *_Nonnull serializer) {
    racs_list_push(&racs_owned_serializers, serializer);
}

static inline __attribute__((always_inline)) void racs_serializer_left(void) {
    racs_owned_serializers.depth -= 1;
}

static inline __attribute__((always_inline)) bool racs_owns_a_serializer(void) {
    return racs_owned_serializers.depth != 0;
}

/// Marks every serializer the calling thread is inside (see
/// `RACSerializer.waitBriefly`).
static inline __attribute__((always_inline)) bool racs_mark_owned_serializers(intptr_t bit) {
    return racs_list_mark(&racs_owned_serializers, bit);
}

static inline __attribute__((always_inline)) void racs_unmark_owned_serializers(intptr_t bit) {
    racs_list_unmark(&racs_owned_serializers, bit);
}

/// Whether the calling thread is inside `serializer`. Past
/// `RACS_OWNED_TRACKED` serializers deep it cannot tell, and answers yes,
/// so that a caller never waits for itself.
static inline __attribute__((always_inline)) bool racs_owns_serializer(const void *_Nonnull serializer) {
    return racs_list_contains(&racs_owned_serializers, serializer);
}

/// The once flags (`RACOnceFlag`: a compound disposable's disposal) whose
/// block the calling thread is running: a thread about to wait for
/// another's marks them, so that two disposals waiting for each other see
/// it (see `RACOnceFlag.awaitDone`).
extern _Thread_local racs_thread_list_t racs_running_once_flags;

static inline __attribute__((always_inline)) void racs_once_flag_entered(void *_Nonnull word) {
    racs_list_push(&racs_running_once_flags, word);
}

static inline __attribute__((always_inline)) void racs_once_flag_left(void) {
    racs_running_once_flags.depth -= 1;
}

/// A word that names the calling thread among the live ones: the address
/// of its list of running once flags, found with one thread-local address
/// (cheaper than `pthread_self`, a call). Aligned to a word, so its low
/// three bits are 0.
static inline __attribute__((always_inline)) intptr_t racs_thread_token(void) {
    return (intptr_t)&racs_running_once_flags;
}

static inline __attribute__((always_inline)) bool racs_runs_a_once_flag(void) {
    return racs_running_once_flags.depth != 0;
}

static inline __attribute__((always_inline)) bool racs_mark_running_once_flags(intptr_t bit) {
    return racs_list_mark(&racs_running_once_flags, bit);
}

static inline __attribute__((always_inline)) void racs_unmark_running_once_flags(intptr_t bit) {
    racs_list_unmark(&racs_running_once_flags, bit);
}

/// The delivery queues (`RACDeliveryQueue`: what `deliverOn` keeps) whose
/// drain the calling thread is running, by the address of their mark word.
/// A sender that waits for such a queue to make room waits for this
/// thread: the thread marks them before a long wait of its own, and a
/// sender inside one never waits for it (see `RACDeliveryQueue`).
extern _Thread_local racs_thread_list_t racs_draining_queues;

static inline __attribute__((always_inline)) void racs_drain_entered(void *_Nonnull queue) {
    racs_list_push(&racs_draining_queues, queue);
}

static inline __attribute__((always_inline)) void racs_drain_left(void) {
    racs_draining_queues.depth -= 1;
}

static inline __attribute__((always_inline)) bool racs_drains_a_queue(void) {
    return racs_draining_queues.depth != 0;
}

/// Whether the calling thread is running `queue`'s drain (yes past
/// `RACS_OWNED_TRACKED` deep, where it cannot tell: a caller then never
/// waits for itself).
static inline __attribute__((always_inline)) bool racs_drains_queue(const void *_Nonnull queue) {
    return racs_list_contains(&racs_draining_queues, queue);
}

static inline __attribute__((always_inline)) bool racs_mark_draining_queues(intptr_t bit) {
    return racs_list_mark(&racs_draining_queues, bit);
}

static inline __attribute__((always_inline)) void racs_unmark_draining_queues(intptr_t bit) {
    racs_list_unmark(&racs_draining_queues, bit);
}

#endif

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

/// Blocks while `*word == expected`, for at most `timeout_ns` nanoseconds;
/// may return early (spuriously): callers read the word again.
void racs_word_wait(intptr_t *_Nonnull word, intptr_t expected, int64_t timeout_ns);

/// Wakes every thread blocked in `racs_word_wait` on `word`.
void racs_word_wake(intptr_t *_Nonnull word);

/// Tells the processor that this is a spin-wait loop (x86 `pause`, Arm
/// `yield`): the sibling hyperthread gets the core, and leaving the loop
/// costs no mis-speculation.
static inline __attribute__((always_inline)) void racs_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

/// Gives the rest of this thread's time slice to another thread.
void racs_yield(void);

/// Monotonic time in nanoseconds.
int64_t racs_monotonic_ns(void);

/// Writes `message` and a newline to standard error, the first time it is
/// called with `key` (0 to 7) in this process.
void racs_warn_once(int key, const char *_Nonnull message);

/// The serializers the calling thread is inside right now (as their owner):
/// how many, and which, by the address of their first word, outermost
/// first (the first `RACS_OWNED_TRACKED` of them). Entering and leaving
/// nest (a serializer entered inside another is left before it), so leaving
/// drops the innermost. One thread-local object, so that each call finds
/// both with one thread-local address.
///
/// A thread inside one never waits at a bound for long for another (the
/// other's owner could be waiting for it), and never at all for one it is
/// inside. (Waits until an operation is applied, a compound disposal's,
/// are the exception: see `RACSerializer.perform`.)
#define RACS_OWNED_TRACKED 16
typedef struct {
    intptr_t depth;
    void *_Nullable serializers[RACS_OWNED_TRACKED];
} racs_owned_serializers_t;
extern _Thread_local racs_owned_serializers_t racs_owned_serializers;

static inline __attribute__((always_inline)) void racs_serializer_entered(void *_Nonnull serializer) {
    racs_owned_serializers_t *owned = &racs_owned_serializers;
    intptr_t depth = owned->depth;
    if (depth < RACS_OWNED_TRACKED) owned->serializers[depth] = serializer;
    owned->depth = depth + 1;
}

static inline __attribute__((always_inline)) void racs_serializer_left(void) {
    racs_owned_serializers.depth -= 1;
}

static inline __attribute__((always_inline)) bool racs_owns_a_serializer(void) {
    return racs_owned_serializers.depth != 0;
}

/// Sets `bit` in the first word of every serializer the calling thread is
/// inside, sequentially consistent: how a thread about to wait briefly says
/// that their owner waits (see `RACSerializer.waitBriefly`). Returns false,
/// and sets nothing, past `RACS_OWNED_TRACKED` deep.
static inline __attribute__((always_inline)) bool racs_mark_owned_serializers(intptr_t bit) {
    racs_owned_serializers_t *owned = &racs_owned_serializers;
    intptr_t depth = owned->depth;
    if (depth > RACS_OWNED_TRACKED) return false;
    for (intptr_t index = 0; index < depth; index++) {
        atomic_fetch_or_explicit((_Atomic(intptr_t) *)owned->serializers[index], bit, memory_order_seq_cst);
    }
    return true;
}

/// Clears what `racs_mark_owned_serializers` set (call it only after that
/// returned true, at the same depth). Relaxed: the bit only steers others'
/// choice to wait.
static inline __attribute__((always_inline)) void racs_unmark_owned_serializers(intptr_t bit) {
    racs_owned_serializers_t *owned = &racs_owned_serializers;
    intptr_t depth = owned->depth;
    for (intptr_t index = 0; index < depth; index++) {
        atomic_fetch_and_explicit((_Atomic(intptr_t) *)owned->serializers[index], ~bit, memory_order_relaxed);
    }
}

/// Whether the calling thread is inside `serializer`. Past
/// `RACS_OWNED_TRACKED` serializers deep it cannot tell, and answers yes,
/// so that a caller never waits for itself.
static inline __attribute__((always_inline)) bool racs_owns_serializer(const void *_Nonnull serializer) {
    racs_owned_serializers_t *owned = &racs_owned_serializers;
    intptr_t depth = owned->depth;
    if (depth > RACS_OWNED_TRACKED) return true;
    for (intptr_t index = 0; index < depth; index++) {
        if (owned->serializers[index] == serializer) return true;
    }
    return false;
}

#endif

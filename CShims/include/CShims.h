// CShims: C11 <stdatomic.h> operations for RACSwift.
//
// These replace OSAtomicCompareAndSwap32Barrier, OSAtomicIncrement32Barrier and
// OSAtomicDecrement32Barrier. Every function is `static inline`, so a release
// build compiles each call to one instruction at the call site (`mov`,
// `xchg`, `lock xadd`, `lock cmpxchg`), also when the caller is an
// @inlinable Swift function specialized in another module. perf/README.md
// records how that was checked (objdump of the bench binary).
//
// Swift cannot import `_Atomic` types, so the functions take pointers to plain
// integers and view them as atomic objects; the Swift side (Sources/RACSwift/
// Atomics) owns that memory and never touches it except through these calls.
//
// Memory orders are parameters, never implied: each call site says which
// order it needs and why. A compare-exchange returns the value it observed
// rather than taking `expected` by pointer, which keeps Swift callers free of
// an inout temporary (and of the stack-protector check it brings).

#ifndef RACSWIFT_CSHIMS_H
#define RACSWIFT_CSHIMS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "RACControlled.h"

/// A memory order, with C11's meaning. Mirrors `memory_order` so that Swift
/// callers can name one without importing <stdatomic.h>'s enum.
typedef enum __attribute__((enum_extensibility(closed))) {
    racs_relaxed = __ATOMIC_RELAXED,
    racs_acquire = __ATOMIC_ACQUIRE,
    racs_release = __ATOMIC_RELEASE,
    racs_acq_rel = __ATOMIC_ACQ_REL,
    racs_seq_cst = __ATOMIC_SEQ_CST,
} racs_memory_order;

#define RACS_ATOMIC_OPS(NAME, T)                                                          \
    static inline __attribute__((always_inline))                                          \
    T racs_##NAME##_load(const T *p, racs_memory_order o) {                               \
        RACS_CONTROLLED_POINT(racs_point_load, p);                                        \
        return atomic_load_explicit((_Atomic(T) *)p, (memory_order)o);                    \
    }                                                                                     \
    static inline __attribute__((always_inline))                                          \
    void racs_##NAME##_store(T *p, T v, racs_memory_order o) {                            \
        RACS_CONTROLLED_POINT(racs_point_store, p);                                       \
        atomic_store_explicit((_Atomic(T) *)p, v, (memory_order)o);                       \
    }                                                                                     \
    static inline __attribute__((always_inline))                                          \
    T racs_##NAME##_exchange(T *p, T v, racs_memory_order o) {                            \
        RACS_CONTROLLED_POINT(racs_point_rmw, p);                                         \
        return atomic_exchange_explicit((_Atomic(T) *)p, v, (memory_order)o);             \
    }                                                                                     \
    /* Returns the value observed: equal to `expected` exactly when it stored. */         \
    static inline __attribute__((always_inline))                                          \
    T racs_##NAME##_cas_strong(T *p, T expected, T desired,                               \
                               racs_memory_order success, racs_memory_order failure) {    \
        RACS_CONTROLLED_POINT(racs_point_rmw, p);                                         \
        atomic_compare_exchange_strong_explicit((_Atomic(T) *)p, &expected, desired,      \
                                                (memory_order)success,                    \
                                                (memory_order)failure);                   \
        return expected;                                                                  \
    }                                                                                     \
    /* May fail spuriously: for use inside a retry loop. */                               \
    static inline __attribute__((always_inline))                                          \
    bool racs_##NAME##_cas_weak(T *p, T *expected, T desired,                             \
                                racs_memory_order success, racs_memory_order failure) {   \
        RACS_CONTROLLED_POINT(racs_point_rmw, p);                                         \
        return atomic_compare_exchange_weak_explicit((_Atomic(T) *)p, expected, desired,  \
                                                     (memory_order)success,               \
                                                     (memory_order)failure);              \
    }

#define RACS_ATOMIC_ARITHMETIC(NAME, T)                                                   \
    /* Returns the value before the addition. */                                          \
    static inline __attribute__((always_inline))                                          \
    T racs_##NAME##_fetch_add(T *p, T v, racs_memory_order o) {                           \
        RACS_CONTROLLED_POINT(racs_point_rmw, p);                                         \
        return atomic_fetch_add_explicit((_Atomic(T) *)p, v, (memory_order)o);            \
    }                                                                                     \
    /* Returns the value before the subtraction. */                                       \
    static inline __attribute__((always_inline))                                          \
    T racs_##NAME##_fetch_sub(T *p, T v, racs_memory_order o) {                           \
        RACS_CONTROLLED_POINT(racs_point_rmw, p);                                         \
        return atomic_fetch_sub_explicit((_Atomic(T) *)p, v, (memory_order)o);            \
    }                                                                                     \
    static inline __attribute__((always_inline))                                          \
    T racs_##NAME##_fetch_or(T *p, T v, racs_memory_order o) {                            \
        RACS_CONTROLLED_POINT(racs_point_rmw, p);                                         \
        return atomic_fetch_or_explicit((_Atomic(T) *)p, v, (memory_order)o);             \
    }                                                                                     \
    static inline __attribute__((always_inline))                                          \
    T racs_##NAME##_fetch_and(T *p, T v, racs_memory_order o) {                           \
        RACS_CONTROLLED_POINT(racs_point_rmw, p);                                         \
        return atomic_fetch_and_explicit((_Atomic(T) *)p, v, (memory_order)o);            \
    }

RACS_ATOMIC_OPS(int32, int32_t)
RACS_ATOMIC_ARITHMETIC(int32, int32_t)
RACS_ATOMIC_OPS(int64, int64_t)
RACS_ATOMIC_ARITHMETIC(int64, int64_t)
RACS_ATOMIC_OPS(intptr, intptr_t)
RACS_ATOMIC_ARITHMETIC(intptr, intptr_t)
RACS_ATOMIC_OPS(ptr, void *)

#undef RACS_ATOMIC_OPS
#undef RACS_ATOMIC_ARITHMETIC

/// A fence with C11's meaning (`atomic_thread_fence`).
static inline __attribute__((always_inline)) void racs_thread_fence(racs_memory_order o) {
    RACS_CONTROLLED_POINT(racs_point_fence, NULL);
    atomic_thread_fence((memory_order)o);
}

// The schedulers' thread-local state, which needs a source file of its own.
#include "RACThreadState.h"
#include "RACWait.h"
#include "RACHandOverDepth.h"
#include "RACBlockingProbe.h"
#include "RACUnowned.h"
#include "RACStop.h"
#include "RACLiveCounts.h"
#include "RACNodeCache.h"

#endif

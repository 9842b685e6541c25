// The controlled build's switch (Verification/controlled): with
// RACS_CONTROLLED defined (`-Xcc -DRACS_CONTROLLED -Xswiftc -DRACS_CONTROLLED`,
// in its own scratch path), every atomic operation of this shim, and every
// spin, yield, sleep and clock read of a wait, first calls a hook that a
// deterministic scheduler installs: the same shape as crossbeam's
// `cfg(crossbeam_loom)`, which swaps its atomics for loom's in one place.
// Without it, `RACS_CONTROLLED_POINT` expands to nothing and the library
// compiles to exactly the code it always did.

#ifndef RACSWIFT_CONTROLLED_H
#define RACSWIFT_CONTROLLED_H

#if defined(RACS_CONTROLLED)

#include <stdbool.h>
#include <stdint.h>

/// What a scheduling point stands for.
typedef enum __attribute__((enum_extensibility(closed))) {
    racs_point_load = 0,
    racs_point_store = 1,
    racs_point_rmw = 2,
    racs_point_fence = 3,
    /// A spin-wait pause (`racs_cpu_relax`): let the others run a step.
    racs_point_relax = 4,
    /// `racs_yield`: likewise.
    racs_point_yield = 5,
    /// `racs_word_wake` on the word given.
    racs_point_wake = 6,
} racs_point_kind;

/// The hooks a controlled scheduler installs; NULL ones are skipped (the
/// operation then runs as in the normal build).
typedef struct {
    /// Called before every atomic operation, spin and yield of a thread
    /// the scheduler runs.
    void (*_Nullable point)(racs_point_kind kind, const void *_Nullable address);
    /// Replaces the futex wait of `racs_word_wait`.
    void (*_Nullable wait)(intptr_t *_Nonnull word, intptr_t expected, int64_t timeout_ns);
    /// Replaces the futex wake of `racs_word_wake`.
    void (*_Nullable wake)(intptr_t *_Nonnull word);
    /// Replaces the monotonic clock: the scheduler's virtual time.
    int64_t (*_Nullable now)(void);
    /// Called instead of `racs_warn_once` printing (every time, not once).
    void (*_Nullable warn)(int key, const char *_Nonnull message);
} racs_controlled_hooks_t;

/// Marks the calling thread as one the scheduler runs (or no longer):
/// the hooks fire only on such threads.
void racs_controlled_set_managed(bool managed);

/// The installed hooks (the scheduler sets them before its threads start).
extern racs_controlled_hooks_t racs_controlled_hooks;

/// The serializer's term and backlog in the controlled build, small so that
/// a few operations reach them (see SerializerLimits.swift), and the spin
/// of `racSpin(until:)`: pauses, then yields. Any spin length shows the
/// same outcomes (a spin ends early or runs out whatever its length,
/// depending on how far the others get), and short ones keep a schedule to
/// a few hundred points. 64, 64, 2 and 3 unless a scenario sets them;
/// functions rather than variables, which Swift 6 would not let the
/// library read. `known_bugs`: which of the fixed bugs that the test-only
/// `RACS_KNOWN_BUGS` build compiles back in are on (bits of
/// `RACKnownBug`, Sources/RACSwift/RACKnownBug.swift); 0, and read only by
/// that build, unless the harness's `--bug` sets it.
typedef struct {
    intptr_t term_length;
    intptr_t backlog_limit;
    intptr_t spin_pauses;
    intptr_t spin_yields;
    intptr_t known_bugs;
} racs_controlled_settings_t;

extern racs_controlled_settings_t racs_controlled_settings;

static inline __attribute__((always_inline)) intptr_t racs_controlled_term_length(void) {
    return racs_controlled_settings.term_length;
}

static inline __attribute__((always_inline)) intptr_t racs_controlled_backlog_limit(void) {
    return racs_controlled_settings.backlog_limit;
}

static inline __attribute__((always_inline)) intptr_t racs_controlled_spin_pauses(void) {
    return racs_controlled_settings.spin_pauses;
}

static inline __attribute__((always_inline)) intptr_t racs_controlled_spin_yields(void) {
    return racs_controlled_settings.spin_yields;
}

static inline __attribute__((always_inline)) bool racs_controlled_known_bug(intptr_t bit) {
    return (racs_controlled_settings.known_bugs & bit) != 0;
}

extern _Thread_local bool racs_controlled_managed;

static inline __attribute__((always_inline)) void racs_controlled_point(racs_point_kind kind, const void *_Nullable address) {
    if (racs_controlled_managed && racs_controlled_hooks.point) racs_controlled_hooks.point(kind, address);
}

#define RACS_CONTROLLED_POINT(kind, address) racs_controlled_point(kind, address)

#else

#define RACS_CONTROLLED_POINT(kind, address) ((void)0)

#endif

#endif

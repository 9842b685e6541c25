// The calling thread's hand-over depth: how many hand-overs, each made from
// inside the application of the one before, led to the operation this
// thread is applying (0 when it applies none that was handed over). What a
// serializer stamps on an operation it is handed, one deeper, and what
// stops a cycle of sends that would never end (see
// Sources/RACSwift/Atomics/HandOverDepth.swift, which has the argument).

#ifndef RACSWIFT_HAND_OVER_DEPTH_H
#define RACSWIFT_HAND_OVER_DEPTH_H

#include <stdint.h>

/// Plain: only its own thread reads and writes it.
extern _Thread_local intptr_t racs_handover_depth;

static inline __attribute__((always_inline)) intptr_t racs_handover_depth_get(void) {
    return racs_handover_depth;
}

static inline __attribute__((always_inline)) void racs_handover_depth_set(intptr_t depth) {
    racs_handover_depth = depth;
}

#endif

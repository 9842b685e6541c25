// What a blocking read (`first()`, `toArray()`, `waitUntilCompleted()`)
// learns about its own subscription, while it subscribes, on its thread.
//
// Subscribing is synchronous up to the sources: subjects, `createSignal`
// blocks, schedulers. Each tells the probe, if one is open on this thread,
// what kind of source it is. A read whose subscription reached only
// subjects that this very thread is delivering (their serializer's owner,
// blocked in the read) can never get its event: the read stops with a
// message instead of hanging.

#ifndef RACSWIFT_BLOCKING_PROBE_H
#define RACSWIFT_BLOCKING_PROBE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    /// Nonzero while a blocking read on this thread is subscribing.
    intptr_t open;
    /// Subscriptions that joined a subject this thread is delivering.
    intptr_t joinedOwnedSubjects;
    /// Sources that could deliver from elsewhere: any other subject, a
    /// `createSignal` block, a signal class written outside RACSwift, a
    /// scheduled block.
    intptr_t otherSources;
} racs_blocking_probe;

extern _Thread_local racs_blocking_probe racs_probe;

/// Opens a probe on this thread and returns the one it replaces (a read
/// nested in another's subscription), to give back to `racs_probe_close`.
racs_blocking_probe racs_probe_open(void);

/// Closes the probe, restores `outer`, and returns whether the read can
/// only be answered by this thread (it joined a subject this thread is
/// delivering, and nothing else).
bool racs_probe_close(racs_blocking_probe outer);

static inline __attribute__((always_inline)) void racs_probe_note_owned_subject(void) {
    if (racs_probe.open) racs_probe.joinedOwnedSubjects += 1;
}

static inline __attribute__((always_inline)) void racs_probe_note_other_source(void) {
    if (racs_probe.open) racs_probe.otherSources += 1;
}

#endif

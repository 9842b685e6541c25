// What a blocking read (`first()`, `toArray()`, `waitUntilCompleted()`)
// learns about its own subscription, while it subscribes, on its thread.
//
// Subscribing is synchronous up to the sources: subjects, `createSignal`
// blocks, schedulers. Each tells the probe, if one is open on this thread,
// what kind of source it is. A read whose subscription reached only
// subjects that this very thread is delivering (their serializer's owner,
// blocked in the read), or, on the main thread, only work scheduled on the
// main thread scheduler (which runs when the main thread is free), can
// never get its event: the read stops with a message instead of hanging.
// A `createSignal` source that ended during the subscription can send
// nothing more, so it no longer counts.
//
// Subjects are noted on the Swift side (RACBlockingProbe.swift), which keeps
// them in the probe and counts them only as it closes: whether another
// thread can send into a subject that no thread is delivering depends on
// what feeds it (a multicast connection's subject is fed by its source,
// whose subscription may reach nothing but subjects this thread is
// delivering), and for `autoconnect()` that is known only once the
// subscription has connected, after it subscribed to the subject.

#ifndef RACSWIFT_BLOCKING_PROBE_H
#define RACSWIFT_BLOCKING_PROBE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    /// Nonzero while a blocking read on this thread is subscribing.
    intptr_t open;
    /// Subscriptions that joined a subject this thread is delivering, or a
    /// subject fed by nothing but such subjects.
    intptr_t joinedOwnedSubjects;
    /// Sources that could deliver from elsewhere: any other subject, a
    /// `createSignal` block that has not ended, a signal class written
    /// outside RACSwift, a block scheduled anywhere but on the main thread
    /// scheduler from the main thread.
    intptr_t otherSources;
    /// Blocks scheduled on the main thread scheduler from the main thread,
    /// and, read there, subjects fed by nothing but a block still queued
    /// there (a `RACCommand`'s execution).
    intptr_t mainThreadWork;
    /// The subjects the subscription reached, not yet counted: a retained
    /// Swift object of the probe's Swift side, or NULL.
    void *_Nullable subjects;
} racs_blocking_probe;

/// Why a read can never be answered, as `racs_probe_close` says.
typedef enum __attribute__((enum_extensibility(closed))) {
    /// It can be, as far as the probe can tell.
    racs_probe_answerable = 0,
    /// Only subjects this thread is delivering could answer it.
    racs_probe_owned_subjects = 1,
    /// Only work queued for the main thread, on which the read waits.
    racs_probe_main_thread = 2,
} racs_probe_verdict;

extern _Thread_local racs_blocking_probe racs_probe;

/// Opens a probe on this thread and returns the one it replaces (a read
/// nested in another's subscription), to give back to `racs_probe_close`.
racs_blocking_probe racs_probe_open(void);

/// Closes the probe, restores `outer`, and says whether the read can only
/// be answered by this thread: it joined subjects this thread is
/// delivering, or queued work for the main thread from the main thread,
/// and reached nothing else. The Swift side counts the probe's subjects
/// before it calls this.
racs_probe_verdict racs_probe_close(racs_blocking_probe outer);

static inline __attribute__((always_inline)) void racs_probe_note_owned_subject(void) {
    if (racs_probe.open) racs_probe.joinedOwnedSubjects += 1;
}

/// Whether a blocking read on this thread is subscribing: callers check it
/// before working out what to note, so that subscriptions pay one
/// thread-local load when no read is.
static inline __attribute__((always_inline)) bool racs_probe_is_open(void) {
    return racs_probe.open != 0;
}

static inline __attribute__((always_inline)) void racs_probe_note_other_source(void) {
    if (racs_probe.open) racs_probe.otherSources += 1;
}

/// A source noted with `racs_probe_note_other_source` ended during the
/// subscription: it can send nothing more.
static inline __attribute__((always_inline)) void racs_probe_note_source_ended(void) {
    if (racs_probe.open) racs_probe.otherSources -= 1;
}

static inline __attribute__((always_inline)) void racs_probe_note_main_thread_work(void) {
    if (racs_probe.open) racs_probe.mainThreadWork += 1;
}

/// Whether the open probe's subscription reached nothing but subjects so
/// far (they are not counted until the probe closes).
static inline __attribute__((always_inline)) bool racs_probe_reached_only_subjects(void) {
    return racs_probe.otherSources <= 0 && racs_probe.mainThreadWork == 0;
}

/// The open probe's subjects (see `subjects`), for its Swift side.
static inline __attribute__((always_inline)) void *_Nullable racs_probe_subjects(void) {
    return racs_probe.subjects;
}

static inline __attribute__((always_inline)) void racs_probe_set_subjects(void *_Nullable subjects) {
    racs_probe.subjects = subjects;
}

#endif

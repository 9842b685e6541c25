#define _GNU_SOURCE
#include "RACWait.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#endif

_Thread_local racs_thread_list_t racs_owned_serializers;
_Thread_local racs_thread_list_t racs_running_once_flags;
_Thread_local racs_thread_list_t racs_draining_queues;

// The futex is the word's low 32 bits: the first four bytes on a
// little-endian machine, the last four on a big-endian one.
#if defined(__linux__)
static uint32_t *low_half(intptr_t *word) {
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (uint32_t *)word + (sizeof(intptr_t) / sizeof(uint32_t) - 1);
#else
    return (uint32_t *)word;
#endif
}
#endif

void racs_word_wait(intptr_t *word, intptr_t expected, int64_t timeout_ns) {
#if defined(RACS_CONTROLLED)
    // A sleeping thread is one the scheduler does not run until a wake or
    // its virtual deadline.
    if (racs_controlled_managed && racs_controlled_hooks.wait) {
        racs_controlled_hooks.wait(word, expected, timeout_ns);
        return;
    }
#endif
#if defined(__linux__)
    struct timespec timeout = {
        .tv_sec = (time_t)(timeout_ns / 1000000000),
        .tv_nsec = (long)(timeout_ns % 1000000000),
    };
    // Returns at once if the word no longer holds `expected` (EAGAIN), on a
    // wake, a signal or the timeout: the caller loops in every case.
    syscall(SYS_futex, low_half(word), FUTEX_WAIT_PRIVATE, (uint32_t)expected, &timeout, NULL, 0);
#else
    (void)word;
    (void)expected;
    int64_t nap = timeout_ns < 50000 ? timeout_ns : 50000;
    struct timespec pause = {.tv_sec = 0, .tv_nsec = (long)nap};
    nanosleep(&pause, NULL);
#endif
}

void racs_word_wake(intptr_t *word) {
#if defined(RACS_CONTROLLED)
    if (racs_controlled_managed && racs_controlled_hooks.wake) {
        racs_controlled_hooks.wake(word);
        return;
    }
#endif
#if defined(__linux__)
    syscall(SYS_futex, low_half(word), FUTEX_WAKE_PRIVATE, INT32_MAX, NULL, NULL, 0);
#else
    (void)word;
#endif
}

void racs_yield(void) {
#if defined(RACS_CONTROLLED)
    if (racs_controlled_managed && racs_controlled_hooks.point) {
        racs_controlled_hooks.point(racs_point_yield, NULL);
        return;
    }
#endif
    sched_yield();
}

int racs_available_cpus(void) {
#if defined(RACS_CONTROLLED)
    return 2;
#else
    // Relaxed: a hint, refreshed now and then; any value read is one that
    // was true at some point. The calls are counted per thread: a shared
    // counter would be a read-modify-write on one line for every thread,
    // at every linger and spin, the contention the waits are there to
    // avoid.
    static _Atomic int cached;
    static _Thread_local unsigned calls;
    int cpus = atomic_load_explicit(&cached, memory_order_relaxed);
    if (cpus == 0 || (calls++ & 255) == 0) {
        cpu_set_t set;
        cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 2;
        if (cpus < 1) cpus = 1;
        atomic_store_explicit(&cached, cpus, memory_order_relaxed);
    }
    return cpus;
#endif
}

int64_t racs_monotonic_ns(void) {
#if defined(RACS_CONTROLLED)
    if (racs_controlled_managed && racs_controlled_hooks.now) return racs_controlled_hooks.now();
#endif
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static _Atomic int warned[8];
static _Atomic long warnings[8];

long racs_warning_count(int key) {
    return atomic_load_explicit(&warnings[key & 7], memory_order_relaxed);
}

void racs_warn_once(int key, const char *message) {
    // Counted before the controlled hook and the once check: every give-up
    // is one, printed or not.
    atomic_fetch_add_explicit(&warnings[key & 7], 1, memory_order_relaxed);
#if defined(RACS_CONTROLLED)
    // Counted by the scheduler (a give-up is key 0), every time.
    if (racs_controlled_managed && racs_controlled_hooks.warn) {
        racs_controlled_hooks.warn(key, message);
        return;
    }
#endif
    if (atomic_exchange_explicit(&warned[key & 7], 1, memory_order_relaxed)) return;
    size_t length = strlen(message);
    char line[1024];
    if (length > sizeof(line) - 2) length = sizeof(line) - 2;
    memcpy(line, message, length);
    line[length] = '\n';
    ssize_t written = write(STDERR_FILENO, line, length + 1);
    (void)written;
}

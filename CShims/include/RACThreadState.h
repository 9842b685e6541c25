// Per-thread state for RACSwift's schedulers, in C11 thread-local storage.
//
// Asked on every subscription (the subscription scheduler runs a block at
// once when there is a current scheduler or on the main thread), so both
// answers must cost a few instructions. A pthread key costs a call and a
// lookup, and Foundation's `Thread.isMainThread` on Linux asks the kernel
// twice (gettid and getpid): about 300 ns on the CI machine, more than a
// whole subscription should take.

#ifndef RACSWIFT_THREAD_STATE_H
#define RACSWIFT_THREAD_STATE_H

#include <stdbool.h>

/// The scheduler whose block is running on this thread, as an unretained
/// pointer, or NULL: `RACScheduler.currentScheduler` without the main-thread
/// default. The scheduler that sets it is running a block on this thread, so
/// it outlives the value until it restores the previous one.
void *_Nullable racs_current_scheduler(void);

/// Sets what `racs_current_scheduler` returns on this thread.
void racs_set_current_scheduler(void *_Nullable scheduler);

/// Whether this thread is the process's main thread (the one whose thread id
/// is the process id), as Foundation's `Thread.isMainThread` answers it. The
/// kernel is asked once per thread; the answer is kept in a thread-local.
bool racs_is_main_thread(void);

#endif

#include "RACThreadState.h"

#include <sys/syscall.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <pthread.h>
#endif

// Plain thread-locals: each is only ever read and written by its own thread.
static _Thread_local void *current_scheduler;

// 0 until this thread has asked; then 1 on the main thread, 2 elsewhere. A
// thread's identity never changes, so the first answer stays true. (One
// exception: fork() from a thread other than the main one, whose child
// inherits "elsewhere" for its new main thread. The main-thread scheduler
// does not survive a fork anyway: its queue belongs to the parent.)
static _Thread_local unsigned char main_thread_answer;

void *racs_current_scheduler(void) {
    return current_scheduler;
}

void racs_set_current_scheduler(void *scheduler) {
    current_scheduler = scheduler;
}

bool racs_is_main_thread(void) {
    if (main_thread_answer == 0) {
#if defined(__APPLE__)
        bool is_main = pthread_main_np() == 1;
#else
        bool is_main = syscall(SYS_gettid) == getpid();
#endif
        main_thread_answer = is_main ? 1 : 2;
    }
    return main_thread_answer == 1;
}

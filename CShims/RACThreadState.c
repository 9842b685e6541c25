#include "RACThreadState.h"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

// Plain thread-locals: each is only ever read and written by its own thread.
static _Thread_local void *current_scheduler;

// 0 until this thread has asked; then 1 on the main thread, 2 elsewhere. A
// thread's identity never changes, so the answer stays true, with one
// exception: the child of a fork() made on another thread runs that thread
// as its main thread, with a copy of its answer. The child forgets it.
static _Thread_local unsigned char main_thread_answer;

static void forget_main_thread_answer(void) {
    main_thread_answer = 0;
}

// Runs when the library is loaded, before any thread can have asked.
__attribute__((constructor)) static void register_fork_handler(void) {
    pthread_atfork(NULL, NULL, forget_main_thread_answer);
}

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

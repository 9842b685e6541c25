// The slow paths of the pending nodes' cache (see RACNodeCache.h, where the
// reclamation argument is).

#include "RACNodeCache.h"

#include <pthread.h>
#include <stdio.h>

_Thread_local racs_node_home *racs_node_thread_home;

static const intptr_t class_sizes[RACS_NODE_CLASSES] = {64, 128, 256};

static pthread_key_t home_key;
static pthread_once_t home_key_once = PTHREAD_ONCE_INIT;

static void thread_exit(void *home);

static void make_home_key(void) {
    if (pthread_key_create(&home_key, thread_exit) != 0) {
        fputs("RACSwift: pthread_key_create failed for the node cache\n", stderr);
        abort();
    }
}

static void *allocate(intptr_t size, intptr_t alignment) {
    void *memory = NULL;
    if (alignment <= 16) {
        memory = malloc((size_t)size);
    } else if (posix_memalign(&memory, (size_t)alignment, (size_t)size) != 0) {
        memory = NULL;
    }
    if (memory == NULL) {
        fputs("RACSwift: out of memory for a pending node\n", stderr);
        abort();
    }
    return memory;
}

/// Drops `count` references to `home`; frees it with the last.
static void release_home(racs_node_home *home, intptr_t count) {
    // Acq_rel: whoever frees the home must see every other thread's last
    // use of it (their pushes onto its stacks) happen before.
    if (atomic_fetch_sub_explicit(&home->references, count, memory_order_acq_rel) == count) {
        free(home);
    }
}

/// The calling thread's home, made on first use; NULL once its destructor
/// ran.
static racs_node_home *current_home(void) {
    racs_node_home *home = racs_node_thread_home;
    if (home == RACS_NODE_HOME_GONE) return NULL;
    if (home != NULL) return home;
    pthread_once(&home_key_once, make_home_key);
    home = allocate(sizeof(racs_node_home), 64);
    for (int cls = 0; cls < RACS_NODE_CLASSES; cls++) {
        atomic_init(&home->returned[cls], 0);
        home->free[cls] = 0;
        home->made[cls] = 0;
    }
    atomic_init(&home->references, 1);
    // The destructor runs only for a non-NULL value: set it before any
    // node is made, so that every home is torn down with its thread.
    pthread_setspecific(home_key, home);
    racs_node_thread_home = home;
    return home;
}

void *racs_node_take_slow(intptr_t cls, intptr_t size, intptr_t alignment) {
    racs_node_home *home = cls >= 0 ? current_home() : NULL;
    if (home == NULL) {
        intptr_t *node = allocate(size, alignment);
        node[3] = 0;
        return node;
    }
    // Acquire: pairs with the owners' releasing pushes (point 2). The
    // whole stack at once: no other thread ever takes from it.
    intptr_t list = atomic_exchange_explicit(&home->returned[cls], 0, memory_order_acquire);
    if (list != 0) {
        home->free[cls] = ((intptr_t *)list)[1];
        return (void *)list;
    }
    intptr_t *node;
    if (home->made[cls] < RACS_NODE_CACHE_LIMIT) {
        home->made[cls] += 1;
        // Relaxed: the thread's own reference keeps the count above 0.
        atomic_fetch_add_explicit(&home->references, 1, memory_order_relaxed);
        node = allocate(class_sizes[cls], 16);
        node[3] = (intptr_t)home | cls;
    } else {
        node = allocate(size, alignment);
        node[3] = 0;
    }
    return node;
}

/// Frees the `count` nodes from `first` on (0 ends the list; count < 0:
/// all of them); returns how many it freed.
static intptr_t free_list(intptr_t first, intptr_t count) {
    intptr_t freed = 0;
    while (first != 0 && freed != count) {
        intptr_t next = ((intptr_t *)first)[1];
        free((void *)first);
        first = next;
        freed += 1;
    }
    return freed;
}

void racs_node_release_shared(intptr_t node) {
    // Acq_rel: whoever frees the node must see the other's last accesses
    // to it (the owner's destruction of the element, the waiter's loads).
    if (atomic_fetch_add_explicit((_Atomic(intptr_t) *)node + 3, 1, memory_order_acq_rel) == -1) {
        free((void *)node);
    }
}

void racs_node_send_home(intptr_t origin, intptr_t first, intptr_t last, intptr_t count) {
    if (origin == 0) {
        free_list(first, count);
        return;
    }
    racs_node_home *home = (racs_node_home *)(origin & ~(intptr_t)63);
    _Atomic(intptr_t) *top = &home->returned[origin & 63];
    intptr_t seen = atomic_load_explicit(top, memory_order_relaxed);
    while (seen != RACS_NODE_HOME_EXITED) {
        // The run is this thread's alone until the exchange publishes it.
        ((intptr_t *)last)[1] = seen;
        // Release: the home's thread takes the stack with an acquiring
        // exchange and reuses the nodes (point 2).
        if (atomic_compare_exchange_weak_explicit(top, &seen, first, memory_order_release, memory_order_relaxed)) {
            return;
        }
    }
    // Its thread has exited (point 4): the nodes are freed here, and with
    // them the references they held to the home.
    release_home(home, free_list(first, count));
}

static void thread_exit(void *value) {
    racs_node_home *home = value;
    intptr_t freed = 0;
    for (int cls = 0; cls < RACS_NODE_CLASSES; cls++) {
        // Acquire: the nodes given back must be complete before they are
        // freed. From now on, owners free this thread's nodes themselves.
        intptr_t list = atomic_exchange_explicit(&home->returned[cls], RACS_NODE_HOME_EXITED, memory_order_acquire);
        freed += free_list(list, -1);
        freed += free_list(home->free[cls], -1);
        home->free[cls] = 0;
    }
    // Should Swift code send on this thread later in its teardown, its
    // nodes are plain allocations. (Where this thread's `_Thread_local`
    // storage is already gone, the store may make it anew: then such a
    // send makes a new home, which the destructor's next round tears down.)
    racs_node_thread_home = RACS_NODE_HOME_GONE;
    release_home(home, freed + 1);
}

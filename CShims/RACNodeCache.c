// The slow paths of the pending nodes' cache (see RACNodeCache.h, where the
// reclamation argument is). Every atomic operation is first a scheduling
// point of the controlled build (`RACS_CONTROLLED_POINT`, nothing in the
// normal build).

#include "RACNodeCache.h"

#include <pthread.h>
#include <stdio.h>

_Thread_local racs_node_home *racs_node_thread_home;

static const intptr_t class_sizes[RACS_NODE_CLASSES] = {64, 128, 256};

static pthread_key_t home_key;
static pthread_once_t home_key_once = PTHREAD_ONCE_INIT;

static void thread_exit(void *home);

#if defined(RACS_CONTROLLED)
// Ghost counts for the controlled scenarios (see RACNodeCache.h).
static _Atomic(intptr_t) controlled_live_homes;
static _Atomic(intptr_t) controlled_live_nodes;
#define CONTROLLED_COUNT(counter, delta) atomic_fetch_add_explicit(&(counter), (delta), memory_order_relaxed)
#else
#define CONTROLLED_COUNT(counter, delta) ((void)0)
#endif

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
    RACS_CONTROLLED_POINT(racs_point_rmw, &home->references);
    if (atomic_fetch_sub_explicit(&home->references, count, memory_order_acq_rel) == count) {
        CONTROLLED_COUNT(controlled_live_homes, -1);
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
    CONTROLLED_COUNT(controlled_live_homes, 1);
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
    RACS_CONTROLLED_POINT(racs_point_rmw, &home->returned[cls]);
    intptr_t list = atomic_exchange_explicit(&home->returned[cls], 0, memory_order_acquire);
    if (list != 0) {
        home->free[cls] = ((intptr_t *)list)[1];
        return (void *)list;
    }
    intptr_t *node;
    if (home->made[cls] < RACS_NODE_CACHE_LIMIT) {
        home->made[cls] += 1;
        // Relaxed: the thread's own reference keeps the count above 0.
        RACS_CONTROLLED_POINT(racs_point_rmw, &home->references);
        atomic_fetch_add_explicit(&home->references, 1, memory_order_relaxed);
        node = allocate(class_sizes[cls], 16);
        CONTROLLED_COUNT(controlled_live_nodes, 1);
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
    RACS_CONTROLLED_POINT(racs_point_rmw, (intptr_t *)node + 3);
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
    RACS_CONTROLLED_POINT(racs_point_load, top);
    intptr_t seen = atomic_load_explicit(top, memory_order_relaxed);
    while (seen != RACS_NODE_HOME_EXITED) {
        // The run is this thread's alone until the exchange publishes it.
        ((intptr_t *)last)[1] = seen;
        // Release: the home's thread takes the stack with an acquiring
        // exchange and reuses the nodes (point 2).
        RACS_CONTROLLED_POINT(racs_point_rmw, top);
        if (atomic_compare_exchange_weak_explicit(top, &seen, first, memory_order_release, memory_order_relaxed)) {
            return;
        }
    }
    // Its thread has exited (point 4): the nodes are freed here, and with
    // them the references they held to the home.
    intptr_t freed = free_list(first, count);
    CONTROLLED_COUNT(controlled_live_nodes, -freed);
    release_home(home, freed);
}

static void thread_exit(void *value) {
    racs_node_home *home = value;
    intptr_t freed = 0;
    for (int cls = 0; cls < RACS_NODE_CLASSES; cls++) {
        // Acquire: the nodes given back must be complete before they are
        // freed. From now on, owners free this thread's nodes themselves.
        RACS_CONTROLLED_POINT(racs_point_rmw, &home->returned[cls]);
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
    CONTROLLED_COUNT(controlled_live_nodes, -freed);
    release_home(home, freed + 1);
}

#if defined(RACS_CONTROLLED)

void racs_node_controlled_thread_exit(void) {
    racs_node_home *home = racs_node_thread_home;
    if (!racs_node_is_home(home)) return;
    pthread_setspecific(home_key, NULL);
    thread_exit(home);
}

racs_node_home *racs_node_controlled_home(void) {
    racs_node_home *home = racs_node_thread_home;
    return racs_node_is_home(home) ? home : NULL;
}

racs_node_census_t racs_node_controlled_census(racs_node_home *home, intptr_t cls) {
    racs_node_census_t census = {home->made[cls], home->free[cls], 0, false, 0};
    intptr_t top = atomic_load_explicit(&home->returned[cls], memory_order_relaxed);
    if (top == RACS_NODE_HOME_EXITED) {
        census.exited = true;
    } else {
        census.returned_top = top;
    }
    census.references = atomic_load_explicit(&home->references, memory_order_relaxed);
    return census;
}

intptr_t racs_node_controlled_live_homes(void) {
    return atomic_load_explicit(&controlled_live_homes, memory_order_relaxed);
}

intptr_t racs_node_controlled_live_nodes(void) {
    return atomic_load_explicit(&controlled_live_nodes, memory_order_relaxed);
}

#endif

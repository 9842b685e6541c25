#include "RACLiveCounts.h"

#include <stdlib.h>
#include <string.h>

// Each on a cache line of its own: the count is written by every
// subscription, the switch read by every one.
_Alignas(64) intptr_t racs_live_subscriptions;
_Alignas(64) intptr_t racs_site_recording;
// Written by every scheduling thread and every queue that runs a block.
_Alignas(64) intptr_t racs_scheduled_blocks;
// Written once, at load, before any thread can read it.
static intptr_t site_environment;

intptr_t racs_site_environment(void) {
    return site_environment;
}

// Only ever read and written by its own thread.
static _Thread_local void *site_context;

void *racs_site_context(void) {
    return site_context;
}

void racs_set_site_context(void *context) {
    site_context = context;
}

// Runs when the library is loaded, before any subscription: the environment
// switch costs the subscriptions nothing but the load of the flag.
__attribute__((constructor)) static void read_site_switch(void) {
    const char *value = getenv("RACSWIFT_SUBSCRIPTION_SITES");
    if (value != NULL && strcmp(value, "1") == 0) {
        site_environment = 1;
        racs_site_recording_add(1);
    }
}

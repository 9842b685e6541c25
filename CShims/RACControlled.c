// The controlled build's hook storage (see include/RACControlled.h). In the
// normal build this file defines nothing.
#include "RACControlled.h"

#if defined(RACS_CONTROLLED)

racs_controlled_hooks_t racs_controlled_hooks;
racs_controlled_settings_t racs_controlled_settings = {64, 64, 2, 3, 0};
_Thread_local bool racs_controlled_managed;

void racs_controlled_set_managed(bool managed) {
    racs_controlled_managed = managed;
}

#else

// ISO C wants a declaration in every translation unit.
typedef int racs_controlled_unused;

#endif

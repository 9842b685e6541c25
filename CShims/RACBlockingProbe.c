#include "RACBlockingProbe.h"

_Thread_local racs_blocking_probe racs_probe;

racs_blocking_probe racs_probe_open(void) {
    racs_blocking_probe outer = racs_probe;
    racs_probe = (racs_blocking_probe){.open = 1, .joinedOwnedSubjects = 0, .otherSources = 0};
    return outer;
}

bool racs_probe_close(racs_blocking_probe outer) {
    bool stuck = racs_probe.joinedOwnedSubjects > 0 && racs_probe.otherSources == 0;
    // What this read's subscription reached, the outer read's reached too.
    if (outer.open) {
        outer.joinedOwnedSubjects += racs_probe.joinedOwnedSubjects;
        outer.otherSources += racs_probe.otherSources;
    }
    racs_probe = outer;
    return stuck;
}

#include "RACBlockingProbe.h"

#include <stddef.h>

_Thread_local racs_blocking_probe racs_probe;

racs_blocking_probe racs_probe_open(void) {
    racs_blocking_probe outer = racs_probe;
    racs_probe = (racs_blocking_probe){.open = 1, .joinedOwnedSubjects = 0, .otherSources = 0, .mainThreadWork = 0,
                                       .subjects = NULL};
    return outer;
}

racs_probe_verdict racs_probe_close(racs_blocking_probe outer) {
    racs_blocking_probe inner = racs_probe;
    racs_probe_verdict verdict = racs_probe_answerable;
    if (inner.otherSources <= 0) {
        if (inner.joinedOwnedSubjects > 0) {
            verdict = racs_probe_owned_subjects;
        } else if (inner.mainThreadWork > 0) {
            verdict = racs_probe_main_thread;
        }
    }
    // What this read's subscription reached, the outer read's reached too.
    if (outer.open) {
        outer.joinedOwnedSubjects += inner.joinedOwnedSubjects;
        outer.otherSources += inner.otherSources;
        outer.mainThreadWork += inner.mainThreadWork;
    }
    racs_probe = outer;
    return verdict;
}

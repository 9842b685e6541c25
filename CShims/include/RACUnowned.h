// The Swift runtime's entry points behind `unowned` references, for a
// reference that neither keeps its object alive nor needs a side table
// (see Sources/RACSwift/Atomics/UnownedReference.swift).
//
// An unowned reference keeps the object's memory, not its life: the object
// is deinitialized when its last strong reference goes, and freed when its
// last unowned reference goes too. `swift_tryRetain` takes a strong
// reference only if the object is not being deinitialized (it returns the
// object, or NULL). These are the
// functions Swift's own `unowned` and weak machinery calls, exported by the
// runtime on every platform and part of its stable ABI; Swift offers no
// "retain if still alive" for unowned references in the language, which is
// why they are declared here.

#ifndef RACSWIFT_UNOWNED_H
#define RACSWIFT_UNOWNED_H

#include <stdbool.h>

extern void *_Nonnull swift_unownedRetain(void *_Nonnull object);
extern void swift_unownedRelease(void *_Nonnull object);
/// Returns `object` with a strong reference taken, or NULL if it is being
/// deinitialized.
extern void *_Nullable swift_tryRetain(void *_Nonnull object);

#endif

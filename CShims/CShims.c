// CShims is header-only: every function is static inline in include/CShims.h.
// SwiftPM needs one source file to build the target.
#include "CShims.h"

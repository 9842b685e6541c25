#include "RACHandOverDepth.h"

_Thread_local intptr_t racs_handover_depth;

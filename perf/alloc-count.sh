#!/usr/bin/env bash
# Runs the bench with heap allocations counted, for W8 (allocations per send).
#
#   perf/alloc-count.sh                 # W8 only
#   perf/alloc-count.sh --filter W4     # any bench arguments
#
# Compiles perf/malloccount.c into a shared library under /tmp and preloads
# it; the bench finds the counter with dlsym (see AllocationCounter.swift).
# Times measured in the same run are valid but carry the wrapper's small cost.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${SCRATCH:-/tmp/build-bench}
shim=/tmp/racbench-malloccount.so

cc -O2 -shared -fPIC -Wall -Werror -o "$shim" perf/malloccount.c
swift build -c release --scratch-path "$scratch" --product bench >&2

if [ $# -eq 0 ]; then set -- --filter W8; fi
LD_PRELOAD="$shim" "$scratch/release/bench" "$@"

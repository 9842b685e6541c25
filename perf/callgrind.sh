#!/usr/bin/env bash
# Instructions per operation of one bench case, counted by callgrind.
#
#   perf/callgrind.sh CASE [M]      e.g.  perf/callgrind.sh W4
#                                         perf/callgrind.sh "raw fan-out N=100" 50000
#
# CASE is a --filter that selects exactly one case (`bench --list` shows the
# ids; an exact id wins over ids that merely contain it). The bench runs twice
# under callgrind in --iterations mode (one repetition, no warm-up, no
# baseline), with M and 2M operations, and only the instructions inside its
# timed region are counted (--toggle-collect on `timedRegion`, and on
# `sendingLoop` for the threads of W7, since callgrind toggles per thread). The
# difference of the two counts over the difference of their operation counts
# cancels every one-time cost (first-call binding, lazy metadata, the
# repetition's own setup), leaving the steady-state cost of one operation.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ]; then
    sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
filter=$1
m=${2:-20000}
scratch=${SCRATCH:-/tmp/build-bench}
work=$(mktemp -d /tmp/racbench-callgrind.XXXXXX)
trap 'rm -rf "$work"' EXIT

swift build -c release --scratch-path "$scratch" --product bench >&2
# Valgrind 3.19 gives up on some DWARF 5 forms that clang emits for the C
# shim ("unhandled dwarf2 abbrev form code 0x25"); the symbol table is all
# --toggle-collect needs, so a copy without debug information is measured.
cp "$scratch/release/bench" "$work/bench"
strip --strip-debug "$work/bench"

# Prints "<instructions> <units> <unit> <case id>" for one run of n operations.
count() {
    local n=$1
    valgrind --tool=callgrind --callgrind-out-file="$work/out.$n" \
        '--toggle-collect=*timedRegion*' '--toggle-collect=*sendingLoop*' \
        "$work/bench" --iterations "$n" --filter "$filter" >"$work/log.$n" 2>"$work/err.$n" || {
        cat "$work/log.$n" "$work/err.$n" >&2
        exit 1
    }
    local instructions
    instructions=$(awk '/^totals:/ { print $2 }' "$work/out.$n")
    echo "$instructions $(sed -n 's/^callgrind-units //p' "$work/log.$n")"
}

read -r i1 u1 unit id < <(count "$m")
read -r i2 u2 _ _ < <(count $((2 * m)))
awk -v i1="$i1" -v i2="$i2" -v u1="$u1" -v u2="$u2" -v unit="$unit" -v id="$id" 'BEGIN {
    printf "%s: %.1f instructions per %s\n", id, (i2 - i1) / (u2 - u1), unit
    printf "  (%d instructions for %d operations, %d for %d; one-time cost %.0f)\n",
        i1, u1, i2, u2, i1 - (i2 - i1) / (u2 - u1) * u1
}'

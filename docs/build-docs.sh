#!/usr/bin/env bash
# Builds the DocC documentation with the toolchain's own docc (no package
# plugin), after checking that every public symbol has a doc comment.
#
#   docs/build-docs.sh [OUTPUT]     default: .build/docs/RACSwift.doccarchive
#
# The catalog is Sources/RACSwift/RACSwift.docc; its articles are links to
# the pages in docs/, so each page has one source.
set -euo pipefail
cd "$(dirname "$0")/.."
output=${1:-.build/docs/RACSwift.doccarchive}
graphs=$(mktemp -d /tmp/racswift-symbols.XXXXXX)
trap 'rm -rf "$graphs"' EXIT

# dump-symbol-graph extracts a graph for every module of the package, the
# test modules included, and fails on one that was never built: build them
# first, so that the script works in a fresh clone too.
swift build --build-tests >/dev/null
swift package dump-symbol-graph --minimum-access-level public >/dev/null
built=$(dirname "$(swift build --show-bin-path)")/symbolgraph
# The library's graphs only (its extensions of other modules included), not the tests'.
cp "$built"/RACSwift.symbols.json "$built"/RACSwift@*.symbols.json "$graphs"/

swift docs/doc-coverage.swift "$graphs"
mkdir -p "$(dirname "$output")"
docc convert Sources/RACSwift/RACSwift.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name RACSwift --fallback-bundle-identifier org.racswift.RACSwift \
    --warnings-as-errors --output-path "$output"
echo "documentation: $output"

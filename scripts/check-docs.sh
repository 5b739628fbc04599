#!/usr/bin/env bash
# Checks the Kiln library's documentation the way DocC sees it: builds the module's symbol graph, then runs
# `docc convert --analyze --warnings-as-errors` on Sources/Kiln/Kiln.docc. Any warning (a broken ``symbol``
# link in an article or a doc comment, an unknown directive, a bad Topics entry) fails the check.
#
# Usage: scripts/check-docs.sh            (from anywhere; .ci/run calls it)
# Output: DocC's diagnostics, then one summary line. Exit status: 0 clean, 1 any warning or error.
#
# The symbol graph is built in a scratch folder of its own (.build/docs), so the extra compiler flags never
# invalidate the normal .build, and a second run only recompiles what changed. The built archive is left in
# .build/docs/Kiln.doccarchive (`docc preview Sources/Kiln/Kiln.docc --additional-symbol-graph-dir
# .build/docs/symbol-graphs` serves it locally).
set -euo pipefail
cd "$(dirname "$0")/.."

catalog=Sources/Kiln/Kiln.docc
scratch=.build/docs
graphs=$scratch/symbol-graphs
archive=$scratch/Kiln.doccarchive
started=$SECONDS

# Linux toolchains put docc on the PATH beside swift; Xcode's is found through xcrun.
docc=$(command -v docc || xcrun --find docc 2>/dev/null || true)
if [ -z "$docc" ]; then
    echo "check-docs: failed: no docc in the toolchain (it ships with Swift 5.6 and later)" >&2
    exit 1
fi

build_symbol_graph() {
    mkdir -p "$graphs"
    swift build --target Kiln --scratch-path "$scratch" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >"$scratch/build.log" 2>&1
}

mkdir -p "$scratch"
if ! build_symbol_graph; then
    cat "$scratch/build.log" >&2
    echo "check-docs: failed: the Kiln module does not build (see above)" >&2
    exit 1
fi
# The compiler writes the graph only when it compiles the module; a build that had nothing to do leaves the
# previous graph, which is current. If the graph is gone while the build is up to date, start over once.
if [ ! -s "$graphs/Kiln.symbols.json" ]; then
    rm -rf "$scratch"
    mkdir -p "$scratch"
    if ! build_symbol_graph || [ ! -s "$graphs/Kiln.symbols.json" ]; then
        cat "$scratch/build.log" >&2
        echo "check-docs: failed: the compiler wrote no symbol graph for Kiln" >&2
        exit 1
    fi
fi

log=$scratch/docc.log
status=0
"$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$graphs" \
    --output-dir "$archive" \
    --analyze --warnings-as-errors >"$log" 2>&1 || status=$?
cat "$log"

# With --warnings-as-errors every warning is reported as an error; count both, in case a docc version
# keeps some as warnings. DocC's closing "Error: An error was encountered…" line is not a finding.
problems=$(grep -cE '^(warning|error): ' "$log" || true)
articles=$(find "$catalog" -name '*.md' | wc -l | tr -d ' ')
seconds=$((SECONDS - started))
if [ "$status" -ne 0 ] || [ "$problems" -ne 0 ]; then
    echo "check-docs: failed: $problems DocC problem(s) in Kiln's documentation (docc exit $status, ${seconds}s)"
    exit 1
fi
echo "check-docs: ok: Kiln's catalog ($articles pages) and doc comments convert with no DocC warning (${seconds}s)"

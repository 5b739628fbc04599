#!/usr/bin/env bash
# Times `kiln build` of a generated chain of migrations (scripts/generate-chain.py, 1,000 by default) beside the
# anchor: the `sqlite3` CLI applying the same files once to a new database with the journal and sync off, each
# migration in its own transaction, as kiln applies them. kiln's build does more than the anchor (it checks the
# file, seals it with VACUUM, hashes its content and verifies the result), so the bound is a ratio of CPU time,
# best of three runs each: at most 1.3x (BENCH_BUILD_RATIO to change it). Uses the release build, or $KILN.
#
#     scripts/bench-build.sh [VERSIONS]
#     KILN=/path/to/kiln scripts/bench-build.sh 1000
set -euo pipefail

repository="$(cd "$(dirname "$0")/.." && pwd)"
versions="${1:-1000}"
limit="${BENCH_BUILD_RATIO:-1.3}"
if [[ -z "${KILN:-}" ]]; then
    (cd "$repository" && swift build -c release --product kiln >/dev/null)
    KILN="$repository/.build/release/kiln"
fi
for tool in sqlite3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench-build: $tool is missing (apt-get install sqlite3 time)" >&2; exit 1; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 "$repository/scripts/generate-chain.py" "$work/project" --versions "$versions"
"$KILN" hash --root "$work/project" >/dev/null
{
    echo "PRAGMA journal_mode = OFF;"
    echo "PRAGMA synchronous = OFF;"
    version=0
    for file in "$work"/project/migrations/chain/*.sql; do
        version=$((version + 1))
        echo "BEGIN;"
        cat "$file"
        echo ";"
        echo "PRAGMA user_version = $version;"
        echo "COMMIT;"
    done
} >"$work/anchor.sql"

# Prints the best CPU seconds (user + system) of three runs of the command given.
best_of_three() {
    local best=""
    for _ in 1 2 3; do
        "$@" >/dev/null 2>"$work/stderr" || { echo "bench-build: $* failed:" >&2; cat "$work/stderr" >&2; exit 1; }
        read -r user system < <(tail -1 "$work/time")
        local seconds
        seconds="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.3f", u + s }')"
        if [[ -z "$best" ]] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$seconds"; fi
    done
    echo "$best"
}
build_once() {
    rm -rf "$work/out"
    /usr/bin/time -f "%U %S" -o "$work/time" "$KILN" build --root "$work/project" --out "$work/out" --force
}
anchor_once() {
    rm -f "$work/anchor.sqlite"
    /usr/bin/time -f "%U %S" -o "$work/time" sqlite3 -bail "$work/anchor.sqlite" <"$work/anchor.sql"
}

kiln_seconds="$(best_of_three build_once)"
anchor_seconds="$(best_of_three anchor_once)"
ratio="$(awk -v a="$kiln_seconds" -v b="$anchor_seconds" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
printf '%-22s %12s\n' "$versions migrations" "CPU seconds"
printf '%-22s %12s\n' "kiln build" "$kiln_seconds" "sqlite3 (journal off)" "$anchor_seconds"
echo "kiln build: ${ratio}x the sqlite3 CLI (bound ${limit}x)"
awk -v r="$ratio" -v l="$limit" 'BEGIN { exit !(r <= l) }' || { echo "FAIL: kiln build took ${ratio}x the CLI" >&2; exit 1; }

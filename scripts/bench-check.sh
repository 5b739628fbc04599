#!/usr/bin/env bash
# Times `kiln check` on generated chains of 100 and 200 migrations (scripts/generate-chain.py), beside the anchor:
# the `sqlite3` CLI applying the same migration files to an empty database. SQLite's own DDL is not linear in
# the number of migrations (ALTER TABLE … RENAME and ADD COLUMN re-read the whole schema, which grows with the
# versions), so the anchor itself takes ~2.7x from 100 to 200 versions, and no check that applies migrations
# can grow slower than that. Fails unless 200 versions take at most 2x the time of 100, or at most 1.25x the
# anchor's own growth and never more than 2.5x (quadratic growth, 4x, always fails), under 2 s, with peak memory
# (the highest of three runs) under 64 MiB; a check under 0.1 s is too short to judge. Also fails unless a failing
# upgrade path (the 100-version chain plus a migration that fails with data) costs at most 2x the CPU time of the
# same history passing, and peaks under 64 MiB too. Uses the release build, or the binary in $KILN when set (e.g.
# an older build, for comparison; .ci/run passes its debug build, with BENCH_CHECK_SIZES="100 200").
#
#     scripts/bench-check.sh            # builds release, then measures
#     KILN=/path/to/kiln scripts/bench-check.sh
set -euo pipefail

repository="$(cd "$(dirname "$0")/.." && pwd)"
if [[ -z "${KILN:-}" ]]; then
    (cd "$repository" && swift build -c release --product kiln >/dev/null)
    KILN="$repository/.build/release/kiln"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Prints "<CPU seconds> <peak MiB> <wall seconds>" for `kiln check` in $1: the best time and the highest peak
# of three runs. The gate uses
# CPU time (user + system): kiln check is single-threaded, so on an idle machine it equals the wall time, and
# on a shared one it does not count the time spent waiting for a core.
measure() {
    local best_time="" best_memory="" best_wall=""
    for _ in 1 2 3; do
        /usr/bin/time -f "%U %S %M %e" -o "$work/time" "$KILN" check --root "$1" >/dev/null 2>"$work/stderr" || {
            echo "kiln check failed in $1:" >&2
            cat "$work/stderr" >&2
            exit 1
        }
        read -r user system kilobytes wall < <(tail -1 "$work/time")
        local seconds
        seconds="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')"
        if [[ -z "$best_wall" ]] || awk -v a="$wall" -v b="$best_wall" 'BEGIN { exit !(a < b) }'; then
            best_wall="$wall"
        fi
        if [[ -z "$best_time" ]] || awk -v a="$seconds" -v b="$best_time" 'BEGIN { exit !(a < b) }'; then
            best_time="$seconds"
        fi
        local mebibytes=$((kilobytes / 1024))
        if [[ -z "$best_memory" ]] || ((mebibytes > best_memory)); then best_memory="$mebibytes"; fi
    done
    echo "$best_time $best_memory $best_wall"
}

# Prints the best CPU seconds of three `sqlite3` runs applying every migration of the chain in $1 to a new file.
anchor() {
    local best=""
    cat "$1"/migrations/chain/*.sql >"$work/all.sql"
    for _ in 1 2 3; do
        rm -f "$work/anchor.sqlite"
        /usr/bin/time -f "%U %S" -o "$work/time" sqlite3 -bail "$work/anchor.sqlite" <"$work/all.sql" >/dev/null || {
            echo "bench-check: sqlite3 failed to apply the chain in $1" >&2
            exit 1
        }
        read -r user system < <(tail -1 "$work/time")
        local seconds
        seconds="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.3f", u + s }')"
        if [[ -z "$best" ]] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$seconds"; fi
    done
    echo "$best"
}

for tool in sqlite3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench-check: $tool is missing (apt-get install sqlite3 time)" >&2; exit 1; }
done
declare -A seconds memory wall anchors
# 100 and 200 are gated (growth, time, memory); 500 and 1,000 are printed beside the anchor only (issue 24's
# aim: kiln check at most 2x the CLI at every size). BENCH_CHECK_SIZES="100 200" measures just the gated two.
sizes="${BENCH_CHECK_SIZES:-100 200 500 1000}"
for versions in $sizes; do
    python3 "$repository/scripts/generate-chain.py" "$work/chain$versions" --versions "$versions" --seeds
    "$KILN" hash --root "$work/chain$versions" >/dev/null
    read -r seconds[$versions] memory[$versions] wall[$versions] < <(measure "$work/chain$versions")
    anchors[$versions]="$(anchor "$work/chain$versions")"
done

printf '%-10s %12s %12s %10s %18s %12s\n' versions "CPU seconds" "wall seconds" "peak MiB" "sqlite3 CPU s" "x sqlite3"
for versions in $sizes; do
    printf '%-10s %12s %12s %10s %18s %12s\n' "$versions" "${seconds[$versions]}" "${wall[$versions]}" \
        "${memory[$versions]}" "${anchors[$versions]}" \
        "$(awk -v a="${seconds[$versions]}" -v b="${anchors[$versions]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
done
ratio="$(awk -v a="${seconds[200]}" -v b="${seconds[100]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
anchor_ratio="$(awk -v a="${anchors[200]}" -v b="${anchors[100]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
echo "200 / 100 versions: kiln check ${ratio}x the time, sqlite3 applying the migrations ${anchor_ratio}x"

status=0
# The anchor's own ratio is noisy (it runs for tens of milliseconds), so it can excuse at most 2.5x: quadratic
# growth (4x) always fails.
awk -v r="$ratio" -v a="$anchor_ratio" -v s="${seconds[200]}" 'BEGIN { exit !(r <= 2 || (r <= 1.25 * a && r <= 2.5) || s < 0.1) }' || {
    echo "FAIL: 200 versions took more than twice the CPU time of 100, and more than min(2.5, 1.25x the anchor's growth)" >&2
    status=1
}
awk -v a="${seconds[200]}" 'BEGIN { exit !(a < 2) }' || { echo "FAIL: 200 versions took 2 CPU seconds or more" >&2; status=1; }
for versions in 100 200; do
    ((memory[$versions] < 64)) || { echo "FAIL: $versions versions peaked at ${memory[$versions]} MiB" >&2; status=1; }
done

# A failing upgrade path (issue 25: at most 2x a passing check of the same history): the 100-version chain plus a
# migration that fails only with data (it inserts the newest table's rows again, a UNIQUE failure), so kiln check
# also grades the failure and finds which starting versions it affects; the passing history has a migration that
# does nothing in its place.
cp -R "$work/chain100" "$work/failing100"
newest="$(grep -ohE '^CREATE TABLE t[0-9]+ \(' "$work"/failing100/migrations/chain/*.sql | tail -1 | awk '{print $3}')"
echo "INSERT INTO $newest (id, name) SELECT id, name FROM $newest;" >"$work/failing100/migrations/chain/0101_duplicate.sql"
echo "SELECT 1;" >"$work/chain100/migrations/chain/0101_duplicate.sql"
"$KILN" hash --root "$work/failing100" >/dev/null
"$KILN" hash --root "$work/chain100" >/dev/null
failing_best=""
failing_memory=0
for _ in 1 2 3; do
    /usr/bin/time -f "%U %S %M" -o "$work/time" "$KILN" check --root "$work/failing100" >/dev/null 2>&1 && {
        echo "bench-check: the failing chain passed kiln check" >&2
        exit 1
    }
    read -r user system kilobytes < <(tail -1 "$work/time")
    seconds="$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')"
    if [[ -z "$failing_best" ]] || awk -v a="$seconds" -v b="$failing_best" 'BEGIN { exit !(a < b) }'; then
        failing_best="$seconds"
    fi
    if ((kilobytes / 1024 > failing_memory)); then failing_memory=$((kilobytes / 1024)); fi
done
read -r passing_best _ _ < <(measure "$work/chain100")
failing_ratio="$(awk -v a="$failing_best" -v b="$passing_best" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
echo "101 versions, upgrade path failing at the last: ${failing_best} CPU s, ${failing_memory} MiB peak;" \
    "passing: ${passing_best} CPU s; ${failing_ratio}x"
awk -v r="$failing_ratio" 'BEGIN { exit !(r <= 2) }' || {
    echo "FAIL: the failing upgrade path took more than twice the CPU time of the passing one" >&2
    status=1
}
((failing_memory < 64)) || { echo "FAIL: the failing upgrade path peaked at ${failing_memory} MiB" >&2; status=1; }
exit $status

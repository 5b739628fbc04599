#!/usr/bin/env bash
# Seeding benchmark: `kiln seed` against `sqlite3 .import` on the same generated CSV and the same migrated
# table (INTEGER PRIMARY KEY plus one secondary index), release build, side by side in one run.
#
# usage: scripts/bench-seed.sh [ROWS] [RUNS]     defaults: 1000000 rows, 3 runs each (the median is shown)
#        BENCH_LARGE=1 scripts/bench-seed.sh     also loads 10x the rows with kiln, to show its peak memory
#        BENCH_BASELINE=/path/to/kiln scripts/bench-seed.sh
#                                                also times another kiln binary (e.g. a release build of an earlier
#                                                commit, from `git worktree add`), alternating with this one on the
#                                                same CSV, so a change is measured before and after in one run
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-1000000}
runs=${2:-3}

for tool in sqlite3 python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install sqlite3 python3 time)" >&2; exit 1; }
done
swift build -c release --product kiln >/dev/null
kiln="$PWD/.build/release/kiln"
baseline=${BENCH_BASELINE:-}
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "bench: BENCH_BASELINE=$baseline is not an executable" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/migrations/bench" "$work/seeds/bench"
cat >"$work/migrations/bench/0001_create_item.sql" <<'SQL'
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, code TEXT, lat REAL, lon REAL, qty INTEGER);
CREATE INDEX item_code ON item (code);
SQL
python3 scripts/generate-seed-csv.py "$rows" "$work/seeds/bench/item.csv"
csv_bytes=$(stat -c %s "$work/seeds/bench/item.csv")

# One timed run: prints "seconds peak-KiB".
measure() { /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }; cat "$work/time"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: >"$work/kiln.times"
: >"$work/import.times"
: >"$work/baseline.times"
for run in $(seq "$runs"); do
    rm -f "$work/kiln.db" "$work/import.db" "$work/baseline.db"
    "$kiln" migrate bench --db "$work/kiln.db" --root "$work" >/dev/null
    "$kiln" migrate bench --db "$work/import.db" --root "$work" >/dev/null
    if [ -n "$baseline" ]; then
        "$kiln" migrate bench --db "$work/baseline.db" --root "$work" >/dev/null
        # Alternate which binary goes first, so neither always runs on a warmer (or busier) machine.
        if [ $((run % 2)) = 1 ]; then
            measure "$baseline" seed bench --db "$work/baseline.db" --root "$work" >>"$work/baseline.times"
            measure "$kiln" seed bench --db "$work/kiln.db" --root "$work" >>"$work/kiln.times"
        else
            measure "$kiln" seed bench --db "$work/kiln.db" --root "$work" >>"$work/kiln.times"
            measure "$baseline" seed bench --db "$work/baseline.db" --root "$work" >>"$work/baseline.times"
        fi
    else
        measure "$kiln" seed bench --db "$work/kiln.db" --root "$work" >>"$work/kiln.times"
    fi
    measure sqlite3 "$work/import.db" ".import --csv --skip 1 $work/seeds/bench/item.csv item" >>"$work/import.times"
    for db in kiln import ${baseline:+baseline}; do
        loaded=$(sqlite3 "$work/$db.db" "SELECT count(*) FROM item")
        [ "$loaded" = "$rows" ] || { echo "bench: $db loaded $loaded rows, expected $rows" >&2; exit 1; }
    done
done
kiln_s=$(awk '{ print $1 }' "$work/kiln.times" | median)
import_s=$(awk '{ print $1 }' "$work/import.times" | median)
kiln_kib=$(awk '{ print $2 }' "$work/kiln.times" | sort -n | tail -1)
import_kib=$(awk '{ print $2 }' "$work/import.times" | sort -n | tail -1)

echo
echo "$rows rows, $((csv_bytes / 1000000)) MB CSV, SQLite $(sqlite3 --version | cut -d' ' -f1), median of $runs runs"
printf '%-18s %9s %12s %12s\n' loader seconds rows/s "peak MiB"
printf '%-18s %9.2f %12.0f %12.1f\n' "sqlite3 .import" "$import_s" "$(echo "$rows / $import_s" | bc -l)" "$(echo "$import_kib / 1024" | bc -l)"
printf '%-18s %9.2f %12.0f %12.1f\n' "kiln seed" "$kiln_s" "$(echo "$rows / $kiln_s" | bc -l)" "$(echo "$kiln_kib / 1024" | bc -l)"
if [ -n "$baseline" ]; then
    baseline_s=$(awk '{ print $1 }' "$work/baseline.times" | median)
    baseline_kib=$(awk '{ print $2 }' "$work/baseline.times" | sort -n | tail -1)
    printf '%-18s %9.2f %12.0f %12.1f\n' "baseline kiln" "$baseline_s" "$(echo "$rows / $baseline_s" | bc -l)" "$(echo "$baseline_kib / 1024" | bc -l)"
    printf 'kiln / baseline: %+.1f%% rows per second (target: no worse than -5%%)\n' "$(echo "($baseline_s / $kiln_s - 1) * 100" | bc -l)"
fi
printf 'kiln / sqlite3 .import: %.2fx the rows per second (target: at least 2.2x)\n' "$(echo "$import_s / $kiln_s" | bc -l)"

if [ "${BENCH_LARGE:-0}" = 1 ]; then
    large=$((rows * 10))
    python3 scripts/generate-seed-csv.py "$large" "$work/seeds/bench/item.csv"
    rm -f "$work/kiln.db"
    "$kiln" migrate bench --db "$work/kiln.db" --root "$work" >/dev/null
    read -r large_s large_kib < <(measure "$kiln" seed bench --db "$work/kiln.db" --root "$work")
    printf 'kiln seed, %d rows (%d MB): %.2f s, %.0f rows/s, peak %.1f MiB (target: under 128 MiB, no higher than for %d rows)\n' \
        "$large" "$(( $(stat -c %s "$work/seeds/bench/item.csv") / 1000000 ))" "$large_s" "$(echo "$large / $large_s" | bc -l)" \
        "$(echo "$large_kib / 1024" | bc -l)" "$rows"
fi

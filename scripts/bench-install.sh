#!/usr/bin/env bash
# First-launch install benchmark: `kiln install` of a ~65 MB bundled database to an absent destination against
# `cp` + fsync of the same file and of its folder (what a careful hand-written copy does), release build, side by
# side in one hyperfine run, fresh destination before every run. Passes when kiln's mean is at most 1.3x cp's.
#
# usage: scripts/bench-install.sh [MEGABYTES] [RUNS] [ROUNDS]   defaults: 65 MB, 4 rounds of 10 runs each
#        BENCH_DIR=/some/volume scripts/bench-install.sh  where the files go (default: a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes=${1:-65}
runs=${2:-10}
rounds=${3:-4}
limit=1.3

for tool in sqlite3 python3 hyperfine; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install sqlite3 python3 hyperfine)" >&2; exit 1; }
done
swift build -c release --product kiln >/dev/null
kiln="$PWD/.build/release/kiln"

work=$(mktemp -d "${BENCH_DIR:-${TMPDIR:-/tmp}}/kiln-bench-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/app"
bundled="$work/bundled.sqlite"
copy="$work/app/app.sqlite"
# Rows of 4000 random bytes: about 4 KiB pages each, so the file is close to MEGABYTES.
sqlite3 "$bundled" "PRAGMA journal_mode = DELETE; PRAGMA user_version = 1;
    CREATE TABLE reference (id INTEGER PRIMARY KEY, payload BLOB);
    INSERT INTO reference (payload) SELECT randomblob(4000) FROM generate_series(1, $((megabytes * 1000000 / 4096)));" \
    >/dev/null 2>&1 || sqlite3 "$bundled" "PRAGMA journal_mode = DELETE; PRAGMA user_version = 1;
    CREATE TABLE reference (id INTEGER PRIMARY KEY, payload BLOB);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $((megabytes * 1000000 / 4096)))
    INSERT INTO reference (payload) SELECT randomblob(4000) FROM n;" >/dev/null
size=$(stat -c %s "$bundled")
echo "bundled database: $size bytes; $rounds rounds of $runs runs each, fresh destination every run"

# `sync FILE FOLDER` (coreutils) fsyncs the copy and then the folder that names it, as kiln does. The two commands
# run in alternating rounds (kiln first, then cp first, ...), so a change in the machine's load falls on both.
kiln_command="$kiln install --bundled $bundled --to $copy"
for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) -eq 1 ]; then order=(kiln cp); else order=(cp kiln); fi
    arguments=()
    for name in "${order[@]}"; do
        if [ "$name" = kiln ]; then arguments+=(--command-name "kiln install" "$kiln_command")
        else arguments+=(--command-name "cp + fsync" "sh -c 'cp $bundled $copy && sync $copy $work/app'"); fi
    done
    hyperfine -N --warmup 1 --runs "$runs" --style basic --export-json "$work/round-$round.json" \
        --prepare "rm -f $copy" "${arguments[@]}" >/dev/null
    echo "round $round of $rounds done (${order[*]})"
done

cmp "$bundled" "$copy"
python3 - "$limit" "$work"/round-*.json <<'PY'
import json, statistics, sys
limit = float(sys.argv[1])
times = {}
for path in sys.argv[2:]:
    for result in json.load(open(path))["results"]:
        times.setdefault(result["command"], []).extend(result["times"])
def line(name):
    t = times[name]
    print(f"{name:>12}: mean {statistics.mean(t) * 1000:7.1f} ms  median {statistics.median(t) * 1000:7.1f} ms  "
          f"min {min(t) * 1000:7.1f} ms  max {max(t) * 1000:7.1f} ms  ({len(t)} runs)")
line("kiln install")
line("cp + fsync")
ratio = statistics.mean(times["kiln install"]) / statistics.mean(times["cp + fsync"])
median_ratio = statistics.median(times["kiln install"]) / statistics.median(times["cp + fsync"])
verdict = "PASS" if ratio <= limit else "FAIL"
print(f"ratio kiln / (cp + fsync): {ratio:.2f}x of the means ({median_ratio:.2f}x of the medians), limit {limit}x: {verdict}")
sys.exit(0 if ratio <= limit else 1)
PY

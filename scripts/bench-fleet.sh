#!/usr/bin/env bash
# Fleet benchmark: `kiln migrate <db> --each` against a shell loop running `sqlite3` on each file, side by side
# in one run, on a tmpfs (fsync is free, so per-file overhead shows) and on a disk (every commit waits for its
# fsync, so both sides approach the commit floor).
#
# The fleet (scripts/generate-fleet.py): one database per tenant, 64 KiB, a few hundred rows in each table, at
# versions 3, 4 and 5 in turn, version 6 the newest, so 3, 2 or 1 migrations pending (a NOT NULL column with a
# default, a new table with an index and a foreign key, a backfill UPDATE). Every run starts from a fresh
# `cp -a` of one pristine fleet (not timed; on disk followed by `sync`, so the copy's write-back does not land in
# the next run). Measured:
#   loop      bash: `sqlite3 FILE 'PRAGMA user_version'`, then one `sqlite3 -bail FILE` applying the pending
#             migrations, each in BEGIN IMMEDIATE … PRAGMA user_version = N; COMMIT; with synchronous = EXTRA and
#             foreign keys off, as kiln runs them (the loop does less than kiln: no foreign_key_check, no second
#             read of user_version under the lock, its scripts prepared before the clock starts);
#   one process the same scripts from one Python process through its sqlite3 module: the SQL's own cost, with
#             no process per file and none of kiln's checks;
#   jobs 1/2  `kiln migrate tenant --each FLEET --jobs 1` (and 2), its output to a file; each twice, alternating,
#             the faster run of each kept;
#   up to date the same command again on the migrated fleet (every header says version 6);
#   floor     on disk: the migrations applied × one commit's cost, measured here as 200 tiny BEGIN IMMEDIATE;
#             INSERT; COMMIT; with synchronous = EXTRA in one sqlite3 process in the same folder (right before
#             and right after each --jobs 1 run; the mean is used);
#   peak RSS  of `kiln --jobs 2` on tmpfs, at a tenth of the fleet and at the whole fleet.
# After every run each file must be at version 6 with no -journal beside it, and three files (one from each
# starting version) must dump the same after the loop as after kiln.
#
#     scripts/bench-fleet.sh                     # release build; 10,000 files on tmpfs, 2,000 on disk (about 5 minutes)
#     scripts/bench-fleet.sh --files 1000 --disk-files 200 --ci
#     KILN=/path/to/kiln scripts/bench-fleet.sh  # another binary, no build
#
# Targets (a miss exits 1): tmpfs loop / kiln --jobs 1 >= 3x; tmpfs --jobs 1 / --jobs 2 >= 1.6x; up to date
# under 1 s per 10,000 files; disk kiln --jobs 4 / floor <= 1.15x; peak RSS at the whole fleet <= 1.25x that
# at a tenth. With --ci (a small fleet, a shared machine), the ratios are printed and only gross regressions
# fail: kiln slower than the loop on tmpfs, the up-to-date run slower than the migrating one, or peak RSS that
# doubles with ten times the files (the disk is shared with other processes, so nothing on it fails --ci).
# Folders: BENCH_TMPFS (default /dev/shm) and BENCH_DISK (default /tmp, which must not be a tmpfs).
set -euo pipefail

repository="$(cd "$(dirname "$0")/.." && pwd)"
files=10000
disk_files=2000
ci=false
while (($#)); do
    case "$1" in
        --files) files="$2"; shift 2 ;;
        --disk-files) disk_files="$2"; shift 2 ;;
        --ci) ci=true; shift ;;
        *) echo "usage: scripts/bench-fleet.sh [--files N] [--disk-files N] [--ci]" >&2; exit 64 ;;
    esac
done
# Whole folders of 100 files, and a tenth of the fleet is whole folders too.
((files >= 1000 && files % 1000 == 0 && disk_files >= 100 && disk_files % 100 == 0 && disk_files <= files)) || {
    echo "bench-fleet: --files is a multiple of 1,000, --disk-files a multiple of 100, at most --files" >&2
    exit 64
}
for tool in sqlite3 python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "bench-fleet: $tool is missing (apt-get install sqlite3 python3 time)" >&2; exit 1; }
done
if [[ -z "${KILN:-}" ]]; then
    (cd "$repository" && swift build -c release --product kiln >/dev/null)
    KILN="$repository/.build/release/kiln"
fi
tmpfs_base="${BENCH_TMPFS:-/dev/shm}"
disk_base="${BENCH_DISK:-/tmp}"
[[ "$(stat -f -c %T "$tmpfs_base")" == tmpfs ]] || echo "bench-fleet: warning: $tmpfs_base is not a tmpfs" >&2
disk_type="$(df -T "$disk_base" | awk 'NR == 2 { print $2 }')"
[[ "$(stat -f -c %T "$disk_base")" != tmpfs ]] || { echo "bench-fleet: $disk_base is a tmpfs; set BENCH_DISK to a folder on disk" >&2; exit 1; }
tmpfs="$(mktemp -d "$tmpfs_base/kiln-fleet.XXXXXX")"
disk="$(mktemp -d "$disk_base/kiln-fleet.XXXXXX")"
trap 'rm -rf "$tmpfs" "$disk"' EXIT
project="$tmpfs/project"
newest=6

# The pristine fleet (with the project: kiln.json and migrations/tenant/), and the loop's scripts: from-V.sql
# applies migrations V+1 to 6 the way kiln does, one transaction each.
python3 "$repository/scripts/generate-fleet.py" "$project" --files "$files"
mkdir -p "$tmpfs/loop"
for version in 3 4 5; do
    {
        echo "PRAGMA foreign_keys = OFF;"
        echo "PRAGMA synchronous = EXTRA;"
        for ((next = version + 1; next <= newest; next++)); do
            echo "BEGIN IMMEDIATE;"
            cat "$project"/migrations/tenant/"$(printf '%04d' "$next")"_*.sql
            echo "PRAGMA user_version = $next;"
            echo "COMMIT;"
        done
    } >"$tmpfs/loop/from-$version.sql"
done
cat >"$tmpfs/loop/loop.sh" <<'LOOP'
# The shell loop people write today: FLEET SCRIPTS NEWEST.
set -uo pipefail
find "$1" -type f -name '*.db' | while IFS= read -r file; do
    version=$(sqlite3 "$file" 'PRAGMA user_version;') || exit 1
    if ((version < $3)); then
        sqlite3 -bail "$file" <"$2/from-$version.sql" >/dev/null || { echo "loop: $file failed" >&2; exit 1; }
    fi
done
LOOP
cat >"$tmpfs/loop/one-process.py" <<'PY'
# The same scripts from one process, through Python's sqlite3 module: the SQL's own cost, no process per file.
import os, sqlite3, sys
scripts = {version: open(os.path.join(sys.argv[2], f"from-{version}.sql")).read() for version in (3, 4, 5)}
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        connection = sqlite3.connect(os.path.join(folder, name), isolation_level=None)
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version < int(sys.argv[3]):
            connection.executescript(scripts[version])
        connection.close()
PY

# Prints the number of migrations the files under $1 have pending (from their headers).
pending() {
    python3 - "$1" "$newest" <<'PY'
import os, sys
total = 0
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        with open(os.path.join(folder, name), "rb") as file:
            total += int(sys.argv[2]) - int.from_bytes(file.read(100)[60:64], "big")
print(total)
PY
}

# Fails unless every file under $1 is a database at the newest version, with no side file beside it.
verify() {
    python3 - "$1" "$newest" "$2" <<'PY' || exit 1
import os, sys
count, wrong = 0, []
for folder, _, names in os.walk(sys.argv[1]):
    for name in names:
        path = os.path.join(folder, name)
        if not name.endswith(".db"):
            wrong.append(f"{path}: left beside the databases")
            continue
        count += 1
        with open(path, "rb") as file:
            version = int.from_bytes(file.read(100)[60:64], "big")
        if version != int(sys.argv[2]):
            wrong.append(f"{path}: version {version}")
if wrong or count == 0:
    print(f"bench-fleet: after {sys.argv[3]}, {len(wrong)} wrong of {count}: " + "; ".join(wrong[:5]), file=sys.stderr)
    sys.exit(1)
PY
}

# A fresh copy of the fleet's first $2 files ($2 a multiple of 100: whole folders) at $1.
fresh() {
    rm -rf "$1"
    mkdir -p "$1"
    local folder
    for ((folder = 0; folder < $2 / 100; folder++)); do
        cp -a "$project/fleet/$(printf '%02d' "$folder")" "$1/"
    done
    [[ "$1" != "$disk"/* ]] || sync
}

# Runs a command, timed: sets `seconds` (wall, to the millisecond) and `peak` (peak RSS in MiB); output to $out.
out="$tmpfs/output"
timed() {
    local start end
    start=$(date +%s%N)
    /usr/bin/time -f "%M %P" -o "$tmpfs/rss" "$@" >"$out" 2>"$tmpfs/stderr" || {
        echo "bench-fleet: failed: $*" >&2
        tail -20 "$tmpfs/stderr" >&2
        exit 1
    }
    end=$(date +%s%N)
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    peak=$(awk '{ v = $1 } END { printf "%.1f", v / 1024 }' "$tmpfs/rss")
    cpu=$(awk '{ v = $2 } END { print v }' "$tmpfs/rss")
}

# The summary kiln printed (its first line starts with the database's name).
summary() { sed -n '/^tenant: /,$p' "$out" | sed 's/^/    /'; }

# Dumps the three sample files (one per starting version) of the fleet at $1 to $2.V.
dump_samples() {
    local number
    for number in 0 1 2; do
        sqlite3 "$1/00/tenant-0000$number.db" .dump >"$2.$number"
    done
}

# One commit's cost in seconds in folder $1: 200 tiny transactions with synchronous = EXTRA.
commit_cost() {
    local database="$1/floor.db" start end
    rm -f "$database"
    sqlite3 "$database" 'CREATE TABLE t (x);'
    {
        echo "PRAGMA synchronous = EXTRA;"
        for ((i = 0; i < 200; i++)); do echo "BEGIN IMMEDIATE; INSERT INTO t VALUES ($i); COMMIT;"; done
    } >"$1/floor.sql"
    start=$(date +%s%N)
    sqlite3 "$database" <"$1/floor.sql"
    end=$(date +%s%N)
    rm -f "$database" "$1/floor.sql"
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", (b - a) / 1e9 / 200 }'
}

declare -A time_of rss_of
floor_runs=()
# Prints true when $1 > $2.
above() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 > b + 0) }' && echo true || echo false; }
# Measures the loop, --jobs 1, --jobs 2 and the up-to-date run on $2 files in folder $1 (side name $3).
measure_side() {
    local place="$1" count="$2" side="$3" fleet="$1/fleet"
    fresh "$fleet" "$count"
    timed bash "$tmpfs/loop/loop.sh" "$fleet" "$tmpfs/loop" "$newest"
    time_of[$side.loop]=$seconds
    verify "$fleet" "the loop ($side)"
    dump_samples "$fleet" "$tmpfs/loop-dump"
    fresh "$fleet" "$count"
    timed python3 "$tmpfs/loop/one-process.py" "$fleet" "$tmpfs/loop" "$newest"
    time_of[$side.python]=$seconds
    verify "$fleet" "the sqlite3 module in one process ($side)"
    # --jobs 1 and 2 twice each, alternating, the faster of each pair kept (another process on the machine
    # slows one run, rarely both). On disk, the floor is measured right before each run and right after it.
    # On disk also --jobs 4, twice the cores: while some files wait for their fsyncs, others run their SQL.
    local jobs job_list="1 2 1 2"
    [[ "$side" != disk ]] || job_list="1 2 4 1 2 4"
    for jobs in $job_list; do
        fresh "$fleet" "$count"
        [[ "$side" != disk ]] || before=$(commit_cost "$place")
        timed "$KILN" migrate tenant --root "$project" --each "$fleet" --jobs "$jobs"
        [[ "$side" != disk ]] || floor_runs+=("$jobs $before $seconds $(commit_cost "$place")")
        if [[ -z "${time_of[$side.jobs$jobs]:-}" ]] || [[ "$(above "${time_of[$side.jobs$jobs]}" "$seconds")" == true ]]; then
            time_of[$side.jobs$jobs]=$seconds
        fi
        rss_of[$side.jobs$jobs]=$peak
        verify "$fleet" "kiln --jobs $jobs ($side)"
        echo "  $side, kiln --jobs $jobs: $seconds s, $cpu of a core"
        summary
    done
    dump_samples "$fleet" "$tmpfs/kiln-dump"
    for number in 0 1 2; do
        cmp -s "$tmpfs/loop-dump.$number" "$tmpfs/kiln-dump.$number" ||
            { echo "bench-fleet: tenant-0000$number.db differs after the loop and after kiln ($side)" >&2; exit 1; }
    done
    timed "$KILN" migrate tenant --root "$project" --each "$fleet" --jobs 2
    time_of[$side.uptodate]=$seconds
    rss_of[$side.uptodate]=$peak
    echo "  $side, kiln up to date: $seconds s"
    summary
}

# Peak RSS of `kiln --jobs 2` on a tenth of the fleet, on tmpfs.
measure_small_rss() {
    local fleet="$tmpfs/small"
    fresh "$fleet" $((files / 10))
    timed "$KILN" migrate tenant --root "$project" --each "$fleet" --jobs 2
    rss_of[small]=$peak
    verify "$fleet" "kiln --jobs 2 on $((files / 10)) files"
    rm -rf "$fleet"
}

echo "fleet: $files files on tmpfs ($tmpfs_base), $disk_files on disk ($disk_type, $disk_base); $(pending "$project/fleet") migrations pending in all"
measure_small_rss
measure_side "$tmpfs" "$files" tmpfs
rm -rf "$tmpfs/fleet"
measure_side "$disk" "$disk_files" disk
fresh "$disk/fleet" "$disk_files"
disk_commits=$(pending "$disk/fleet")
rm -rf "$disk/fleet"
# Each kiln run on disk against the floor measured around it. A run whose two floor measurements differ by more
# than 1.5x had the disk's cost change under it (another process's writes share the file system's journal): it
# is shown but not judged. The figure judged is kiln with --jobs 4, twice this machine's cores (while some files
# wait for their fsyncs, others run their SQL), the mean ratio of its undisturbed runs; the default (--jobs 2,
# one per core) and --jobs 1 are shown beside it.
floor_report=$(printf '%s\n' "${floor_runs[@]}" | awk -v n="$disk_commits" '{
    commit = ($2 + $4) / 2; floor = commit * n; ratio = $3 / floor
    quiet = ($2 < $4 ? $4 / $2 : $2 / $4) <= 1.5
    if (quiet && $1 == 4) { sum += ratio; count++ }
    if (quiet && $1 == 2) { sum2 += ratio; count2++ }
    if (quiet && $1 == 1) { sum1 += ratio; count1++ }
    printf "  --jobs %d: %.3f s; floor %.3f s (%d commits x %.2f ms: %.2f before, %.2f after); %.2fx%s\n",
        $1, $3, floor, n, commit * 1000, $2 * 1000, $4 * 1000, ratio, quiet ? "" : " (disturbed, not judged)"
} END {
    if (count) printf "judged %.2f\n", sum / count; else print "judged none"
    if (count2) printf "default %.2f\n", sum2 / count2; else print "default none"
    if (count1) printf "serial %.2f\n", sum1 / count1; else print "serial none"
}')
disk_ratio=$(echo "$floor_report" | awk '/^judged/ { print $2 }')
serial_ratio=$(echo "$floor_report" | awk '/^serial/ { print $2 }')
default_ratio=$(echo "$floor_report" | awk '/^default/ { print $2 }')
commit=$(printf '%s\n' "${floor_runs[@]}" | awk '{ sum += ($2 + $4) / 2 } END { printf "%.6f", sum / NR }')
floor=$(awk -v c="$commit" -v n="$disk_commits" 'BEGIN { printf "%.3f", c * n }')

per_file() { awk -v s="$1" -v n="$2" 'BEGIN { printf "%.2f", s * 1000 / n }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo
printf '%-24s %26s %26s\n' "" "tmpfs, $files files" "disk, $disk_files files"
for run in loop python jobs1 jobs2 jobs4 uptodate; do
    case "$run" in
        loop) name="sqlite3 loop" ;;
        python) name="one process (Python)" ;;
        jobs1) name="kiln --jobs 1" ;;
        jobs2) name="kiln --jobs 2" ;;
        jobs4) name="kiln --jobs 4" ;;
        uptodate) name="kiln, up to date" ;;
    esac
    if [[ "$run" == jobs4 ]]; then
        printf '%-24s %26s %9.3f s %8s ms/file\n' "$name" "(not run)" \
            "${time_of[disk.$run]}" "$(per_file "${time_of[disk.$run]}" "$disk_files")"
        continue
    fi
    printf '%-24s %9.3f s %8s ms/file %9.3f s %8s ms/file\n' "$name" \
        "${time_of[tmpfs.$run]}" "$(per_file "${time_of[tmpfs.$run]}" "$files")" \
        "${time_of[disk.$run]}" "$(per_file "${time_of[disk.$run]}" "$disk_files")"
done
echo "commit floor on disk, one commit measured right before and right after each kiln run:"
echo "$floor_report" | grep -v '^judged' | grep -v '^serial' | grep -v '^default'
echo "peak RSS, kiln --jobs 2 on tmpfs: ${rss_of[small]} MiB at $((files / 10)) files, ${rss_of[tmpfs.jobs2]} MiB at $files files; up to date ${rss_of[tmpfs.uptodate]} MiB"
echo

# check NAME VALUE UNIT OPERATOR TARGET GROSS: prints the line; a miss fails the full run; GROSS (true or false)
# marks a gross regression, which fails the --ci run too.
failed=false
check() {
    local verdict=ok
    if ! awk -v v="$2" -v t="$5" -v op="$4" 'BEGIN { exit !(op == ">=" ? v + 0 >= t + 0 : v + 0 <= t + 0) }'; then
        verdict=missed
        [[ "$ci" == true ]] || failed=true
    fi
    if [[ "$6" == true ]]; then verdict="gross regression"; failed=true; fi
    printf '%-44s %9s  target %s %s%s  %s\n' "$1" "$2$3" "$4" "$5" "$3" "$verdict"
}
info() { printf '%-44s %9s  %s\n' "$1" "$2" "${3:-}"; }
tenth=$((files / 10))
check "tmpfs: loop / kiln --jobs 1" "$(ratio "${time_of[tmpfs.loop]}" "${time_of[tmpfs.jobs1]}")" x ">=" 3 \
    "$(above "${time_of[tmpfs.jobs1]}" "${time_of[tmpfs.loop]}")"
check "tmpfs: kiln --jobs 1 / --jobs 2" "$(ratio "${time_of[tmpfs.jobs1]}" "${time_of[tmpfs.jobs2]}")" x ">=" 1.6 false
check "tmpfs: up to date, $files files" "${time_of[tmpfs.uptodate]}" " s" "<=" "$(awk -v n="$files" 'BEGIN { print n / 10000 }')" \
    "$(above "${time_of[tmpfs.uptodate]}" "${time_of[tmpfs.jobs1]}")"
# The disk is shared with other processes here, so nothing measured on it fails a --ci run.
if [[ "$disk_ratio" == none ]]; then
    info "disk: kiln --jobs 4 / commit floor" "-" "not judged: the disk's commit cost changed under every run"
else
    check "disk: kiln --jobs 4 / commit floor" "$disk_ratio" x "<=" 1.15 false
fi
info "disk: kiln --jobs 2 / commit floor" "${default_ratio}x" "(the default, one job per core)"
info "disk: kiln --jobs 1 / commit floor" "${serial_ratio}x" "(one file at a time: its SQL and its fsyncs in turn)"
info "disk: loop / mean floor" "$(ratio "${time_of[disk.loop]}" "$floor")x" "(the same commits, and two sqlite3 processes a file)"
info "disk: loop / kiln --jobs 1" "$(ratio "${time_of[disk.loop]}" "${time_of[disk.jobs1]}")x"
info "kiln --jobs 1 / one process, tmpfs" "$(ratio "${time_of[tmpfs.jobs1]}" "${time_of[tmpfs.python]}")x" \
    "(kiln's own work: checks, foreign_key_check, the version under the lock)"
info "kiln --jobs 1 / one process, disk" "$(ratio "${time_of[disk.jobs1]}" "${time_of[disk.python]}")x"
info "disk - tmpfs, kiln --jobs 1, per commit" "$(awk -v d="${time_of[disk.jobs1]}" -v nd="$disk_files" \
    -v t="${time_of[tmpfs.jobs1]}" -v nt="$files" -v c="$disk_commits" \
    'BEGIN { printf "%.2f", (d - t * nd / nt) * 1000 / c }') ms" \
    "(what the disk adds to each commit; the floor's: $(awk -v c="$commit" 'BEGIN { printf "%.2f", c * 1000 }') ms)"
check "peak RSS, $files files / $tenth files" "$(ratio "${rss_of[tmpfs.jobs2]}" "${rss_of[small]}")" x "<=" 1.25 \
    "$(above "${rss_of[tmpfs.jobs2]}" "$(awk -v s="${rss_of[small]}" 'BEGIN { print s * 2 }')")"
[[ "$failed" == false ]] || { echo "bench-fleet: a target was missed" >&2; exit 1; }

#!/usr/bin/env bash
# Reads 1M rows through the `:many` and `:each` functions `kiln generate` writes, through hand-written
# prepared-statement code on the same SQLiteConnection, and through raw sqlite3_* calls, in a release build of
# a package of its own (scripts/bench-generated/); prints each time (best of five interleaved rounds), the peak memory after each
# (`:each` runs first, so its peak shows it builds no array) and the ratios. Exits 1 only when something fails
# to build or a reader's total is wrong: the figures are for reading, not a gate.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
fixture="$repo/scripts/bench-generated"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && swift build --product kiln >/dev/null 2>&1) || { echo "bench-generated: kiln does not build"; exit 1; }
kiln="$(cd "$repo" && swift build --show-bin-path)/kiln"
mkdir -p "$work/project/migrations/bench" "$work/project/queries" "$work/app/Sources/Bench" "$work/app/Sources/RawSQLite"
echo '{}' >"$work/project/kiln.json"
cp "$fixture/0001_item.sql" "$work/project/migrations/bench/"
cp "$fixture/bench.sql" "$work/project/queries/"
sed "s|@REPO@|$repo|" "$fixture/Package.swift.in" >"$work/app/Package.swift"
cp "$fixture/main.swift" "$work/app/Sources/Bench/"
cp "$fixture/RawSQLite/"* "$work/app/Sources/RawSQLite/"
(cd "$work/project" && "$kiln" generate bench --out "$work/app/Sources/Bench") || exit 1
(cd "$work/app" && swift build -c release >"$work/build.log" 2>&1) || { cat "$work/build.log"; exit 1; }
# The database: the migration applied by kiln's own migrator, then filled by the bench.
(cd "$work/project" && "$kiln" migrate bench --db "$work/bench.sqlite" >/dev/null) || exit 1
"$(cd "$work/app" && swift build -c release --show-bin-path)/Bench" "$work/bench.sqlite"

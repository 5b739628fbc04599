#!/usr/bin/env bash
# Proves `kiln generate` end to end, outside the repository:
#   1. a small project (countries and cities, one STRICT table) is built with `kiln build`;
#   2. `kiln generate shop` writes ShopQueries.swift into a new SwiftPM package that depends on this
#      repository's Kiln library by path; the package builds under Swift 6 with warnings as errors;
#   3. its main.swift runs every query against a copy of the built database and checks the rows, the
#      optionals, an annotation (`Date`), a custom converting type (an enum) and :exec's change count, exiting
#      non-zero on the first mismatch;
#   4. generating again without changes leaves the file untouched;
#   5. a migration that renames a column a query reads makes `kiln generate` fail at the query's line and
#      column in queries/shop.sql.
# Every step prints PASS or FAIL; the script exits 1 if any failed. Everything lives in a temporary folder.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
passes=0
pass() { echo "PASS: $*"; passes=$((passes + 1)); }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

(cd "$repo" && swift build --product kiln >/tmp/kiln-generated-kiln.log 2>&1) || { cat /tmp/kiln-generated-kiln.log; echo "FAIL: kiln does not build"; exit 1; }
kiln="$(cd "$repo" && swift build --show-bin-path)/kiln"

project="$work/project"
mkdir -p "$project/migrations/shop" "$project/queries" "$project/seeds/shop"
cp "$repo/scripts/test-generated/kiln.json" "$project/kiln.json"
cp "$repo/scripts/test-generated/0001_shop.sql" "$project/migrations/shop/"
cp "$repo/scripts/test-generated/shop.sql" "$project/queries/"
cp "$repo/scripts/test-generated/"*.csv "$project/seeds/shop/"
(cd "$project" && "$kiln" hash >/dev/null && "$kiln" build >"$work/build.log" 2>&1) || { cat "$work/build.log"; fail "the project does not build"; exit 1; }
[ -f "$project/build/shop.sqlite" ] && pass "kiln build made build/shop.sqlite" || fail "no build/shop.sqlite"
if (cd "$project" && "$kiln" check >"$work/check.log" 2>&1); then pass "kiln check passes: named queries are checked like the others"; else cat "$work/check.log"; fail "kiln check"; fi

app="$work/app"
mkdir -p "$app/Sources/App"
sed "s|@REPO@|$repo|" "$repo/scripts/test-generated/Package.swift.in" >"$app/Package.swift"
cp "$repo/scripts/test-generated/main.swift" "$app/Sources/App/main.swift"
if (cd "$project" && "$kiln" generate shop --out "$app/Sources/App" >"$work/generate.log" 2>&1); then
    pass "kiln generate: $(cat "$work/generate.log")"
else
    cat "$work/generate.log"; fail "kiln generate shop"; exit 1
fi

if (cd "$app" && swift build -Xswiftc -warnings-as-errors >"$work/app-build.log" 2>&1); then
    pass "the package using the generated code builds under Swift 6 with no warning"
else
    grep -E "error|warning" "$work/app-build.log" | head -30; fail "the package using the generated code does not build"; exit 1
fi
cp "$project/build/shop.sqlite" "$work/shop.sqlite"
chmod u+w "$work/shop.sqlite"
if (cd "$app" && "$(swift build --show-bin-path)/App" "$work/shop.sqlite"); then
    pass "every generated query returns the rows, optionals and types expected"
else
    fail "a generated query returned something unexpected"
fi

before=$(stat -c '%Y %i' "$app/Sources/App/ShopQueries.swift")
sleep 1
(cd "$project" && "$kiln" generate shop --out "$app/Sources/App" >"$work/again.log" 2>&1)
after=$(stat -c '%Y %i' "$app/Sources/App/ShopQueries.swift")
if [ "$before" = "$after" ] && grep -q "is up to date" "$work/again.log"; then pass "generating again without changes leaves the file untouched"; else fail "generating again rewrote the file ($(cat "$work/again.log"))"; fi

printf 'ALTER TABLE country RENAME COLUMN title TO name;\n' >"$project/migrations/shop/0002_rename.sql"
if (cd "$project" && "$kiln" generate shop --out "$app/Sources/App" >"$work/renamed.log" 2>&1); then
    fail "generation succeeded after a column a query reads was renamed"
elif grep -q "^queries/shop.sql:3:12: error: query 'CountriesByRegion' does not prepare on the newest schema: no such column: title" "$work/renamed.log"; then
    pass "renaming country.title fails generation at queries/shop.sql:3:12"
else
    cat "$work/renamed.log"; fail "the renamed column's error is not located at the query"
fi

echo "generated-code checks: $passes passed, $failures failed"
[ "$failures" -eq 0 ]

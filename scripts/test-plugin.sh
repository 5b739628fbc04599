#!/usr/bin/env bash
# Proves the SwiftPM build-tool plugin on the example package (Examples/Onomastici), then runs its tests:
#   1. after `swift build`, santi.sql is a resource of the target's bundle (Bundle.module);
#   2. building again without changes does not run kiln (and how long that no-op build takes);
#   3. editing a seed and building again changes the bundled database;
#   4. a broken seed fails the build with the seed's path, line and column;
#   5. a migration that renames a column the app's named query reads fails the build at the query's line and
#      column in queries/santi.sql (the plugin runs kiln generate);
#   6. the example's own tests: first launch, second launch, upgrade.
# Every step prints PASS or FAIL; the script exits 1 if any failed. It edits the example's seed file and
# always restores it.
set -uo pipefail
cd "$(dirname "$0")/../Examples/Onomastici"
seed="$PWD/Sources/OnomasticiCore/seeds/santi/santi.csv"
backup=$(mktemp)
cp "$seed" "$backup"
rename="$PWD/Sources/OnomasticiCore/migrations/santi/0003_rename_santo1.sql"
trap 'cp "$backup" "$seed"; rm -f "$backup" "$rename"' EXIT
failures=0
passes=0
pass() { echo "PASS: $*"; passes=$((passes + 1)); }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

swift build >/tmp/kiln-plugin-build.log 2>&1 || { cat /tmp/kiln-plugin-build.log; fail "the example does not build"; exit 1; }
bin=$(swift build --show-bin-path)
resource="$bin/Onomastici_OnomasticiCore.resources/santi.sql"
[ -f "$resource" ] && pass "santi.sql is bundled as a resource ($resource)" || fail "no santi.sql in $bin/Onomastici_OnomasticiCore.resources"
saint=$("$bin/onomastici" "$(mktemp -d)" 19/3 2>/dev/null)
[[ "$saint" == *Giuseppe* ]] && pass "the app answers 19/3 with '$saint'" || fail "the app answered 19/3 with '$saint'"

# After a clean build, SwiftPM 6.3 recompiles the C shim (and so relinks kiln) once more on the next build;
# settle that first, then measure a build with nothing changed.
swift build >/dev/null 2>&1
start=$(date +%s%N)
swift build >/tmp/kiln-plugin-noop.log 2>&1
elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
if grep -qE "kiln (build|generate) santi" /tmp/kiln-plugin-noop.log; then fail "a build without changes ran kiln"; else pass "a build without changes did not run kiln (swift build took $elapsed ms)"; fi

before=$(sha256sum "$resource" | cut -d' ' -f1)
sed -i 's/^19,3,San Giuseppe,/19,3,San Giuseppe sposo di Maria,/' "$seed"
swift build >/tmp/kiln-plugin-edit.log 2>&1 || { cat /tmp/kiln-plugin-edit.log; fail "the build after editing a seed failed"; }
after=$(sha256sum "$resource" | cut -d' ' -f1)
saint=$("$bin/onomastici" "$(mktemp -d)" 19/3 2>/dev/null)
if [ "$before" != "$after" ] && [ "$saint" = "San Giuseppe sposo di Maria" ]; then pass "editing a seed changed the bundled database"; else fail "editing a seed did not change the bundled database ($saint)"; fi

cp "$backup" "$seed"
printf '1,13,"never closed\n' >>"$seed"
if swift build >/tmp/kiln-plugin-broken.log 2>&1; then
    fail "a broken seed did not fail the build"
elif grep -q "Sources/OnomasticiCore/seeds/santi/santi.csv:368:6: error: a quoted field is never closed" /tmp/kiln-plugin-broken.log; then
    pass "a broken seed fails the build at seeds/santi/santi.csv:368:6"
else
    cat /tmp/kiln-plugin-broken.log
    fail "the broken seed's location is not in the build output"
fi
cp "$backup" "$seed"
swift build >/dev/null 2>&1 || fail "the example does not build again after restoring the seed"

printf 'ALTER TABLE santi RENAME COLUMN santo1 TO santo;\n' >"$rename"
if swift build >/tmp/kiln-plugin-renamed.log 2>&1; then
    fail "renaming a column the app's query reads did not fail the build"
elif grep -q "Sources/OnomasticiCore/queries/santi.sql:4:8: error: query 'SaintOfDay' does not prepare on the newest schema: no such column: santo1" /tmp/kiln-plugin-renamed.log; then
    pass "renaming santi.santo1 in a migration fails the build at queries/santi.sql:4:8"
else
    cat /tmp/kiln-plugin-renamed.log
    fail "the renamed column's error is not located at the app's query"
fi
rm -f "$rename"
swift build >/dev/null 2>&1 || fail "the example does not build again after removing the renaming migration"

if swift test 2>&1 | tee /tmp/kiln-plugin-test.log | tail -1 | grep -q "passed"; then pass "the example's tests pass"; else cat /tmp/kiln-plugin-test.log; fail "the example's tests"; fi

# The command plugins, on the repository itself.
cd ../..
if swift package kiln check 2>/dev/null | grep -q "kiln check: passed"; then pass "swift package kiln check passes on the repository"; else fail "swift package kiln check"; fi
if swift package kiln hash >/tmp/kiln-plugin-hash.log 2>&1; [ $? -ne 0 ] && grep -q "kiln-write hash" /tmp/kiln-plugin-hash.log; then pass "swift package kiln hash is refused with the kiln-write command that asks for write permission"; else fail "swift package kiln hash was not refused"; fi

echo "plugin checks: $passes passed, $failures failed"
[ "$failures" -eq 0 ]

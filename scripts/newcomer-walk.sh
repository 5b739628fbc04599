#!/usr/bin/env bash
# A newcomer's first hour, timed step by step, as the README tells it: a fresh clone, the install script, a new
# project with three migrations and a seed, the development database, a build, an app package that bundles
# the database with the plugin and installs it with the installer at launch, and `kiln check` in a CI script.
# Each step prints its wall-clock seconds; the script exits 1 at the first step that fails.
#
# Usage: scripts/newcomer-walk.sh [WORKDIR]    (default: a new temporary folder; nothing outside it is written)
# It takes many minutes on a cold machine: the install builds kiln in release mode, and the app package builds
# kiln again as its dependency. It is not part of .ci/run; DocSessionTests runs the README's walk itself.
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
step() {
    local name=$1
    shift
    local start=$SECONDS
    if ! "$@" >"$work/step.log" 2>&1; then
        cat "$work/step.log"
        echo "walk: FAIL: $name"
        exit 1
    fi
    printf 'walk: %-52s %4d s\n' "$name" $((SECONDS - start))
}

step "git clone" git clone -q "$repository" "$work/kiln"
step "scripts/install.sh --prefix" "$work/kiln/scripts/install.sh" --prefix "$work/prefix"
export PATH="$work/prefix/bin:$PATH"
step "kiln --version" kiln --version

app="$work/ShopApp"
project="$app/Sources/ShopData"
mkdir -p "$app/Sources/shop"
write_project() {
    kiln init shop --root "$project"
    cd "$project"
    cat >migrations/shop/0001_create_tables.sql <<'SQL'
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price_cents INTEGER NOT NULL DEFAULT 0);
SQL
    kiln new shop add category
    printf 'ALTER TABLE item ADD COLUMN category TEXT;\n' >migrations/shop/0002_add_category.sql
    kiln new shop create basket
    printf 'CREATE TABLE basket (item_id INTEGER NOT NULL REFERENCES item (id), quantity INTEGER NOT NULL);\n' \
        >migrations/shop/0003_create_basket.sql
    printf 'id,name,price_cents,category\n1,apple,45,fruit\n2,bread,250,bakery\n3,milk,120,\n' >seeds/shop/item.csv
}
step "kiln init, three migrations, a seed" write_project
cd "$project"
step "kiln migrate (dev/shop.sqlite)" kiln migrate
step "kiln seed" kiln seed
step "kiln status" kiln status
step "kiln build" kiln build
step "kiln hash shop" kiln hash shop
step "kiln check" kiln check

write_app() {
    cat >"$app/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ShopApp",
    platforms: [.macOS(.v13), .iOS(.v15)],
    dependencies: [.package(name: "kiln", path: "$work/kiln")],
    targets: [
        .target(
            name: "ShopData", dependencies: [.product(name: "Kiln", package: "kiln")],
            exclude: ["seeds", "kiln.json", "dev", "build"], resources: [.copy("migrations")],
            plugins: [.plugin(name: "KilnPlugin", package: "kiln")]),
        .executableTarget(name: "shop", dependencies: ["ShopData", .product(name: "Kiln", package: "kiln")]),
    ]
)
SWIFT
    cat >"$project/Shop.swift" <<'SWIFT'
import Foundation
import Kiln

/// The bundled database and its migrations, for the installer.
public enum Shop {
    public static func install(into folder: URL) throws -> SQLiteConnection {
        guard let bundled = Bundle.module.url(forResource: "shop", withExtension: "sqlite"),
            let migrations = Bundle.module.url(forResource: "migrations", withExtension: nil)
        else { throw CocoaError(.fileNoSuchFile) }
        let installer = DatabaseInstaller(
            bundled: bundled, destination: folder.appendingPathComponent("shop.sqlite"),
            migrations: try MigrationSet.load(directory: migrations.appendingPathComponent("shop").path))
        _ = try installer.install()
        return try SQLiteConnection(path: installer.destination.path)
    }
}
SWIFT
    cat >"$app/Sources/shop/main.swift" <<'SWIFT'
import Foundation
import Kiln
import ShopData

let folder = URL(fileURLWithPath: CommandLine.arguments[1])
let connection = try Shop.install(into: folder)
print(try connection.integer(sql: "SELECT count(*) FROM item"))
SWIFT
}
step "an app package using the plugin and installer" write_app
cd "$app"
step "swift build (the app, kiln built as its dependency)" swift build
rows=$("$(swift build --show-bin-path)/shop" "$(mktemp -d)")
[ "$rows" = 3 ] || { echo "walk: FAIL: the app read $rows rows, not 3"; exit 1; }
printf 'walk: %-52s %s\n' "the app installed the database and read" "$rows rows"

cat >"$project/ci.sh" <<'SH'
#!/usr/bin/env bash
set -euo pipefail
kiln check --strict
SH
chmod +x "$project/ci.sh"
cd "$project"
step "kiln check --strict in a CI script" ./ci.sh
echo "walk: done in $SECONDS s ($work)"

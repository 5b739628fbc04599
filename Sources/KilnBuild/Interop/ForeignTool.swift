/// Another migration tool kiln takes a project over from: the ones whose migration folder `kiln import`
/// converts (``importable``), plus GRDB, whose migrations are Swift code, so that only its tracking table
/// (read by `migrate --adopt`) is ever read. The raw value is the name `--from` and `imported.json` use.
package enum ForeignTool: String, CaseIterable, Sendable, Codable {
    /// Diesel: `<version>_<name>/up.sql` and `down.sql`; `__diesel_schema_migrations(version)`, one row per
    /// applied migration, the version being the folder name's timestamp without its dashes
    /// (`2024-01-15-143022_x` → `20240115143022`).
    case diesel
    /// sqlx: `<version>_<name>.sql`, or reversible `.up.sql` and `.down.sql`; `_sqlx_migrations(version,
    /// success, …)`, one row per migration, `success` 0 for a failed one.
    case sqlx
    /// golang-migrate: `<version>_<name>.up.sql` and `.down.sql`; `schema_migrations(version, dirty)`, one row:
    /// the newest applied version.
    case golangMigrate = "golang-migrate"
    /// goose: `<version>_<name>.sql` with `-- +goose Up` and `-- +goose Down` sections;
    /// `goose_db_version(version_id, is_applied)`, a log of applies and rollbacks.
    case goose
    /// dbmate: `<version>_<name>.sql` with `-- migrate:up` and `-- migrate:down` sections;
    /// `schema_migrations(version)`, one row per applied migration.
    case dbmate
    /// Flyway: `V<version>__<name>.sql`, with `U` undo and `R__` repeatable migrations beside them;
    /// `flyway_schema_history(version, type, success, …)`, one row per applied script or baseline.
    case flyway
    /// drizzle-kit: `<tag>.sql` files (`0000_<name>.sql`) run in the order of `meta/_journal.json`, split at
    /// `--> statement-breakpoint` lines; `__drizzle_migrations(id, hash, created_at)`, one row per applied
    /// file: the SHA-256 of its text and its journal entry's `when`, the version kiln maps.
    case drizzle
    /// Prisma Migrate: `<timestamp>_<name>/migration.sql` beside `migration_lock.toml`, in the order of the
    /// folders' names; `_prisma_migrations(migration_name, checksum, finished_at, rolled_back_at, …)`, one row
    /// per attempt, the folder name being the version.
    case prisma
    /// GRDB's `DatabaseMigrator`: migrations written in Swift, never imported; `grdb_migrations(identifier)`,
    /// the names of applied migrations.
    case grdb

    /// The tools whose migration folder `kiln import` converts, in declaration order.
    package static let importable = allCases.filter { $0.layout != nil }

    /// The table in which the tool records the versions it applied.
    package var trackingTable: String {
        switch self {
        case .diesel: "__diesel_schema_migrations"
        case .sqlx: "_sqlx_migrations"
        case .golangMigrate, .dbmate: "schema_migrations"
        case .goose: "goose_db_version"
        case .flyway: "flyway_schema_history"
        case .drizzle: "__drizzle_migrations"
        case .prisma: "_prisma_migrations"
        case .grdb: "grdb_migrations"
        }
    }

    /// The columns of the tool's tracking table that kiln reads: a table of that name without them is not the
    /// tool's.
    var trackingColumns: [String] {
        switch self {
        case .diesel, .dbmate: ["version"]
        case .sqlx: ["version", "success", "checksum"]
        case .golangMigrate: ["version", "dirty"]
        case .goose: ["id", "version_id", "is_applied"]
        case .flyway: ["installed_rank", "version", "type", "checksum", "success"]
        case .drizzle: ["hash", "created_at"]
        case .prisma: ["checksum", "finished_at", "migration_name", "rolled_back_at", "started_at"]
        case .grdb: ["identifier"]
        }
    }

    /// The reader of the tool's migration folder; nil for a tool whose migrations are code (GRDB).
    var layout: (any MigrationLayout.Type)? {
        switch self {
        case .diesel: DieselLayout.self
        case .sqlx: SQLxLayout.self
        case .golangMigrate: GolangMigrateLayout.self
        case .goose: GooseLayout.self
        case .dbmate: DbmateLayout.self
        case .flyway: FlywayLayout.self
        case .drizzle: DrizzleLayout.self
        case .prisma: PrismaLayout.self
        case .grdb: nil
        }
    }

    /// The names of `tools` as a sentence lists them: `a`, `a or b`, `a, b or c`.
    package static func spelled(_ tools: [ForeignTool]) -> String {
        tools.map(\.rawValue).spelledAsAlternatives
    }
}

/// A migration tool whose record of applied migrations (its tracking table) kiln can read to adopt a database:
/// the tools `kiln import` converts (``MigrationTool``, same raw values), plus GRDB, whose migrations are Swift
/// code and so are never imported.
package enum TrackingTool: String, Sendable, CaseIterable, Codable {
    /// diesel: `__diesel_schema_migrations(version)`, one row per applied migration, the version being the
    /// folder name's timestamp without its dashes (`2024-01-15-143022_x` → `20240115143022`).
    case diesel
    /// sqlx: `_sqlx_migrations(version, success, …)`, one row per migration, `success` 0 for a failed one.
    case sqlx
    /// golang-migrate: `schema_migrations(version, dirty)`, one row: the newest applied version.
    case golangMigrate = "golang-migrate"
    /// goose: `goose_db_version(version_id, is_applied)`, a log of applies and rollbacks.
    case goose
    /// dbmate: `schema_migrations(version)`, one row per applied migration.
    case dbmate
    /// Flyway: `flyway_schema_history(version, type, success, …)`, one row per applied script or baseline.
    case flyway
    /// GRDB's `DatabaseMigrator`: `grdb_migrations(identifier)`, the names of applied migrations.
    case grdb
}

extension TrackingTool {
    /// The tool whose folder `kiln import` read, when it is one.
    package init(_ tool: MigrationTool) {
        switch tool {
        case .diesel: self = .diesel
        case .sqlx: self = .sqlx
        case .golangMigrate: self = .golangMigrate
        case .goose: self = .goose
        case .dbmate: self = .dbmate
        case .flyway: self = .flyway
        }
    }
}

/// A migration tool whose folder `kiln import` converts, with what its tracking table is called.
package enum MigrationTool: String, CaseIterable, Sendable, Codable {
    /// Diesel: `<version>_<name>/up.sql` and `down.sql`.
    case diesel
    /// sqlx: `<version>_<name>.sql`, or reversible `.up.sql` and `.down.sql`.
    case sqlx
    /// golang-migrate: `<version>_<name>.up.sql` and `.down.sql`.
    case golangMigrate = "golang-migrate"
    /// goose: `<version>_<name>.sql` with `-- +goose Up` and `-- +goose Down` sections.
    case goose
    /// dbmate: `<version>_<name>.sql` with `-- migrate:up` and `-- migrate:down` sections.
    case dbmate
    /// Flyway: `V<version>__<name>.sql`, with `U` undo and `R__` repeatable migrations beside them.
    case flyway

    /// The table in which the tool records the versions it applied.
    package var trackingTable: String {
        switch self {
        case .diesel: "__diesel_schema_migrations"
        case .sqlx: "_sqlx_migrations"
        case .golangMigrate, .dbmate: "schema_migrations"
        case .goose: "goose_db_version"
        case .flyway: "flyway_schema_history"
        }
    }

    /// The layout reader of the tool.
    var layout: any MigrationLayout.Type {
        switch self {
        case .diesel: DieselLayout.self
        case .sqlx: SQLxLayout.self
        case .golangMigrate: GolangMigrateLayout.self
        case .goose: GooseLayout.self
        case .dbmate: DbmateLayout.self
        case .flyway: FlywayLayout.self
        }
    }
}

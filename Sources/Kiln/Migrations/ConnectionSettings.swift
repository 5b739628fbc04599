/// The per-connection settings a migration may change with a `PRAGMA` and that would otherwise leak into the
/// migrations after it (`PRAGMA legacy_alter_table = ON` in migration 5 changing how migration 9's `ALTER TABLE
/// RENAME` rewrites references), so that the schema a chain produces would depend on the version it started
/// from. The migrator reads them before the first migration and puts them back before every migration and
/// after the last, so each migration starts from the same state as the caller's connection.
///
/// `case_sensitive_like` cannot be read back; it is set to SQLite's default (off) instead.
struct ConnectionSettings {
    /// The readable settings, each a boolean pragma.
    static let names = [
        "legacy_alter_table", "recursive_triggers", "defer_foreign_keys", "ignore_check_constraints",
        "reverse_unordered_selects", "query_only", "automatic_index", "cell_size_check", "trusted_schema",
    ]

    /// Each setting's value when read.
    private let values: [(name: String, value: Int64)]

    /// Reads the settings of `connection`.
    ///
    /// - Throws: ``SQLiteError`` when a setting cannot be read.
    init(of connection: SQLiteConnection) throws {
        values = try Self.names.map { name in (name, try connection.integer(sql: "PRAGMA \(name)")) }
    }

    /// Puts every setting back as it was read.
    ///
    /// - Throws: ``SQLiteError`` when a setting cannot be written.
    func restore(on connection: SQLiteConnection) throws {
        var sql = values.map { "PRAGMA \($0.name) = \($0.value)" }
        sql.append("PRAGMA case_sensitive_like = OFF")
        try connection.execute(sql: sql.joined(separator: "; "))
    }
}

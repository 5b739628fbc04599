import Foundation

/// Makes reference tables of the copy equal to the bundled file's. Only the named tables are written, and
/// only when their rows differ from the bundle's exactly: same storage classes, same bytes (a collation such
/// as NOCASE never hides a change).
///
/// The bundled rows are read through a separate read-only connection, not an ATTACH: an attached database
/// would be visible to the migrations that run in the same transaction, and unqualified names in them (as in
/// `DROP VIEW IF EXISTS v`) could resolve to the read-only bundle.
struct ReferenceRefresher {
    /// The tables to refresh.
    let tables: [String]
    /// The bundled file.
    let bundledPath: String

    /// Refreshes every table inside the caller's open transaction (with foreign keys off); returns the tables
    /// whose rows changed.
    ///
    /// - Throws: ``InstallerError`` when a table is missing on either side, or when the refresh would leave user
    ///   rows pointing at reference rows that no longer exist (rows that already did before are not counted).
    func refresh(_ connection: SQLiteConnection) throws -> [String] {
        guard !tables.isEmpty else { return [] }
        var changed: [String] = []
        do {
            let bundled = try SQLiteConnection(path: BundledFile.uri(bundledPath), mode: .readOnly)
            for table in tables {
                let mainColumns = try columns(of: table, in: connection)
                let bundledColumns = Set(try columns(of: table, in: bundled))
                let shared = mainColumns.filter { bundledColumns.contains($0) }
                guard !mainColumns.isEmpty, !bundledColumns.isEmpty, !shared.isEmpty else {
                    throw InstallerError(
                        .refreshTableMissing(table),
                        "reference table '\(table)' is missing from the bundled database or the copy",
                        hint: "refresh only tables that both have")
                }
                let select = "SELECT \(shared.map(quoted).joined(separator: ", ")) FROM main.\(quoted(table))"
                let wanted = try bundled.rows(sql: select)
                guard try Self.multiset(connection.rows(sql: select)) != Self.multiset(wanted) else { continue }
                let orphansBefore = try orphans(referencing: table, in: connection)
                try connection.execute(sql: "DELETE FROM main.\(quoted(table))")
                let insert = try connection.prepare(
                    sql:
                        "INSERT INTO main.\(quoted(table)) (\(shared.map(quoted).joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: shared.count).joined(separator: ", ")))"
                )
                for row in wanted {
                    try insert.reset()
                    try insert.bind(row)
                    try insert.run()
                }
                if let orphan = try orphans(referencing: table, in: connection).subtracting(orphansBefore).sorted()
                    .first
                {
                    throw InstallerError(
                        .refreshBreaksForeignKeys(table: table),
                        "refreshing '\(table)' would leave \(orphan) pointing at a row the bundle no longer has",
                        hint: "keep those reference rows in the bundled database, or migrate the user rows first")
                }
                changed.append(table)
            }
        } catch let error as SQLiteError {
            throw InstallerError(.database(error), "cannot refresh reference tables: \(error.message)")
        }
        return changed
    }

    /// Refreshes in a transaction of its own, with foreign keys off while rows are replaced (so no cascade
    /// touches user rows) and checked before the commit.
    func refreshInOwnTransaction(_ connection: SQLiteConnection) throws -> [String] {
        guard !tables.isEmpty else { return [] }
        do {
            let foreignKeys = try connection.integer(sql: "PRAGMA foreign_keys") == 1
            if foreignKeys { try connection.execute(sql: "PRAGMA foreign_keys = OFF") }
            defer {
                if foreignKeys {
                    do { try connection.execute(sql: "PRAGMA foreign_keys = ON") } catch {
                        // The setting belongs to this connection only, which the installer closes next.
                    }
                }
            }
            return try connection.transaction(.immediate) { try refresh(connection) }
        } catch let error as SQLiteError {
            throw InstallerError(.database(error), "cannot refresh reference tables: \(error.message)")
        }
    }

    // MARK: - Helpers

    private func columns(of table: String, in connection: SQLiteConnection) throws -> [String] {
        try connection.rows(sql: "SELECT name FROM pragma_table_xinfo(?, 'main') WHERE hidden = 0", [.text(table)])
            .compactMap { row in
                if case .text(let name) = row[0] { return name }
                return nil
            }
    }

    /// Rows as exact byte strings (storage class tag, then bytes), counted, so two tables compare equal only
    /// when they hold the same rows byte for byte, in any order.
    private static func multiset(_ rows: [[SQLiteValue]]) -> [[UInt8]: Int] {
        var counts: [[UInt8]: Int] = [:]
        for row in rows {
            var key: [UInt8] = []
            for value in row { value.appendCanonicalBytes(to: &key) }
            counts[key, default: 0] += 1
        }
        return counts
    }

    /// The rows (as "table t rowid n") whose foreign keys point at a missing row of `parent`.
    private func orphans(referencing parent: String, in connection: SQLiteConnection) throws -> Set<String> {
        var found = Set<String>()
        for row in try connection.rows(sql: "PRAGMA main.foreign_key_check") {
            if case .text(let target) = row[2], target.lowercased() == parent.lowercased() {
                found.insert("table \(row[0]) rowid \(row[1])")
            }
        }
        return found
    }
}

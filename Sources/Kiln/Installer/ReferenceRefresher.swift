import Foundation

/// Makes reference tables of the copy equal to the bundled file's, through an attached read-only view of the
/// bundled file. Only the named tables are written, and only when they differ.
struct ReferenceRefresher {
    /// The tables to refresh.
    let tables: [String]
    /// The bundled file.
    let bundledPath: String

    private static let schema = "kiln_bundled"

    /// Attaches the bundled file read-only (outside any transaction, where ATTACH is allowed).
    func attach(_ connection: SQLiteConnection) throws {
        guard !tables.isEmpty else { return }
        do {
            let statement = try connection.prepare(sql: "ATTACH DATABASE ? AS \(Self.schema)")
            try statement.bind([.text(BundledFile.uri(bundledPath))])
            try statement.run()
        } catch let error as SQLiteError {
            throw InstallerError(.database(error), "cannot attach the bundled database: \(error.message)")
        }
    }

    /// Detaches the bundled file; a failure only means it stays attached to this connection until it closes.
    func detach(_ connection: SQLiteConnection) {
        guard !tables.isEmpty else { return }
        do { try connection.execute(sql: "DETACH DATABASE \(Self.schema)") } catch {
            // Nothing is lost: the attachment is read-only and ends with the connection.
        }
    }

    /// Refreshes every table inside the caller's open transaction; returns the tables whose rows changed.
    ///
    /// - Throws: ``InstallerError`` when a table is missing on either side, or when user rows would point at
    ///   reference rows that no longer exist.
    func refresh(_ connection: SQLiteConnection) throws -> [String] {
        var changed: [String] = []
        do {
            for table in tables {
                let columns = try connection.rows(
                    sql:
                        "SELECT name FROM pragma_table_xinfo(?, 'main') WHERE hidden = 0 AND name IN (SELECT name FROM pragma_table_xinfo(?, '\(Self.schema)'))",
                    [.text(table), .text(table)]
                ).compactMap { row -> String? in if case .text(let name) = row[0] { return name } else { return nil } }
                let existsBoth = try connection.integer(
                    sql:
                        "SELECT (SELECT count(*) FROM main.sqlite_schema WHERE type = 'table' AND name = ?1) + (SELECT count(*) FROM \(Self.schema).sqlite_schema WHERE type = 'table' AND name = ?1)",
                    [.text(table)])
                guard existsBoth == 2, !columns.isEmpty else {
                    throw InstallerError(
                        .refreshTableMissing(table),
                        "reference table '\(table)' is missing from the bundled database or the copy",
                        hint: "refresh only tables that both have")
                }
                let list = columns.map(quote).joined(separator: ", ")
                let name = quote(table)
                let differs = try connection.integer(
                    sql: """
                        SELECT (SELECT count(*) FROM main.\(name)) != (SELECT count(*) FROM \(Self.schema).\(name))
                            OR EXISTS (SELECT \(list) FROM main.\(name) EXCEPT SELECT \(list) FROM \(Self.schema).\(name))
                            OR EXISTS (SELECT \(list) FROM \(Self.schema).\(name) EXCEPT SELECT \(list) FROM main.\(name))
                        """)
                guard differs == 1 else { continue }
                try connection.execute(
                    sql:
                        "DELETE FROM main.\(name); INSERT INTO main.\(name) (\(list)) SELECT \(list) FROM \(Self.schema).\(name)"
                )
                changed.append(table)
            }
            if !changed.isEmpty {
                let refreshed = Set(changed.map { $0.lowercased() })
                for violation in try connection.rows(sql: "PRAGMA main.foreign_key_check") {
                    if case .text(let parent) = violation[2], refreshed.contains(parent.lowercased()) {
                        throw InstallerError(
                            .refreshBreaksForeignKeys(table: parent),
                            "refreshing '\(parent)' would leave rows of '\(violation[0])' pointing at rows the bundle no longer has",
                            hint: "keep those reference rows in the bundled database, or migrate the user rows first")
                    }
                }
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
            try attach(connection)
            defer { detach(connection) }
            return try connection.transaction(.immediate) { try refresh(connection) }
        } catch let error as SQLiteError {
            throw InstallerError(.database(error), "cannot refresh reference tables: \(error.message)")
        }
    }

    private func quote(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

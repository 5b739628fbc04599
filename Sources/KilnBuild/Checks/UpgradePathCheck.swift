import Foundation
import Kiln

/// For every version k from 1 to N-1: a database at k holding data (the developer's
/// `fixtures/<database>/<k>.sql`, or generated rows in every table) must migrate to N, pass the integrity and
/// foreign-key checks, and end with the fresh build's schema. Version k's database is a snapshot taken while
/// one database is migrated 1, 2, …, so the whole check is linear in N.
struct UpgradePathCheck {
    let project: KilnProject
    let migrator: Migrator

    /// The upgraded databases, by starting version, for the query check; and what went wrong.
    func run() -> (upgraded: [(version: Int32, connection: SQLiteConnection)], diagnostics: [Diagnostic]) {
        let latest = migrator.migrations.latestVersion
        guard latest > 1 else { return ([], []) }
        var diagnostics: [Diagnostic] = []
        var upgraded: [(Int32, SQLiteConnection)] = []
        let lastFile = SourceLocation(path: migrator.migrations.migrations.last!.path, line: 1, column: 1)
        do {
            let fresh = try migrator.freshSchema(at: latest)
            let chain = try SQLiteConnection(path: ":memory:")
            for version in 1..<latest {
                try migrator.migrate(chain, to: version)
                let snapshot = try SQLiteConnection(path: ":memory:")
                try chain.copyDatabase(into: snapshot)
                do {
                    try populate(snapshot, version: version)
                } catch let error as DiagnosticError {
                    diagnostics += error.diagnostics
                    continue
                }
                do {
                    try migrator.migrate(snapshot)
                } catch let error as MigrationError {
                    diagnostics += error.diagnostics.map { diagnostic in
                        Diagnostic(
                            .error,
                            "upgrading a database at version \(version) with data failed: \(diagnostic.message)",
                            at: diagnostic.location ?? lastFile, hint: fixtureHint(version), code: "upgrade-failed")
                    }
                    continue
                }
                let integrity = try snapshot.rows(sql: "PRAGMA integrity_check")
                if integrity != [["ok"]] {
                    diagnostics.append(
                        Diagnostic(
                            .error,
                            "after upgrading from version \(version), integrity_check failed: \(integrity.first?.first ?? .null)",
                            at: lastFile, code: "upgrade-failed"))
                }
                let violations = try snapshot.rows(sql: "PRAGMA foreign_key_check")
                if let first = violations.first {
                    diagnostics.append(
                        Diagnostic(
                            .error,
                            "after upgrading from version \(version), table \(first[0]) rowid \(first[1]) references a missing row of \(first[2])",
                            at: lastFile, hint: fixtureHint(version), code: "upgrade-failed"))
                }
                for difference in SchemaDifference.compare(
                    expected: fresh, actual: try SchemaSnapshot.read(from: snapshot))
                {
                    diagnostics.append(
                        Diagnostic(
                            .error,
                            "upgrading from version \(version) gives a different schema than a fresh build: \(difference)",
                            at: lastFile,
                            hint:
                                "a migration depends on what earlier ones left behind; make the upgrade path produce the same schema",
                            code: "upgrade-diverged"))
                }
                upgraded.append((version, snapshot))
            }
        } catch let error as DiagnosticError {
            diagnostics += error.diagnostics
        } catch {
            diagnostics.append(Diagnostic(.error, "\(migrator.migrations.database): \(error)", code: "upgrade-failed"))
        }
        return (upgraded, diagnostics)
    }

    private func fixtureHint(_ version: Int32) -> String {
        "the data came from fixtures/\(migrator.migrations.database)/\(version).sql or, without it, from generated rows"
    }

    /// Loads the fixture for `version`, or generated rows.
    private func populate(_ connection: SQLiteConnection, version: Int32) throws {
        let relative = "fixtures/\(migrator.migrations.database)/\(version).sql"
        let path = project.root.appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: path) {
            let file = try SQLFile(path: path, displayPath: relative)
            for statement in file.statements {
                do {
                    try connection.execute(sql: file.text(of: statement))
                } catch let error as SQLiteError {
                    let location = SQLErrorLocator.locate(
                        error, statementStart: statement.range.lowerBound, source: file.source,
                        statements: file.statements)
                    throw DiagnosticList(
                        Diagnostic(
                            .error, "\(error.message) (the fixture runs against a database at version \(version))",
                            at: location, code: "fixture-failed"))
                }
            }
        } else {
            try GeneratedRows.insert(into: connection, rowsPerTable: 3)
        }
    }
}

/// Rows made up from declared types, for upgrade checks without a fixture: every column gets a value (so NOT
/// NULL holds), values depend only on the row number and the type (so a foreign key to another table's key
/// usually finds its row), and rows a CHECK or UNIQUE constraint rejects are skipped.
enum GeneratedRows {
    static func insert(into connection: SQLiteConnection, rowsPerTable: Int) throws {
        let tables = try TableSchema.readAll(from: connection).values.sorted { $0.name < $1.name }
        try connection.transaction {
            for table in TableSchema.parentsFirst(tables, table: { $0 }) {
                let columns = table.columns.filter { !$0.isGenerated && !$0.isHidden }
                guard !columns.isEmpty else { continue }
                let list = columns.map { quoted($0.name) }.joined(separator: ", ")
                let statement = try connection.prepare(
                    sql:
                        "INSERT OR IGNORE INTO main.\(quoted(table.name)) (\(list)) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
                )
                for row in 1...rowsPerTable {
                    try statement.reset()
                    try statement.bind(columns.map { value(for: $0.affinity, row: row) })
                    try statement.run()
                }
            }
        }
    }

    static func value(for affinity: ColumnAffinity, row: Int) -> SQLiteValue {
        switch affinity {
        case .integer, .numeric: .integer(Int64(row))
        case .real: .real(Double(row) + 0.5)
        case .blob: .blob([UInt8(truncatingIfNeeded: row)])
        case .text, .none, .any: .text("row \(row)")
        }
    }
}

import Foundation
import Kiln
import Testing

@testable import KilnBuild

/// The ledger fixture's migrations (64 versions), read in place: these tests never change the fixture.
enum LedgerFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ledger/migrations/ledger").path

    /// The migration set; comment-only placeholders get a `SELECT 1;` (until comment-only migrations are
    /// valid, issue 12 item 8), which changes no schema.
    static func migrations(adding extra: [(name: String, sql: String)] = []) throws -> MigrationSet {
        var files: [(name: String, bytes: [UInt8])] = []
        for name in try FileSystem.contentsOfDirectory(folder).sorted() where name.hasSuffix(".sql") {
            var bytes = try FileSystem.contents(of: "\(folder)/\(name)")
            if !SQLLexer.containsStatement(bytes) { bytes += Array("\nSELECT 1;\n".utf8) }
            files.append((name, bytes))
        }
        files += extra.map { ($0.name, Array($0.sql.utf8)) }
        return try MigrationSet(database: "ledger", directoryPath: "migrations/ledger", files: files)
    }
}

@Suite("Upgrade data on the ledger fixture")
struct UpgradeDataLedgerTests {
    /// Used like the upgrade check uses it: migrate to each version in turn and add that version's rows.
    @Test func everyVersionGetsValidRowsThatEveryLaterMigrationAccepts() throws {
        let migrations = try LedgerFixture.migrations()
        #expect(migrations.latestVersion == 64)
        let migrator = Migrator(migrations: migrations)
        let connection = try SQLiteConnection(path: ":memory:")
        let started = Date()
        for version in 1...migrations.latestVersion {
            try migrator.migrate(connection, to: version)
            let notes = try GeneratedRows.insert(into: connection, version: version)
            #expect(notes.isEmpty, "version \(version): \(notes.map(\.reason.message))")
            #expect(try connection.rows(sql: "PRAGMA foreign_key_check").isEmpty, "version \(version)")
            #expect(try connection.rows(sql: "PRAGMA integrity_check") == [["ok"]], "version \(version)")
            for table in try TableSchema.readAll(from: connection).values {
                let count = try connection.integer(sql: "SELECT count(*) FROM \(quoted(table.name))")
                #expect(count > 0, "version \(version): \(table.name) is empty")
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        print("ledger: 64 versions migrated and populated cumulatively in \(Int(elapsed * 1000)) ms")
    }
}

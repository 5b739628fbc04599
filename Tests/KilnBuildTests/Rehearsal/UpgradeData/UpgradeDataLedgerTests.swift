import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// The ledger fixture's migrations (64 versions), read in place: these tests never change the fixture.
enum LedgerFixture {
    static let folder = TestFixtures.url("ledger/migrations/ledger").path

    /// The migration set, with `extra` migrations after the last (its comment-only placeholders are valid).
    static func migrations(through last: Int = 64, adding extra: [(name: String, sql: String)] = []) throws
        -> MigrationSet
    {
        var files: [(name: String, bytes: [UInt8])] = []
        for name in try FileSystem.contentsOfDirectory(folder).sorted()
        where name.hasSuffix(".sql") && Int(name.prefix(4)) ?? 0 <= last {
            files.append((name, try FileSystem.contents(of: "\(folder)/\(name)")))
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
        for version in 1...migrations.latestVersion {
            try migrator.migrate(connection, to: version)
            let notes = try GeneratedRows.insert(into: connection, version: version)
            #expect(notes.isEmpty, "version \(version): \(notes.map(\.reason.message))")
            #expect(try connection.rows(sql: "PRAGMA foreign_key_check").isEmpty, "version \(version)")
            #expect(try connection.rows(sql: "PRAGMA integrity_check") == [["ok"]], "version \(version)")
            let tables = try TableSchema.readAll(from: connection).values
            #expect(!tables.isEmpty, "version \(version)")
            for table in tables {
                let count = try connection.integer(sql: "SELECT count(*) FROM \(quoted(table.name))")
                #expect(count > 0, "version \(version): \(table.name) is empty")
            }
        }
    }
}

/// Real upgrade bugs planted after version 10 of the ledger: the rows generated at versions 1–10 make each one
/// fail, and the same migration without the bug passes.
@Suite("Upgrade data finds planted bugs")
struct UpgradeDataPlantedBugTests {
    /// Generates rows cumulatively at versions 1–10, then applies migration 11 (`sql`).
    ///
    /// - Returns: the error migration 11 threw, or nil when it applied.
    func upgradeError(_ sql: String) throws -> MigrationError? {
        let migrations = try LedgerFixture.migrations(through: 10, adding: [("0011_planted.sql", sql)])
        let migrator = Migrator(migrations: migrations)
        let connection = try SQLiteConnection(path: ":memory:")
        for version in Int32(1)...10 {
            try migrator.migrate(connection, to: version)
            #expect(try GeneratedRows.insert(into: connection, version: version).isEmpty)
        }
        do {
            try migrator.migrate(connection, to: 11)
            return nil
        } catch let error as MigrationError {
            return error
        }
    }

    static func rebuild(_ table: String, columns: String, copying: String) -> String {
        """
        CREATE TABLE \(table)_new (\(columns));
        INSERT INTO \(table)_new SELECT \(copying) FROM \(table);
        DROP TABLE \(table);
        ALTER TABLE \(table)_new RENAME TO \(table);
        """
    }

    @Test func aUniqueIndexOverAColumnUsersFilledWithDuplicatesFails() throws {
        let error = try #require(try upgradeError("CREATE UNIQUE INDEX account_name ON account (name);"))
        #expect("\(error)".contains("UNIQUE constraint failed: account.name"))
        #expect(try upgradeError("CREATE INDEX account_name ON account (name);") == nil)
    }

    @Test func aRebuildAddingNotNullWithoutABackfillFails() throws {
        let columns = """
            id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, category_id INTEGER,
            amount_minor INTEGER NOT NULL, booked_on TEXT NOT NULL, memo TEXT %@, payee_id INTEGER,
            status TEXT NOT NULL
            """
        let copying = "id, account_id, category_id, amount_minor, booked_on, memo, payee_id, status"
        let planted = Self.rebuild(
            "entry", columns: columns.replacingOccurrences(of: "%@", with: "NOT NULL"), copying: copying)
        let error = try #require(try upgradeError(planted))
        #expect("\(error)".contains("NOT NULL constraint failed: entry_new.memo"))
        let fixed = Self.rebuild("entry", columns: columns.replacingOccurrences(of: "%@", with: ""), copying: copying)
        #expect(try upgradeError(fixed) == nil)
    }

    @Test func anAddedCheckThatOldRowsViolateFails() throws {
        let planted = Self.rebuild(
            "tag", columns: "id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE CHECK (length(label) <= 100)",
            copying: "id, label")
        let error = try #require(try upgradeError(planted))
        #expect("\(error)".contains("CHECK constraint failed"))
        let fixed = Self.rebuild(
            "tag", columns: "id INTEGER PRIMARY KEY, label TEXT NOT NULL UNIQUE CHECK (length(label) <= 1000)",
            copying: "id, label")
        #expect(try upgradeError(fixed) == nil)
    }
}

import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Issue 12's acceptance: five realistic bugs planted, one at a time, in the 64-migration ledger; each is
/// reported once, at the failing statement, with the starting versions it affects.
@Suite("kiln check: planted upgrade bugs in the ledger")
struct PlantedUpgradeBugTests {
    static let planted = "migrations/ledger/0065_planted.sql"

    /// The one finding at the planted migration: its location and the versions it affects.
    static func plantedFinding(_ sql: String) throws -> (line: Int, column: Int, message: String, versions: [Int32]) {
        let findings = try LedgerProject([(planted, sql)]).findings().filter { $0.location?.path == planted }
        let errors = findings.filter { $0.severity == .error }
        try #require(errors.count == 1, "\(findings.flatMap(\.diagnostics).map { $0.formatted() })")
        let finding = errors[0]
        return (
            finding.location?.line ?? 0, finding.location?.column ?? 0,
            finding.commandLineDiagnostics[0].message, finding.upgradeStarts?.versions ?? []
        )
    }

    /// Distinct ordinary rows pass a UNIQUE index; only a duplicate breaks it, and whether the app ever wrote
    /// two accounts of one name kiln cannot know: a risk (a warning naming the shape), not an error.
    @Test(
        "a UNIQUE index over data users can have twice is an upgrade-risk warning")
    func uniqueIndex() throws {
        let findings = try LedgerProject([
            (
                Self.planted,
                "-- Account names are unique from now on.\nCREATE UNIQUE INDEX account_name ON account (name);\n"
            )
        ]).findings().filter { $0.location?.path == Self.planted }
        try #require(findings.count == 1, "\(findings.flatMap(\.diagnostics).map { $0.formatted() })")
        let diagnostic = findings[0].commandLineDiagnostics[0]
        #expect(diagnostic.severity == .warning && diagnostic.code == "upgrade-risk")
        #expect(findings[0].location == SourceLocation(path: Self.planted, line: 2, column: 1))
        #expect(
            diagnostic.message.hasPrefix("UNIQUE constraint failed: account.name, when upgrading from versions 2–64"))
        #expect(diagnostic.message.contains("a duplicate in a column that is not unique"))
        #expect(findings[0].upgradeStarts?.versions == Array(2...64))
    }

    @Test(
        "NOT NULL added by a table rebuild without a backfill")
    func notNullRebuild() throws {
        let found = try Self.plantedFinding(
            """
            -- Payees get a creation date; the copy forgets to fill it.
            CREATE TABLE payee_new (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                default_category_id INTEGER REFERENCES category (id) ON DELETE SET NULL,
                merged_into_id INTEGER REFERENCES payee (id) ON DELETE SET NULL,
                created_on TEXT NOT NULL
            );
            INSERT INTO payee_new (id, name, default_category_id, merged_into_id)
                SELECT id, name, default_category_id, merged_into_id FROM payee;
            DROP TABLE payee;
            ALTER TABLE payee_new RENAME TO payee;

            """)
        #expect(found.line == 9 && found.column == 1)
        #expect(
            found.message.hasPrefix(
                "NOT NULL constraint failed: payee_new.created_on, when upgrading from versions 7–64"))
        #expect(found.versions == Array(7...64))
    }

    @Test(
        "a CHECK added that old rows violate")
    func checkAdded() throws {
        let found = try Self.plantedFinding(
            """
            -- Labels get a length limit; old labels may be empty or longer.
            CREATE TABLE tag_new (
                id INTEGER PRIMARY KEY,
                label TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(label) BETWEEN 1 AND 40),
                color TEXT
            );
            INSERT INTO tag_new (id, label, color) SELECT id, label, color FROM tag;
            DROP TABLE tag;
            ALTER TABLE tag_new RENAME TO tag;

            """)
        #expect(found.line == 7 && found.column == 1)
        #expect(
            found.message.hasPrefix(
                "CHECK constraint failed: length(label) BETWEEN 1 AND 40, when upgrading from versions 10–64"))
        #expect(found.versions == Array(10...64))
    }

    @Test("an app query using a dropped column is reported once, at the query")
    func queryOnDroppedColumn() throws {
        let ledger = try LedgerProject([
            (
                Self.planted,
                "-- Institutions move to a table of their own.\nALTER TABLE account DROP COLUMN institution;\n"
            ),
            (
                "queries/ledger.sql",
                "SELECT id, name FROM account WHERE id = ?;\nSELECT id, institution FROM account WHERE id = ?;\n"
            ),
        ])
        let findings = try ledger.findings()
        let mentions = findings.filter { $0.diagnostics.contains { $0.message.contains("institution") } }
        try #require(mentions.count == 1, "\(findings.flatMap(\.diagnostics).map { $0.formatted() })")
        #expect(mentions[0].location == SourceLocation(path: "queries/ledger.sql", line: 2, column: 12))
        #expect(mentions[0].diagnostics[0].message == "no such column: institution")
    }

    @Test(
        "a foreign key left pointing at a renamed-then-dropped table")
    func renamedThenDropped() throws {
        let found = try Self.plantedFinding(
            """
            -- Rebuild payee by renaming the old table away: SQLite rewrites entry.payee_id to point at payee_old.
            ALTER TABLE payee RENAME TO payee_old;
            CREATE TABLE payee (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                default_category_id INTEGER REFERENCES category (id) ON DELETE SET NULL,
                merged_into_id INTEGER REFERENCES payee (id) ON DELETE SET NULL
            );
            INSERT INTO payee SELECT id, name, default_category_id, merged_into_id FROM payee_old;
            DROP TABLE payee_old;

            """)
        #expect(found.line == 2 && found.column == 1)
        #expect(found.message.contains("payee_old"))
        #expect(found.versions == Array(7...64))
    }
}

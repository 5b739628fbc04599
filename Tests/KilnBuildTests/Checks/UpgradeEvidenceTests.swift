import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Issue 25: an upgrade error means ordinary rows break the migration. Each history here is the 64-migration
/// ledger with a few migrations a team would write next; before the evidence rule, each gave a false error.
@Suite("kiln check: upgrade findings graded by evidence")
struct UpgradeEvidenceTests {
    /// The findings' first lines, for failure messages.
    static func lines(_ findings: [CheckFinding]) -> [String] {
        findings.flatMap(\.commandLineDiagnostics).map { String($0.formatted().split(separator: "\n")[0]) }
    }

    /// The errors and the `upgrade-risk` warnings of the ledger with `files` added.
    static func graded(_ files: [(String, String)]) throws -> (errors: [CheckFinding], risks: [CheckFinding]) {
        let findings = try LedgerProject(files).findings()
        let errors = findings.filter { $0.severity == .error }
        let risks = findings.filter { $0.commandLineDiagnostics.contains { $0.code == "upgrade-risk" } }
        return (errors, risks)
    }

    @Test("date text kept in a TIMESTAMP column and a plain TEXT column goes through a later strftime")
    func datesThroughStrftime() throws {
        let (errors, risks) = try Self.graded([
            (
                "migrations/ledger/0065_create_sync_session.sql",
                """
                -- One row per sync run, shown in the activity screen.
                CREATE TABLE sync_session (
                    id INTEGER PRIMARY KEY,
                    device_name TEXT NOT NULL,
                    created_at TIMESTAMP NOT NULL,
                    started TEXT NOT NULL
                );

                """
            ),
            (
                "migrations/ledger/0066_sync_session_days.sql",
                """
                -- The activity chart groups sessions by day.
                CREATE TABLE sync_session_new (
                    id INTEGER PRIMARY KEY,
                    device_name TEXT NOT NULL,
                    created_at TIMESTAMP NOT NULL,
                    started TEXT NOT NULL,
                    created_day TEXT NOT NULL,
                    started_day TEXT NOT NULL
                );
                INSERT INTO sync_session_new (id, device_name, created_at, started, created_day, started_day)
                    SELECT id, device_name, created_at, started, strftime('%Y-%m-%d', created_at), date(started)
                    FROM sync_session;
                DROP TABLE sync_session;
                ALTER TABLE sync_session_new RENAME TO sync_session;

                """
            ),
        ])
        #expect(errors.isEmpty, "\(Self.lines(errors))")
        #expect(risks.isEmpty, "\(Self.lines(risks))")
    }

    @Test("a column a later migration reads with json_extract and json_each, one with a JSON DEFAULT, gets JSON")
    func jsonReadLater() throws {
        let (errors, risks) = try Self.graded([
            (
                "migrations/ledger/0065_category_preferences.sql",
                """
                -- Per-category display preferences, one JSON document.
                ALTER TABLE category ADD COLUMN preferences TEXT NOT NULL DEFAULT '{}';
                -- Other spellings the bank uses for a payee, as the sync server sends them.
                ALTER TABLE payee ADD COLUMN aliases TEXT;

                """
            ),
            (
                "migrations/ledger/0066_category_budget_style.sql",
                """
                ALTER TABLE category ADD COLUMN budget_style TEXT;
                UPDATE category SET budget_style = json_extract(preferences, '$.budgetStyle');
                CREATE TABLE payee_alias (
                    payee_id INTEGER NOT NULL REFERENCES payee (id) ON DELETE CASCADE,
                    alias TEXT NOT NULL,
                    PRIMARY KEY (payee_id, alias)
                );
                INSERT OR IGNORE INTO payee_alias (payee_id, alias)
                    SELECT payee.id, each.value FROM payee, json_each(payee.aliases) AS each
                    WHERE payee.aliases IS NOT NULL AND each.type = 'text';

                """
            ),
        ])
        #expect(errors.isEmpty, "\(Self.lines(errors))")
        #expect(risks.isEmpty, "\(Self.lines(risks))")
    }

    @Test("a UNIQUE index over a column ordinary distinct rows fill is a risk naming duplicates, not an error")
    func uniqueOverDuplicates() throws {
        let path = "migrations/ledger/0065_payee_merge_unique.sql"
        let (errors, risks) = try Self.graded([
            (
                path,
                """
                -- A payee can be merged into at most one other; the app never offered a second merge.
                CREATE UNIQUE INDEX payee_merged_into ON payee (merged_into_id) WHERE merged_into_id IS NOT NULL;

                """
            )
        ])
        #expect(errors.isEmpty, "\(Self.lines(errors))")
        try #require(risks.count == 1, "\(Self.lines(risks))")
        #expect(risks[0].location == SourceLocation(path: path, line: 2, column: 1))
        let message = risks[0].commandLineDiagnostics[0]
        #expect(message.severity == .warning)
        #expect(message.message.hasPrefix("UNIQUE constraint failed: payee.merged_into_id, when upgrading from"))
        #expect(message.message.contains("duplicate"), "\(message.message)")
        #expect(message.hint?.contains("-- kiln:allow upgrade-risk") == true, "\(message.hint ?? "")")
        #expect(risks[0].upgradeStarts?.versions.isEmpty == false)
    }

    /// A table the app keeps at one row, given a key by a later rebuild; `allow` is put before the copy.
    static func singleton(allow: String = "") -> [(String, String)] {
        [
            (
                "migrations/ledger/0065_create_sync_cursor.sql",
                """
                -- Where the last pull from the sync server stopped: the app writes this one row.
                CREATE TABLE sync_cursor (
                    server_token TEXT,
                    pulled_through INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO sync_cursor (server_token, pulled_through) VALUES (NULL, 0);

                """
            ),
            (
                "migrations/ledger/0066_sync_cursor_key.sql",
                """
                -- Say in the schema that there is one cursor.
                CREATE TABLE sync_cursor_new (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    server_token TEXT,
                    pulled_through INTEGER NOT NULL DEFAULT 0
                );
                \(allow)INSERT INTO sync_cursor_new (id, server_token, pulled_through)
                    SELECT 1, server_token, pulled_through FROM sync_cursor;
                DROP TABLE sync_cursor;
                ALTER TABLE sync_cursor_new RENAME TO sync_cursor;

                """
            ),
        ]
    }

    @Test("two rows in a table the app keeps at one row are a risk naming that shape, not an error")
    func twoRowsInASingleton() throws {
        let (errors, risks) = try Self.graded(Self.singleton())
        #expect(errors.isEmpty, "\(Self.lines(errors))")
        try #require(risks.count == 1, "\(Self.lines(risks))")
        #expect(
            risks[0].location == SourceLocation(path: "migrations/ledger/0066_sync_cursor_key.sql", line: 7, column: 1))
        let message = risks[0].commandLineDiagnostics[0].message
        #expect(message.hasPrefix("UNIQUE constraint failed: sync_cursor_new.id, when upgrading from version"))
        #expect(message.contains("more than one row"), "\(message)")
        #expect(risks[0].upgradeStarts?.versions == [65])
    }

    @Test("-- kiln:allow upgrade-risk on the failing statement settles the risk")
    func allowedRisk() throws {
        let findings = try LedgerProject(
            Self.singleton(allow: "-- kiln:allow upgrade-risk -- the app writes one cursor row and never a second\n")
        ).findings()
        let kept = findings.filter { $0.severity != .note }
        #expect(kept.isEmpty, "\(Self.lines(kept))")
    }
}

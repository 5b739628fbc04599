import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// Issue 25, after the evidence rule: the checks at the newest version are graded like migrations, and
/// `LIKE`/`GLOB` patterns and lengths the history uses shape ordinary values. Each history is the 64-migration
/// ledger with the migrations a team would write next.
@Suite("kiln check: the newest version's checks and the history's patterns, graded by evidence")
struct GradedUpgradeChecksTests {
    /// Payee aliases the importer matches bank lines with, seeded from the payee names by a copy that skips
    /// the alias table's CHECK (`limit`), as the team did to keep the upgrade from failing on one bad row.
    static func aliases(limit: String) -> [(String, String)] {
        [
            (
                "migrations/ledger/0065_create_payee_alias.sql",
                """
                -- Other spellings of a payee, as bank exports write them.
                CREATE TABLE payee_alias (
                    id INTEGER PRIMARY KEY,
                    payee_id INTEGER NOT NULL REFERENCES payee (id) ON DELETE CASCADE,
                    alias TEXT NOT NULL CHECK (\(limit))
                );
                CREATE INDEX payee_alias_payee ON payee_alias (payee_id);

                """
            ),
            (
                "migrations/ledger/0066_seed_payee_alias.sql",
                """
                -- Every payee's own name is its first alias. The copy does not stop on a name the alias rule
                -- refuses: the importer trims those later.
                PRAGMA ignore_check_constraints = ON;
                INSERT INTO payee_alias (payee_id, alias) SELECT id, name FROM payee;
                PRAGMA ignore_check_constraints = OFF;

                """
            ),
        ]
    }

    @Test("integrity_check at the newest version failing only on a 300-character name is an upgrade-risk")
    func integrityOnlyOnUnusualValues() throws {
        let (errors, risks) = try UpgradeEvidenceTests.graded(Self.aliases(limit: "length(alias) <= 120"))
        #expect(errors.isEmpty, "\(UpgradeEvidenceTests.lines(errors))")
        try #require(risks.count == 1, "\(UpgradeEvidenceTests.lines(risks))")
        let message = risks[0].commandLineDiagnostics[0]
        #expect(message.severity == .warning && message.code == "upgrade-risk")
        #expect(
            message.message.hasPrefix(
                "after the last migration, integrity_check failed: CHECK constraint failed in payee_alias, when upgrading from version"
            ), "\(message.message)")
        #expect(message.message.contains("with unusual values"), "\(message.message)")
        #expect(
            risks[0].location == SourceLocation(path: "migrations/ledger/0066_seed_payee_alias.sql", line: 1, column: 1)
        )
    }

    @Test("integrity_check at the newest version failing on an empty name, which ordinary rows hold, stays an error")
    func integrityOnOrdinaryRows() throws {
        let (errors, risks) = try UpgradeEvidenceTests.graded(Self.aliases(limit: "length(alias) > 0"))
        #expect(risks.isEmpty, "\(UpgradeEvidenceTests.lines(risks))")
        try #require(errors.count == 1, "\(UpgradeEvidenceTests.lines(errors))")
        let message = errors[0].commandLineDiagnostics[0]
        #expect(message.code == "upgrade-failed")
        #expect(
            message.message.hasPrefix("after upgrading from version")
                && message.message.hasSuffix("integrity_check failed: CHECK constraint failed in payee_alias"),
            "\(message.message)")
    }

    @Test("a file name every copy matches with LIKE '%.pdf' gets names that match, so no false error")
    func fileNamesFollowLikePatterns() throws {
        let (errors, risks) = try UpgradeEvidenceTests.graded([
            (
                "migrations/ledger/0065_attachment_kind.sql",
                """
                -- The attachment list shows an icon per kind. The document picker only ever saved PDFs and
                -- photos, so the kind follows from the file name.
                CREATE TABLE attachment_new (
                    id INTEGER PRIMARY KEY,
                    entry_id INTEGER NOT NULL REFERENCES entry (id) ON DELETE CASCADE,
                    file_name TEXT NOT NULL,
                    mime_type TEXT NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'application/pdf')),
                    bytes BLOB NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('document', 'photo'))
                );
                INSERT INTO attachment_new (id, entry_id, file_name, mime_type, bytes, kind)
                    SELECT id, entry_id, file_name, mime_type, bytes,
                        CASE
                            WHEN file_name LIKE '%.pdf' THEN 'document'
                            WHEN file_name LIKE '%.jpg' OR file_name LIKE '%.png' THEN 'photo'
                        END
                    FROM attachment;
                DROP TABLE attachment;
                ALTER TABLE attachment_new RENAME TO attachment;
                CREATE INDEX attachment_entry ON attachment (entry_id);

                """
            )
        ])
        #expect(errors.isEmpty, "\(UpgradeEvidenceTests.lines(errors))")
        #expect(risks.isEmpty, "\(UpgradeEvidenceTests.lines(risks))")
    }
}

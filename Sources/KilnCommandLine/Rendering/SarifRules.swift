/// The one-line description of each rule `kiln check` reports, for SARIF's `tool.driver.rules`: code-scanning
/// tools show it as the rule's name beside each result.
enum SarifRules {
    /// The description of a finding code; a code this table does not know yet gets a general one.
    static func description(of code: String) -> String {
        descriptions[code] ?? "A finding of kiln check (\(code))."
    }

    /// The rule id of a diagnostic without a code of its own (an error from another area, such as a migration
    /// that does not run).
    static let uncoded = "error"
    /// The rule id of a warning without a code of its own.
    static let uncodedWarning = "warning"
    /// The rule id of a lone note without a code of its own.
    static let uncodedNote = "note"

    /// A record's rule id: its code, else one per severity, so a note never shares the errors' rule.
    static func id(of record: DiagnosticRecord) -> String {
        if let code = record.code { return code }
        switch record.severity {
        case "warning": return uncodedWarning
        case "note": return uncodedNote
        default: return uncoded
        }
    }

    /// What each rule finds, in a sentence.
    private static let descriptions: [String: String] = [
        uncoded: "The input could not be read or run.",
        uncodedWarning: "A warning of kiln check without a rule of its own.",
        uncodedNote: "A note of kiln check.",
        "sum-missing": "A database's migrations have no kiln.sum.",
        "sum-unreadable": "kiln.sum cannot be read.",
        "sum-mismatch": "kiln.sum's total does not match its lines.",
        "migration-edited": "A migration recorded in kiln.sum was edited.",
        "migration-renamed": "A migration recorded in kiln.sum was renamed.",
        "migration-added": "A migration is not recorded in kiln.sum.",
        "migration-removed": "A migration recorded in kiln.sum was removed.",
        "feature-too-new": "A migration uses an SQLite feature newer than minimumSQLite.",
        "build-not-reproducible": "Two builds of the same sources differ.",
        "build-failed": "A fresh build of the database fails.",
        "upgrade-failed": "A database at an earlier version does not upgrade.",
        "upgrade-check-failed": "Generated rows for an upgrade were rejected.",
        "upgrade-diverged": "An upgraded database's schema differs from a fresh build's.",
        "fixture-misnamed": "A fixture file or folder names no database or version.",
        "fixture-failed": "A fixture does not run against its version.",
        "query-failed": "An app query does not prepare.",
        "drop-table": "DROP TABLE in a migration after the first deletes user data.",
        "drop-column": "DROP COLUMN in a migration after the first deletes user data.",
        "delete-without-where": "DELETE without WHERE in a migration after the first deletes user data.",
        "rename-referenced-table": "Renaming a table rewrites other tables' foreign keys.",
        "seed-without-primary-key": "A seeded table has no primary key.",
        "full-scan": "An app query reads every row of a seeded table.",
        "unknown-lint-rule": "kiln:allow names an unknown lint rule.",
        "lint-allow-misplaced": "A kiln:allow comment belongs to no statement.",
        "table-not-populated": "kiln could not generate rows for a table.",
        "placeholder-migration": "A migration holds comments only.",
        "stand-in-used": "A migration uses a collation or function kiln runs with a stand-in.",
        "template-placeholder": "A migration holds a template placeholder kiln does not expand.",
        "schema-file-missing": "The schema file is missing.",
        "schema-file-unreadable": "The schema file cannot be read.",
        "schema-file-stale": "The schema file differs from the migrations.",
        "schema-diagram-stale": "The schema diagram differs from the migrations.",
        "schema-file-misnamed": "A schema file names no database.",
        "planned-placeholder": "A planned migration still holds a placeholder.",
    ]
}

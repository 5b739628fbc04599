import Kiln

/// Lint of the migrations (``LintCheck/migrations(_:)``): destructive statements after the first migration,
/// renames of tables other tables reference, and `-- kiln:allow` comments that name no rule or silence nothing.
struct MigrationLintRule: CheckRule {
    let identifier = "migration-lint"

    func findings(in context: CheckContext) -> [CheckFinding] {
        LintCheck.migrations(context.migrations, rehearsal: context.rehearsal)
    }

    static let codes = [
        FindingCode("drop-table", "DROP TABLE in a migration after the first deletes user data."),
        FindingCode("drop-column", "DROP COLUMN in a migration after the first deletes user data."),
        FindingCode("delete-without-where", "DELETE without WHERE in a migration after the first deletes user data."),
        FindingCode("rename-referenced-table", "Renaming a table rewrites other tables' foreign keys."),
        FindingCode("unknown-lint-rule", "kiln:allow names an unknown lint rule."),
        FindingCode("lint-allow-misplaced", "A kiln:allow comment belongs to no statement."),
    ]

    static func words(for reason: CheckFinding.Reason) -> FindingWords? {
        switch reason {
        case .destructiveMigration(let statement):
            FindingWords.lint(
                statement.rule,
                "\(statement.rawValue) in a migration after the first deletes user data on every device that upgrades",
                hint: statement == .dropTable
                    ? "to keep its rows, rebuild the 12-step way (create the new table, INSERT … SELECT from the old one, drop it, rename the new one: that DROP is not flagged); if the data must go, write '-- kiln:allow drop-table' on the line before it"
                    : "copy the data first if it matters; if it must go, write '-- kiln:allow \(statement.rule.rawValue)' on the line before it"
            )
        case .renameReferencedTable(let table, let newName, let referencedBy):
            FindingWords.lint(
                .renameReferencedTable,
                "renaming '\(table)' to '\(newName)' rewrites the foreign keys of \(referencedBy.map { "'\($0)'" }.joined(separator: ", ")) to point at '\(newName)'",
                hint:
                    "they dangle once '\(newName)' is dropped; rename the new table instead (the 12-step rebuild): create it, copy the rows, drop '\(table)', then rename the new table to '\(table)' (PRAGMA legacy_alter_table=ON before the rename also leaves them on '\(table)')"
            )
        case .unknownLintRule(let name, let suggestion):
            FindingWords(
                name.isEmpty ? "kiln:allow names no lint rule" : "unknown lint rule '\(name)' in kiln:allow",
                hint: (suggestion.map { "did you mean '\($0)'? " } ?? "")
                    + "the rules are \(LintRule.names.joined(separator: ", ")); separate several with commas and put a reason after a second '--'",
                code: "unknown-lint-rule")
        case .lintAllowMisplaced:
            FindingWords(
                "this kiln:allow comment belongs to no statement, so it silences nothing",
                hint: "put it on the line before the statement, or at the end of the statement's first line",
                code: "lint-allow-misplaced")
        default: nil
        }
    }
}

extension FindingWords {
    /// The words of a lint warning: its message ends with its rule's name (e.g. `[drop-table]`), its code is
    /// the rule's name.
    static func lint(_ rule: LintRule, _ message: String, hint: String) -> FindingWords {
        FindingWords(.warning, "\(message) [\(rule.rawValue)]", hint: hint, code: rule.rawValue)
    }
}

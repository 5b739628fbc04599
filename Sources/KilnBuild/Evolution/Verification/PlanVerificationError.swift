import Kiln

/// Why kiln refuses to write a planned migration after trying it on a copy of the newest database: the plan
/// does not give the schema file's schema, or it changes a value it claims to keep. Either is a bug in kiln's
/// planner, and kiln never writes a migration it could not prove.
package struct PlanVerificationError: DiagnosticError, Equatable {
    /// What went wrong.
    package enum Reason: Sendable, Equatable {
        /// The planned migration gives a schema that differs from the wanted one in these ways.
        case schemaDiffers([SchemaDifference])
        /// The rows of `table` (from `sourceTable`) in the kept columns `columns` are not the ones before, or
        /// fewer: `before` and `after` count them.
        case rowsChanged(table: String, sourceTable: String, columns: [String], before: Int, after: Int)
        /// The planned migration failed on the data (`dataSet` names it: generated rows or a fixture).
        case migrationFailed(dataSet: String, MigrationError)
        /// `kiln check` would report these errors in the planned migration (a feature newer than
        /// `minimumSQLite`, a misplaced `-- kiln:allow` comment).
        case failsCheck([Diagnostic])
    }

    /// What went wrong.
    package let reason: Reason
    /// Where the schema file says it (the object the failure is about), when known: never the planned
    /// migration, which was not written.
    package let location: SourceLocation?
    /// The statement of the planned migration that failed, when one did.
    package var statement: String?

    /// An error, located when known.
    package init(_ reason: Reason, at location: SourceLocation? = nil, statement: String? = nil) {
        self.reason = reason
        self.location = location
        self.statement = statement
    }

    /// Where in the planned migration (named as if written) the failure is, when a statement failed or fails
    /// check.
    var plannedLocation: SourceLocation? {
        switch reason {
        case .migrationFailed(_, let failure): failure.location
        case .failsCheck(let diagnostics): diagnostics.first?.location
        case .schemaDiffers, .rowsChanged: nil
        }
    }

    /// One error, with what to do.
    package var diagnostics: [Diagnostic] {
        let hint = "this is a bug in kiln's planner; no file was written. Write this migration by hand"
        switch reason {
        case .schemaDiffers(let differences):
            return [
                Diagnostic(
                    .error,
                    "the planned migration does not give the schema file's schema: "
                        + differences.map(\.description).joined(separator: "; "), at: location, hint: hint)
            ]
        case .rowsChanged(let table, let source, let columns, let before, let after):
            let named = columns.isEmpty ? "rows" : "values of " + columns.joined(separator: ", ")
            return [
                Diagnostic(
                    .error,
                    "the planned migration changes the \(named) of \(table) (from \(source)): \(before) rows "
                        + "before, \(after) after, not the same", at: location, hint: hint)
            ]
        case .failsCheck(let diagnostics):
            return diagnostics.map { diagnostic in
                Diagnostic(
                    .error,
                    "the planned migration would fail kiln check"
                        + (statement.map { " at `\($0)`" } ?? "")
                        + ": \(diagnostic.message)", at: location,
                    hint: "no file was written: kiln plan writes only what kiln check passes; write this step by hand")
            }
        case .migrationFailed(let dataSet, let error):
            let failing = statement.map { " in the planned statement `\($0)`" } ?? ""
            return error.diagnostics.prefix(1).map { diagnostic in
                Diagnostic(
                    .error, "the planned migration fails on \(dataSet)\(failing): \(diagnostic.message)",
                    at: location,
                    hint: "no file was written; kiln's planner wrote a step SQLite refuses, or rows kiln could not "
                        + "name break a new constraint: write this migration by hand")
            }
        }
    }
}

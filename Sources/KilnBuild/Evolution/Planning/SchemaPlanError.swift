import Kiln

/// Why `kiln plan` refuses to write a migration.
package struct SchemaPlanError: DiagnosticError, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// `--rename` names a table the current schema does not have.
        case renamedTableMissing(String)
        /// `--rename` names a column the table does not have.
        case renamedColumnMissing(table: String, column: String)
        /// The new name of a `--rename` is not in the wanted schema.
        case renameTargetMissing(SchemaRename)
        /// Steps would lose data, or fail on existing rows that break a new constraint, and
        /// `--allow-data-loss` was not given; one description per step.
        case dataLossRefused([String])
        /// A change kiln cannot write (e.g. a virtual table's module arguments); what and why.
        case unsupported(object: String, reason: String)
    }

    /// What is wrong.
    package let reason: Reason
    /// Where the wanted object is written in the schema file, when known.
    package let location: SourceLocation?
    /// For ``Reason/dataLossRefused(_:)``: the new `NOT NULL` columns without a `DEFAULT` that a new `CHECK`
    /// names, as `"table"."column"`; a `DEFAULT` the `CHECK` accepts gives existing rows a value no row can
    /// break, so the step needs no flag.
    package var columnsWantingDefault: [String] = []
    /// For ``Reason/dataLossRefused(_:)``: whether a refused step drops a table or a column, which a rename
    /// named with `--rename` would keep.
    package var dropsData = false

    /// An error, located when the schema file's text is known.
    package init(_ reason: Reason, at location: SourceLocation? = nil) {
        self.reason = reason
        self.location = location
    }

    /// This error, with what it advises, at `location`.
    package func located(at location: SourceLocation) -> SchemaPlanError {
        var located = SchemaPlanError(reason, at: location)
        located.columnsWantingDefault = columnsWantingDefault
        located.dropsData = dropsData
        return located
    }

    /// One error, with what to do.
    package var diagnostics: [Diagnostic] {
        switch reason {
        case .renamedTableMissing(let name):
            [Diagnostic(.error, "--rename names table \(name), which the migrations do not create", at: location)]
        case .renamedColumnMissing(let table, let column):
            [Diagnostic(.error, "--rename names column \(table).\(column), which does not exist", at: location)]
        case .renameTargetMissing(let rename):
            [Diagnostic(.error, "--rename \(rename): the schema file has no such new name", at: location)]
        case .dataLossRefused(let losses):
            [
                Diagnostic(
                    .error, "this change can lose data: " + losses.joined(separator: "; "), at: location,
                    hint: refusalHint)
            ]
        case .unsupported(let object, let reason):
            [Diagnostic(.error, "kiln cannot plan the change of \(object): \(reason)", at: location)]
        }
    }

    /// What to do about a refused step: give a new column a `DEFAULT`, name a rename, or pass the flag.
    private var refusalHint: String {
        let flag =
            "pass --allow-data-loss to write it anyway; a step that existing rows can break then makes the "
            + "migration fail and roll back on them"
        if !columnsWantingDefault.isEmpty {
            let columns = columnsWantingDefault.joined(separator: ", ")
            return "give \(columns) a DEFAULT that \(columnsWantingDefault.count == 1 ? "its" : "their") CHECK "
                + "accepts (NOT NULL DEFAULT <value> CHECK (…)): existing rows then get that value, so none can "
                + "break the CHECK, and there is no placeholder to fill; or " + flag
        }
        return dropsData ? "name renames with --rename, or " + flag : flag
    }
}

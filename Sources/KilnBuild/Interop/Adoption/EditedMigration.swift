import Kiln

/// An applied migration whose imported file no longer has the checksum its tool recorded: the tool itself
/// would refuse the database (sqlx) or fail its validation (Flyway).
package struct EditedMigration: Sendable, Equatable {
    /// The tool.
    package let tool: ForeignTool
    /// The version as the tool names it.
    package let version: String
    /// The source file, as `imported.json` names it below its source folder.
    package let sourceFile: String
    /// The checksum in the tool's table.
    package let recorded: String
    /// The checksum of the imported file, computed as the tool computes it.
    package let imported: String

    /// The error about the database `file`, with both sums and the two ways out.
    func diagnostic(file: String) -> Diagnostic {
        let rule = SourceChecksum.rule(of: tool).map { "; \($0)" } ?? ""
        return Diagnostic(
            .error,
            "\(file): \(tool.rawValue) recorded checksum \(recorded) for version \(version), but the imported file "
                + "\(sourceFile) has checksum \(imported): it was edited after this database ran it\(rule)",
            hint: "restore the released file and import again; or, if the edit was deliberate and this database's "
                + "schema is what the edited file makes, adopt with --accept-edited \(version)")
    }
}

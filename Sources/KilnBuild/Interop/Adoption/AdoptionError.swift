import Kiln

/// A database another tool migrated that is not at any one kiln version.
package struct AdoptionError: DiagnosticError, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// The tracking table records a version no imported migration has.
        case unknownVersion(String)
        /// `applied` is recorded while the earlier `missing` is not.
        case outOfOrder(applied: String, missing: String)
        /// `imported.json` (the error's file) cannot be read or is not what `kiln import` writes.
        case mappingUnreadable(description: String)
        /// No `migrations/<database>/imported.json` maps the tool's versions to kiln's.
        case noImportMapping(database: String, tool: ForeignTool)
        /// The mapping was imported from another tool than the one whose table is in the file.
        case otherTool(mapping: ForeignTool, table: ForeignTool)
        /// The file already has a kiln version: nothing to adopt.
        case alreadyVersioned(Int32)
        /// The tool's table records no migration kiln knows: nothing was applied.
        case nothingApplied(ForeignTool)
        /// There is no file to adopt.
        case noFile
        /// SQLite cannot read the file (not a database, damaged, an I/O error).
        case cannotRead(SQLiteError)
        /// The tool recorded another checksum for an applied migration than its imported file has: the file
        /// was edited after the migration was released.
        case editedMigration(EditedMigration)
        /// A version accepted as edited that no imported migration has.
        case unknownAcceptedVersion(String)
    }

    /// What is wrong.
    package let reason: Reason
    /// The database file, as shown to the user.
    package let file: String

    /// An error about `file`.
    package init(_ reason: Reason, file: String) {
        self.reason = reason
        self.file = file
    }

    /// What to point adoption at instead of a file that is not there or no database.
    private static let adoptHint = "adopt a database file another tool migrated"

    /// One error diagnostic, with what to do.
    package var diagnostics: [Diagnostic] {
        switch reason {
        case .noFile: [Diagnostic(.error, "no such file: \(file)", hint: Self.adoptHint)]
        case .cannotRead(let error) where error.code.matches(.notADatabase):
            [Diagnostic(.error, "\(file) is not a SQLite database", hint: Self.adoptHint)]
        case .cannotRead(let error): [Diagnostic(.error, "cannot read \(file): \(error.explanation)")]
        case .unknownVersion(let version):
            [
                Diagnostic(
                    .error, "\(file): its tracking table records version \(version), which no imported migration has",
                    hint: "import the migration folder this database was migrated with, or remove the row if that "
                        + "migration never changed the schema")
            ]
        case .mappingUnreadable(let description):
            [
                Diagnostic(
                    .error, "\(file) cannot be read as kiln import's mapping: \(description)",
                    hint: "write it again with kiln import, or restore it from version control")
            ]
        case .noImportMapping(let database, let tool):
            [
                Diagnostic(
                    .error,
                    "\(file) was migrated by \(tool.rawValue), but migrations/\(database)/imported.json is missing",
                    hint: tool == .grdb
                        ? "GRDB's migrations are Swift code, which kiln cannot import: adopt the file with '--baseline N' "
                            + "once its schema is what migrations 1 to N produce (kiln ignores grdb_migrations; "
                            + "'--drop-tracking-table' drops it with the baseline)"
                        : "import the tool's migration folder first, with kiln import \(database) <folder>")
            ]
        case .otherTool(let mapping, let table):
            [
                Diagnostic(
                    .error,
                    "\(file) was migrated by \(table.rawValue), but the migrations were imported from \(mapping.rawValue)",
                    hint: "import the folder the tool that migrated this file used")
            ]
        case .alreadyVersioned(let version):
            [
                Diagnostic(
                    .error, "\(file) is already at kiln version \(version): there is nothing to adopt",
                    hint: "migrate it without adopting")
            ]
        case .nothingApplied(let tool):
            [
                Diagnostic(
                    .error, "\(file): \(tool.rawValue)'s table records no applied migration",
                    hint: "an empty database needs no adoption: delete the table and migrate it")
            ]
        case .editedMigration(let edited): [edited.diagnostic(file: file)]
        case .unknownAcceptedVersion(let version):
            [
                Diagnostic(
                    .error, "--accept-edited \(version): no imported migration has version \(version)",
                    hint: "name the version as the tool does, as imported.json's sourceVersion writes it")
            ]
        case .outOfOrder(let applied, let missing):
            [
                Diagnostic(
                    .error, "\(file): version \(applied) was applied but the earlier \(missing) was not",
                    hint: "apply \(missing) with the old tool first, so the database is at one version of the history")
            ]
        }
    }
}

import Kiln

/// `kiln import` refused a source folder or could not write the result; nothing was written.
///
/// ```swift
/// catch let error as ImportError where error.reason == .missingUpFile { … }
/// ```
package struct ImportError: DiagnosticError, Equatable {
    /// Why the import refused.
    package enum Reason: Sendable, Equatable {
        /// The source path is not a folder.
        case sourceNotAFolder(String)
        /// A file or folder could not be read or listed.
        case cannotRead(String, FileSystemError)
        /// An entry of the source folder (`link`, as shown) resolves through a symbolic link to `target`,
        /// outside the source folder (`folder`, as shown): kiln reads nothing outside the folder named.
        case linkOutsideFolder(link: String, target: String, folder: String)
        /// A migration file holds a NUL byte (the location), where SQLite would stop reading it.
        case nulByte
        /// A migration file holds bytes that are not UTF-8 (the location), which kiln would refuse to run.
        case invalidUTF8
        /// No layout's signature is in the folder.
        case unknownLayout(String)
        /// Several layouts fit the folder; which one is meant must be named.
        case ambiguousLayout(String, [ForeignTool])
        /// The folder has no up migration of the tool.
        case noMigrations(String, ForeignTool)
        /// A `.sql` file the tool's layout does not name.
        case unrecognizedFile(ForeignTool)
        /// A file's version does not fit what the tool stores (e.g. sqlx's 64-bit integer).
        case versionOutOfRange(String, ForeignTool)
        /// Two migrations with the same version.
        case duplicateVersion(String, otherFile: String)
        /// A migration folder (diesel) without `up.sql`.
        case missingUpFile
        /// A goose or dbmate file without its up marker, or with the down marker before it.
        case missingUpSection(String)
        /// A templating placeholder the tool expands when it runs the file.
        case placeholder(String)
        /// Migrations written as code (goose's Go, Flyway's Java…), which have no SQL to import: every one, in
        /// the tool's order, at its file (the error's location is the first). Imported as placeholders only when
        /// asked (``CodeMigrationPolicy/placeholder``).
        case codeMigrations(ForeignTool, [SourceLocation])
        /// The tool named writes every migration as code (GRDB): there is no folder of SQL to import.
        case migrationsAreCode(ForeignTool)
        /// A file chosen by dialect (`.sql.sqlite`): which variant is SQLite's is a decision to make by hand.
        case dialectVariant
        /// A file the tool reads besides its migrations (drizzle's `meta/_journal.json`) is missing or is not
        /// what the tool writes; the text says what is wrong with it.
        case toolFile(String)
        /// Prisma's `migration_lock.toml` names another provider than SQLite (the provider named).
        case notSQLite(String)
        /// A Prisma migration folder without `migration.sql`.
        case missingMigrationFile
        /// `migrations/<db>/` already holds entries.
        case targetNotEmpty(String)
        /// `migrations/<db>` exists and is not a folder (a regular file, a FIFO…): nothing can be imported into it.
        case targetNotAFolder(String, FileKind)
        /// Writing the new migrations failed at `path`.
        case cannotWrite(String, FileSystemError)
    }

    /// Why the import refused.
    package let reason: Reason
    /// The file (and line) at fault, where there is one.
    package let location: SourceLocation?

    /// An error for `reason` at `location`.
    package init(_ reason: Reason, at location: SourceLocation? = nil) {
        self.reason = reason
        self.location = location
    }

    /// One error, at its location where it has one; for code migrations, followed by a note at each one.
    package var diagnostics: [Diagnostic] {
        var diagnostics = [Diagnostic(.error, reason.message, at: location, hint: reason.hint, code: "import")]
        if case .codeMigrations(_, let files) = reason {
            diagnostics += files.map {
                Diagnostic(
                    .note, "written in \(CodeMigrationPlaceholder.language(of: $0.path)), not SQL", at: $0,
                    code: "import")
            }
        }
        return diagnostics
    }
}

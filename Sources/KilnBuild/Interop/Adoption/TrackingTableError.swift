import Kiln

/// A tracking table that cannot be trusted to say what was applied.
package struct TrackingTableError: DiagnosticError, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// golang-migrate marked `version` dirty: it failed half-way and the tool itself refuses to go on.
        case dirty(tool: ForeignTool, version: String)
        /// The tool recorded `version` as failed (sqlx `success = 0`, Flyway `success = 0`).
        case failed(tool: ForeignTool, version: String)
        /// Several tools' tracking tables are in the file; `tools` are the ones found.
        case several(tools: [ForeignTool])
        /// No known tracking table is in the file.
        case none
        /// A table has the name of `tool`'s tracking table but lacks its `missing` columns: it is not the tool's.
        case notTheToolsTable(tool: ForeignTool, table: String, missing: [String])
        /// A row of `tool`'s `table` has no version (NULL or empty), so it names no migration.
        case missingVersion(tool: ForeignTool, table: String)
    }

    /// What is wrong.
    package let reason: Reason
    /// The database file, as shown to the user.
    package let file: String

    /// An error about the tracking table of `file`.
    package init(_ reason: Reason, file: String) {
        self.reason = reason
        self.file = file
    }

    /// One error diagnostic, with what to do.
    package var diagnostics: [Diagnostic] {
        switch reason {
        case .dirty(let tool, let version):
            [
                Diagnostic(
                    .error, "\(file): \(tool.rawValue) marked version \(version) dirty: it failed half-way",
                    hint: "repair the database and clear the dirty flag with \(tool.rawValue) itself (migrate force "
                        + "\(version) after fixing it), then adopt it")
            ]
        case .failed(let tool, let version):
            [
                Diagnostic(
                    .error, "\(file): \(tool.rawValue) recorded version \(version) as failed",
                    hint: "repair the database with \(tool.rawValue) first, so that every recorded migration succeeded")
            ]
        case .several(let tools):
            [
                Diagnostic(
                    .error,
                    "\(file) holds the tracking tables of several tools: "
                        + tools.map(\.rawValue).joined(separator: ", "),
                    hint: "drop the table of the tool that no longer manages this file, then adopt it")
            ]
        case .notTheToolsTable(let tool, let table, let missing):
            [
                Diagnostic(
                    .error,
                    "\(file): \(table) is not \(tool.rawValue)'s tracking table: it has no column "
                        + missing.map { "'\($0)'" }.joined(separator: ", "),
                    hint: "if it is a table of your own, rename it, then adopt the file with a baseline instead")
            ]
        case .missingVersion(let tool, let table):
            [
                Diagnostic(
                    .error, "\(file): \(tool.rawValue)'s \(table) has a row without a version (NULL or empty)",
                    hint: "delete or repair that row with \(tool.rawValue) itself, so every row names a migration")
            ]
        case .none:
            [
                Diagnostic(
                    .error, "\(file) has no tracking table kiln knows",
                    hint: "the known ones: " + ForeignTool.allCases.map(\.rawValue).joined(separator: ", ")
                        + "; a file no tool tracked is adopted with a baseline instead")
            ]
        }
    }
}

import Kiln

/// Why `kiln migrate --drop-tracking-table` drops nothing: it drops only the tracking table of one tool kiln
/// knows, named and shaped as that tool makes it, in the transaction of the baseline that takes a file at
/// version 0 over, and never any other table. Refused before anything is written.
package struct TrackingTableDropError: DiagnosticError, Equatable {
    /// What is wrong.
    package enum Reason: Sendable, Equatable {
        /// There is no file: a new database has no other tool's table.
        case noFile
        /// The file is already at a kiln version, so no baseline takes it over.
        case alreadyVersioned(Int32)
        /// No table has the name of a known tool's tracking table.
        case none
        /// A table has the name of `tool`'s tracking table but lacks its `missing` columns: it is the user's.
        case notTheToolsTable(tool: ForeignTool, table: String, missing: [String])
        /// Several tools' tracking tables are there; `tools` are the ones found.
        case several(tools: [ForeignTool])
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

    /// The refusal of `--drop-tracking-table` that an error reading the tracking table of `file` amounts to.
    init(_ error: TrackingTableError) {
        switch error.reason {
        case .several(let tools): self.init(.several(tools: tools), file: error.file)
        case .notTheToolsTable(let tool, let table, let missing):
            self.init(.notTheToolsTable(tool: tool, table: table, missing: missing), file: error.file)
        default: self.init(.none, file: error.file)
        }
    }

    /// What to do instead, whatever the reason.
    private static let leaveItOut = "leave '--drop-tracking-table' out"

    /// One error diagnostic, with what to do.
    package var diagnostics: [Diagnostic] {
        switch reason {
        case .noFile:
            [
                Diagnostic(
                    .error, "--drop-tracking-table: no such file: \(file)", hint: "\(Self.leaveItOut) to create it")
            ]
        case .alreadyVersioned(let version):
            [
                Diagnostic(
                    .error,
                    "\(file) is already at kiln version \(version): --drop-tracking-table drops a tracking table only "
                        + "with the baseline that takes a file at version 0 over",
                    hint: "\(Self.leaveItOut): kiln ignores another tool's tracking table")
            ]
        case .none:
            [
                Diagnostic(
                    .error,
                    "\(file) holds no tracking table of a tool kiln knows: --drop-tracking-table has nothing to drop",
                    hint: "it drops only one of "
                        + Set(ForeignTool.allCases.map(\.trackingTable)).sorted().joined(separator: ", ")
                        + ", never a table of yours; \(Self.leaveItOut)")
            ]
        case .notTheToolsTable(let tool, let table, let missing):
            [
                Diagnostic(
                    .error,
                    "\(file): \(table) is not \(tool.rawValue)'s tracking table (it has no column "
                        + missing.map { "'\($0)'" }.joined(separator: ", ") + "), so --drop-tracking-table leaves it",
                    hint: "it drops only a tool's own tracking table, never a table of yours; \(Self.leaveItOut)")
            ]
        case .several(let tools):
            [
                Diagnostic(
                    .error,
                    "\(file) holds the tracking tables of several tools ("
                        + tools.map(\.rawValue).joined(separator: ", ")
                        + "): --drop-tracking-table drops one tool's table, and cannot tell which",
                    hint: "drop the tables of the tools that no longer manage this file yourself, then baseline it")
            ]
        }
    }
}

import Kiln

/// A tracking table that cannot be trusted to say what was applied.
public struct TrackingTableError: DiagnosticError, Equatable {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// golang-migrate marked `version` dirty: it failed half-way and the tool itself refuses to go on.
        case dirty(tool: TrackingTool, version: String)
        /// The tool recorded `version` as failed (sqlx `success = 0`, Flyway `success = 0`).
        case failed(tool: TrackingTool, version: String)
        /// Several tools' tracking tables are in the file; `tools` are the ones found.
        case several(tools: [TrackingTool])
        /// No known tracking table is in the file.
        case none
    }

    /// What is wrong.
    public let reason: Reason
    /// The database file, as shown to the user.
    public let file: String

    /// An error about the tracking table of `file`.
    public init(_ reason: Reason, file: String) {
        self.reason = reason
        self.file = file
    }

    /// One error diagnostic, with what to do.
    public var diagnostics: [Diagnostic] {
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
        case .none:
            [
                Diagnostic(
                    .error, "\(file) has no tracking table kiln knows",
                    hint: "the known ones: " + TrackingTool.allCases.map(\.rawValue).joined(separator: ", ")
                        + "; a file no tool tracked is adopted with a baseline instead")
            ]
        }
    }
}

import Foundation
import Kiln

extension MigrateFleetText {
    /// What standard error says of a file whose outcome is a failure: the error as `kiln migrate --db` words
    /// it, at the same location (the migration file, when there is one), but with the file's path in front of
    /// the message when the message does not already name it, and with the note a fleet needs (a busy lock, a
    /// full disk). Without a location it prints as `kiln: error: tenants/newer.db: the database is at …`.
    /// `namingFile` false leaves the message as it is, for a JSON line whose `path` names the file.
    func diagnostics(for result: FleetFileResult, namingFile: Bool = true) -> [Diagnostic] {
        let shown = pattern.shown(result.file)
        let diagnostics =
            result.error.map { worded($0, of: result.file) }
            ?? [Diagnostic(.error, "another connection held the write lock")]
        let note = fleetNote(for: result)
        return diagnostics.enumerated().map { index, diagnostic in
            guard index == 0 else { return diagnostic }
            let named = !namingFile || diagnostic.message.contains(shown)
            let message = named ? diagnostic.message : "\(shown): \(diagnostic.message)"
            return Diagnostic(
                diagnostic.severity, message, at: diagnostic.location, hint: note ?? diagnostic.hint,
                code: diagnostic.code)
        }
    }

    /// An error of one file as `kiln migrate --db` words it, but with the file's path as the user spelled it
    /// and without the notes that speak of `--db` (a fleet's files are never created, and come from a pattern).
    func worded(_ error: any Error, of file: FleetFile) -> [Diagnostic] {
        let shown = pattern.shown(file)
        var hint: String?? = nil
        if let error = error as? MigrationError {
            switch error.reason {
            case .notADatabase: hint = .some("the pattern names a file that is not a database; kiln left it alone")
            case .emptyFile(throughSymbolicLink: false):
                hint = .some(
                    "kiln left it alone; pass --create-empty to make each empty file of the fleet a new database")
            case .emptyFile(throughSymbolicLink: true):
                hint = .some(
                    "kiln left it alone: an empty file reached through a symbolic link is never made a database, "
                        + "even with --create-empty")
            case .applicationIDMismatch: hint = .some("this file belongs to another application; kiln left it alone")
            case .invalidTarget(let target, let current, _, nil) where current > target:
                hint = .some("kiln never migrates a database down; this file stays at version \(current)")
            default: break
            }
        }
        if let error = error as? FileSystemError, error.refusedKind == .directory {
            return [
                Diagnostic(
                    .error, "a folder, not a database",
                    hint: "the pattern matches a folder's name; kiln migrates files only and left it alone")
            ]
        }
        return ErrorRendering.diagnostics(for: error).map { diagnostic in
            Diagnostic(
                diagnostic.severity, diagnostic.message.replacingOccurrences(of: file.path, with: shown),
                at: diagnostic.location, hint: hint ?? diagnostic.hint, code: diagnostic.code)
        }
    }

    /// The note that replaces the error's own: what to do about a lock held throughout, or a full disk.
    func fleetNote(for result: FleetFileResult) -> String? {
        if result.outcome == .busy {
            return "another connection held the write lock through \(busyAttempts) attempt"
                + "\(busyAttempts == 1 ? "" : "s") of \(Self.seconds(milliseconds: busyTimeoutMilliseconds)) each; "
                + "run again when the writer is done"
        }
        if result.isUnwritable {
            return "kiln could not write this file (read-only file, folder or file system); nothing was written to it"
        }
        guard Self.isDiskFull(result) else { return nil }
        return "free space on the disk and run the same command again: each file is at its old version or further "
            + "along"
    }

    /// Whether a file failed on a full disk: `SQLITE_FULL` behind its error, or `ENOSPC`.
    static func isDiskFull(_ result: FleetFileResult) -> Bool {
        if result.sqliteCode?.primary == .full { return true }
        return (result.error as? FileSystemError)?.cause == .system(errno: ENOSPC)
    }

    /// `2 s`, `1.5 s`.
    static func seconds(milliseconds: Int32) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : String(format: "%g s", Double(milliseconds) / 1000)
    }
}

import Foundation
import Kiln

/// Reading an existing database file for inspection, never creating or changing it.
enum DatabaseFile {
    /// Opens an existing file read-only, with errors that name the file (and, in the hint for a missing one,
    /// `database` when it is known).
    ///
    /// - Returns: a read-only connection.
    /// - Throws: ``DiagnosticFailure`` when there is no such file, it is not a SQLite database, it is shorter
    ///   than its header says, SQLite cannot read it, or an interrupted write left a hot journal that only a
    ///   writer may roll back; or the
    ///   ``SQLiteError`` or ``FileSystemError`` of opening it (a path that is not a regular file is refused).
    static func open(_ path: String, shownAs name: String, database: String? = nil) throws -> SQLiteConnection {
        guard FileSystem.exists(path) else {
            throw DiagnosticFailure(
                Diagnostic(
                    .error, "no such file: \(name)",
                    hint: "create it with 'kiln migrate \(database ?? "<database>") --db \(name)'"))
        }
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        if let mismatch = DatabaseSizeMismatch.of(fileAt: path) {
            throw DiagnosticFailure(
                Diagnostic(
                    .error, "\(name) is truncated: \(mismatch.description)",
                    hint: "the missing pages are lost: restore \(name) from a copy, or make it again with "
                        + "'kiln migrate'"))
        }
        do {
            _ = try connection.integer(sql: "SELECT count(*) FROM sqlite_schema")
        } catch let error as SQLiteError where error.code.matches(.notADatabase) {
            throw DiagnosticFailure(Diagnostic(.error, "\(name) is not a SQLite database"))
        } catch let error as SQLiteError where error.isInterruptedWrite {
            throw DiagnosticFailure(
                Diagnostic(
                    .error, SQLiteError.interruptedWriteDescription(of: name, code: error.code),
                    hint: MigrationError.interruptedWriteHint(name)))
        } catch let error as SQLiteError {
            throw DiagnosticFailure(Diagnostic(.error, "cannot read \(name): \(error.explanation)"))
        }
        return connection
    }

    /// The schema of an existing file.
    ///
    /// - Returns: its normalized schema.
    /// - Throws: what ``open(_:shownAs:)`` and reading the schema throw.
    static func schema(of path: String, shownAs name: String) throws -> SchemaSnapshot {
        try SchemaSnapshot.read(from: open(path, shownAs: name))
    }
}

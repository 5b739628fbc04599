import Foundation

extension Migrator {
    /// Migrates the database file at `path`, creating it when it does not exist.
    ///
    /// A file this call created is removed again when nothing could be committed to it, so a failed first
    /// migration leaves the disk as it was. With `dryRun`, the migrations run on an in-memory copy of the file
    /// (or an empty in-memory database when there is no file) and the file is only read: it is neither
    /// created nor changed.
    ///
    /// - Throws: ``MigrationError``.
    @discardableResult
    public func migrate(
        fileAt path: String, to target: Int32? = nil, baseline: Int32? = nil, dryRun: Bool = false,
        onEvent: (Event) -> Void = { _ in }
    ) throws -> Report {
        let existed = FileManager.default.fileExists(atPath: path)
        if dryRun {
            let scratch = try open(":memory:", mode: .readWriteCreate)
            if existed {
                let original = try open(path, mode: .readOnly)
                do { try original.copyDatabase(into: scratch) } catch let error as SQLiteError {
                    if error.code ~= .notADatabase {
                        throw MigrationError(
                            reason: .notADatabase,
                            diagnostics: [
                                Diagnostic(
                                    .error, "\(path) is not a SQLite database", hint: "point --db at a database file")
                            ])
                    }
                    throw MigrationError(
                        reason: .database(error),
                        diagnostics: [Diagnostic(.error, "cannot read \(path): \(error.message)")])
                }
            }
            return try migrate(scratch, to: target, baseline: baseline, onEvent: onEvent)
        }
        let connection = try open(path, mode: .readWriteCreate)
        do {
            return try migrate(connection, to: target, baseline: baseline, onEvent: onEvent)
        } catch {
            if !existed { removeIfEmpty(path, connection: connection) }
            throw error
        }
    }

    private func open(_ path: String, mode: SQLiteConnection.OpenMode) throws -> SQLiteConnection {
        do {
            return try SQLiteConnection(path: path, mode: mode)
        } catch let error as SQLiteError {
            throw MigrationError(
                reason: .database(error),
                diagnostics: [
                    Diagnostic(
                        .error, "cannot open \(path): \(error.message)",
                        hint: "check that its folder exists and is writable")
                ])
        }
    }

    /// Deletes a file this process created when nothing was ever committed to it (it is still 0 bytes).
    private func removeIfEmpty(_ path: String, connection: SQLiteConnection) {
        do { try connection.close() } catch {
            // A statement is still alive somewhere; leave the file alone rather than pull it from under it.
            return
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = attributes?[.size] as? NSNumber, size.intValue == 0 else { return }
        unlink(path)
        unlink(path + "-journal")
    }
}

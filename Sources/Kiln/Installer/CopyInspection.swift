/// What an existing copy is, judged through SQLite only (the live file is never opened with plain file APIs).
enum CopyInspection {
    /// A copy that can be used, with its open connection and version.
    case healthy(SQLiteConnection, version: Int32)
    /// A copy that cannot be used and must be moved aside: empty, not a database, another application's,
    /// or failing `quick_check`.
    case damaged

    /// Opens and judges the copy at `path`, read-only first: a read-only connection never checkpoints,
    /// rolls back or deletes side files, so a copy that is refused (a newer version) stays exactly as it was.
    /// Only when SQLite must first roll back a hot journal of the copy's own does it open read-write.
    /// `prepare` (the installer's ``DatabaseInstaller/prepareConnection``) runs on the connection first, since
    /// `quick_check` reads a schema that may use the app's collations and functions.
    static func inspect(
        _ path: String, bundledApplicationID: Int32, prepare: ((SQLiteConnection) throws -> Void)? = nil
    ) throws
        -> CopyInspection
    {
        do {
            return try inspect(path, bundledApplicationID: bundledApplicationID, mode: .readOnly, prepare: prepare)
        } catch let failure as InstallFailure {
            guard case .database(let error, _) = failure.reason, error.code.matches(.readOnly) else { throw failure }
            return try inspect(path, bundledApplicationID: bundledApplicationID, mode: .readWrite, prepare: prepare)
        }
    }

    private static func inspect(
        _ path: String, bundledApplicationID: Int32, mode: SQLiteConnection.OpenMode,
        prepare: ((SQLiteConnection) throws -> Void)?
    ) throws -> CopyInspection {
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, mode: mode)
        } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .open))
        }
        try prepare?(connection)
        do {
            let facts = try connection.rows(
                sql: "SELECT * FROM pragma_page_count, pragma_user_version, pragma_application_id")
            guard let row = facts.first, case .integer(let pages) = row[0], case .integer(let version) = row[1],
                case .integer(let applicationID) = row[2]
            else { return try damaged(connection) }
            if pages == 0 { return try damaged(connection) }
            if applicationID != 0 && applicationID != Int64(bundledApplicationID) { return try damaged(connection) }
            if try connection.rows(sql: "PRAGMA quick_check") != [["ok"]] { return try damaged(connection) }
            return .healthy(connection, version: Int32(truncatingIfNeeded: version))
        } catch let error as SQLiteError where error.code.matches(.notADatabase) || error.code.matches(.corrupt) {
            return try damaged(connection)
        } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .read))
        }
    }

    /// Closes the connection before the file is moved, so no descriptor of it stays open.
    private static func damaged(_ connection: SQLiteConnection) throws -> CopyInspection {
        do { try connection.close() } catch let error as SQLiteError {
            throw InstallFailure(.database(error, step: .close))
        }
        return .damaged
    }
}

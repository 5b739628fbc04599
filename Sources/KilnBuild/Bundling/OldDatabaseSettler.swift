import Foundation
import Kiln

/// Makes the database a reset replaces complete on its own, with SQLite's own protocols, before its name is
/// given to the fresh build: an exclusive transaction (which rolls back a hot journal), a `TRUNCATE`
/// checkpoint of a WAL-mode file, and closing the connection, after which SQLite has removed the `-wal` and
/// `-shm` files unless another connection still has them.
struct OldDatabaseSettler {
    /// The old file.
    let path: String
    /// Go on when another process has the file open (waiting up to 5 s for its locks).
    let force: Bool

    /// Settles the file.
    ///
    /// - Throws: ``ResetError`` when another process visibly has the file open (unless `force`), or the
    ///   ``SQLiteError`` of a file SQLite cannot open; a file that is not a database is left as it is.
    func settle() throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: force ? 5000 : 0)
        do {
            try lockAndCheckpoint(connection)
        } catch let error as SQLiteError where error.code ~= .notADatabase {
            // Not a database: nothing of SQLite's to settle; it is kept as it is.
            try connection.close()
            return
        } catch {
            try? connection.close()
            throw error
        }
        try connection.close()
        guard !force else { return }
        // SQLite removes them when the last connection closes; another connection keeps them.
        if FileSystem.exists(path + "-wal") || FileSystem.exists(path + "-shm") {
            throw ResetError(.inUse(path: path, by: .walConnection))
        }
    }

    /// The exclusive transaction and the checkpoint.
    private func lockAndCheckpoint(_ connection: SQLiteConnection) throws {
        do {
            try connection.execute(sql: "BEGIN EXCLUSIVE")
            try connection.execute(sql: "COMMIT")
        } catch let error as SQLiteError where error.code ~= .busy {
            // With force, go on: the checkpoint below does what it can, and what it cannot is carried along.
            guard force else { throw ResetError(.inUse(path: path, by: .transaction)) }
        }
        guard case .text(let mode) = try connection.scalar(sql: "PRAGMA journal_mode"), mode == "wal" else { return }
        let result = try connection.rows(sql: "PRAGMA wal_checkpoint(TRUNCATE)").first ?? []
        // (busy, frames in the WAL, frames checkpointed): busy is 1 when a reader kept it from finishing.
        if case .integer(let busy) = result.first, busy != 0, !force {
            throw ResetError(.inUse(path: path, by: .walConnection))
        }
    }
}

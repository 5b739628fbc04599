import Foundation
import Kiln

/// Makes the database a reset replaces complete on its own, with SQLite's own protocols, and holds SQLite's
/// write lock on it while its name is given to the fresh build.
///
/// An exclusive transaction rolls back a hot journal; a WAL-mode file is switched to rollback-journal mode
/// (`PRAGMA journal_mode = DELETE` checkpoints the whole WAL into the file, removes the `-wal` and `-shm`, and
/// succeeds only when no other connection has the file open). Then a write transaction (`BEGIN IMMEDIATE`) is
/// held until the publishing rename is done, so no process that opens the file in between can write to it,
/// create a `-journal` beside it, or turn WAL mode back on (which would make a `-wal` that the fresh file would
/// inherit). A process still holding the old file after the rename writes to `FILE.previous`, or gets
/// `SQLITE_READONLY_DBMOVED`.
struct OldDatabaseSettler {
    /// The old file.
    let path: String
    /// Go on when another process has the file open (waiting up to 5 s for its locks); the lock is then not
    /// held while publishing.
    let force: Bool

    /// Settles the file, then runs `publish` while no other connection may write to it.
    ///
    /// - Throws: ``ResetError`` when another process visibly has the file open (unless `force`), the
    ///   ``SQLiteError`` of a file SQLite cannot open, or what `publish` throws (the lock is released first); a
    ///   file that is not a database is left as it is and published without a lock.
    func settle(thenWhileLocked publish: () throws -> Void) throws {
        let connection = try SQLiteConnection(path: path, mode: .readWrite, busyTimeoutMilliseconds: force ? 5000 : 0)
        do {
            try force ? checkpointWhatCan(connection) : settleAndLock(connection)
        } catch let error as SQLiteError where error.code ~= .notADatabase {
            // Not a database: nothing of SQLite's to settle or lock; it is kept as it is.
            try connection.close()
            return try publish()
        } catch {
            try? connection.close()
            throw error
        }
        if force {
            try connection.close()
            return try publish()
        }
        do { try publish() } catch {
            try? connection.execute(sql: "ROLLBACK")
            try? connection.close()
            throw error
        }
        // Published: the old file's lock is released; nothing here may fail the reset any more.
        try? connection.execute(sql: "ROLLBACK")
        try? connection.close()
    }

    /// Rolls back a hot journal, leaves WAL mode, and takes the write lock, or says who has the file.
    private func settleAndLock(_ connection: SQLiteConnection) throws {
        do {
            try connection.execute(sql: "BEGIN EXCLUSIVE")
            try connection.execute(sql: "COMMIT")
        } catch let error as SQLiteError where error.code ~= .busy {
            throw ResetError(.inUse(path: path, by: .transaction))
        }
        if try journalMode(connection) == "wal" {
            // Fails (or keeps "wal") while another connection has the file open.
            let mode = try? connection.scalar(sql: "PRAGMA journal_mode = DELETE")
            guard case .text(let newMode) = mode, newMode.lowercased() == "delete" else {
                throw ResetError(.inUse(path: path, by: .walConnection))
            }
        }
        do { try connection.execute(sql: "BEGIN IMMEDIATE") } catch let error as SQLiteError where error.code ~= .busy {
            throw ResetError(.inUse(path: path, by: .transaction))
        }
    }

    /// With `force`: the exclusive transaction and a `TRUNCATE` checkpoint where the locks allow; what a WAL
    /// still holds is carried along by the caller.
    private func checkpointWhatCan(_ connection: SQLiteConnection) throws {
        do {
            try connection.execute(sql: "BEGIN EXCLUSIVE")
            try connection.execute(sql: "COMMIT")
        } catch let error as SQLiteError where error.code ~= .busy {
            // Go on: the checkpoint below does what it can.
        }
        if try journalMode(connection) == "wal" { _ = try connection.rows(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
    }

    /// The file's journal mode, lowercased.
    private func journalMode(_ connection: SQLiteConnection) throws -> String? {
        guard case .text(let mode) = try connection.scalar(sql: "PRAGMA journal_mode") else { return nil }
        return mode.lowercased()
    }
}

import Foundation
import Testing

@testable import Kiln

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// What an error of the disk says: SQLite's extended code by name, the system call and the errno.
@Suite("SQLite errors keep their extended code, errno and file")
struct SQLiteErrorExplanationTests {
    @Test("extended codes are named as sqlite3.h names them; an unknown one keeps its number")
    func names() {
        #expect(SQLiteResultCode(rawValue: SQLITE_IOERR | (5 << 8)).name == "SQLITE_IOERR_DIR_FSYNC")
        #expect(SQLiteResultCode(rawValue: SQLITE_IOERR | (3 << 8)).name == "SQLITE_IOERR_WRITE")
        #expect(SQLiteResultCode.full.name == "SQLITE_FULL")
        #expect(SQLiteResultCode.constraintUnique.name == "SQLITE_CONSTRAINT_UNIQUE")
        #expect(SQLiteResultCode(rawValue: SQLITE_ABORT | (2 << 8)).name == "SQLITE_ABORT_ROLLBACK")
        #expect(SQLiteResultCode(rawValue: SQLITE_READONLY | (6 << 8)).name == "SQLITE_READONLY_DIRECTORY")
        #expect(SQLiteResultCode(rawValue: SQLITE_CANTOPEN | (2 << 8)).name == "SQLITE_CANTOPEN_ISDIR")
        #expect(SQLiteResultCode.done.name == "SQLITE_DONE")
        #expect(SQLiteResultCode(rawValue: 10 | (99 << 8)).name == "SQLITE_IOERR(25354)")
    }

    @Test("a fault of the disk is explained with its code, call and errno; an error of the SQL is its message")
    func explanation() {
        let fsync = SQLiteError(
            code: SQLiteResultCode(rawValue: SQLITE_IOERR | (5 << 8)), message: "disk I/O error", file: "/srv/a.db",
            systemErrno: EIO, systemCall: "fsync of the folder of /srv/a.db-journal")
        #expect(
            fsync.explanation
                == "disk I/O error (SQLITE_IOERR_DIR_FSYNC: fsync of the folder of /srv/a.db-journal failed with "
                + "EIO, \(String(cString: strerror(EIO))))")
        let write = SQLiteError(
            code: SQLiteResultCode(rawValue: SQLITE_IOERR | (3 << 8)), message: "disk I/O error", systemErrno: ENOSPC)
        #expect(
            write.explanation == "disk I/O error (SQLITE_IOERR_WRITE: ENOSPC, \(String(cString: strerror(ENOSPC))))")
        #expect(
            SQLiteError(code: .full, message: "database or disk is full").explanation
                == "database or disk is full (SQLITE_FULL)")
        let syntax = SQLiteError(code: .error, message: "no such column: x", sql: "SELECT x")
        #expect(syntax.explanation == "no such column: x")
        #expect(syntax.description == "no such column: x in \"SELECT x\" (SQLITE_ERROR)")
        #expect(fsync.description.hasPrefix("/srv/a.db: disk I/O error (SQLITE_IOERR_DIR_FSYNC: "))
    }

    @Test("an error of a connection names its file; an in-memory one names none")
    func file() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-\(UUID().uuidString).db")
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try SQLiteConnection(path: folder.path)
        let error = try #require(throws: SQLiteError.self) { try db.execute(sql: "SELECT nope") }
        #expect(error.file == folder.path)
        let memory = try SQLiteConnection(path: ":memory:")
        #expect(try #require(throws: SQLiteError.self) { try memory.execute(sql: "SELECT nope") }.file == nil)
    }

    @Test("the line SQLite's VFS logs gives the call and the errno")
    func logLine() {
        let parsed = SQLiteConnection.parseLogLine(
            "os_unix.c:42: (5) fsync(/srv/a.db-journal) - Input/output error", code: SQLITE_IOERR | (5 << 8))
        #expect(parsed?.call == "fsync of the folder of /srv/a.db-journal")
        #expect(parsed?.errno == 5)
        let unlink = SQLiteConnection.parseLogLine(
            "os_unix.c:7: (28) unlink(/srv/a.db-journal) - No space left on device", code: SQLITE_IOERR | (10 << 8))
        #expect(unlink?.call == "unlink(/srv/a.db-journal)" && unlink?.errno == 28)
        #expect(SQLiteConnection.parseLogLine("cannot open file at line 1 of [abc]", code: SQLITE_CANTOPEN) == nil)
    }
}

import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

/// A database like one an app left behind when it was killed: WAL mode, its last rows committed only in its
/// `-wal` (made by copying a live connection's files, so no checkpoint ever ran).
func makeWALDatabase(at path: String, rows: Int) throws {
    let source = path + ".source"
    let live = try SQLiteConnection(path: source)
    try live.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0")
    try live.execute(sql: "CREATE TABLE mine (x)")
    for row in 1...rows { try live.execute(sql: "INSERT INTO mine VALUES (\(row))") }
    try FileManager.default.copyItem(atPath: source, toPath: path)
    try FileManager.default.copyItem(atPath: source + "-wal", toPath: path + "-wal")
    try live.close()
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: source + suffix) }
}

@Suite("kiln reset: atomic, complete .previous, refuses files in use")
struct DeveloperResetTests {
    @Test("rows committed only in the WAL are all in FILE.previous, and no side file is left at FILE")
    func walRows() throws {
        let fixture = try BundleProject()
        let path = fixture.folder.path("dev.db")
        try makeWALDatabase(at: path, rows: 50)
        #expect(try fixture.folder.read("dev.db-wal").count > 0)
        let report = try DeveloperReset(project: try fixture.project, database: "shop").reset(path: path)
        #expect(report.previousKept && report.warning == nil)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!fixture.folder.exists("dev.db\(suffix)"))
            #expect(!fixture.folder.exists("dev.db.previous\(suffix)"))
        }
        let previous = try SQLiteConnection(path: path + ".previous", mode: .readOnly)
        #expect(try previous.integer(sql: "SELECT count(*) FROM mine") == 50)
        let fresh = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try fresh.integer(sql: "SELECT count(*) FROM item") == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path("."))
            .filter { $0.contains("kiln-reset") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test("a WAL-mode connection of another process is refused, the file untouched; --force goes on")
    func openWALConnection() throws {
        let fixture = try BundleProject()
        let path = fixture.folder.path("dev.db")
        let app = try SQLiteConnection(path: path)
        try app.execute(sql: "PRAGMA journal_mode = WAL; CREATE TABLE mine (x); INSERT INTO mine VALUES (1)")
        let reset = DeveloperReset(project: try fixture.project, database: "shop")
        #expect(throws: ResetError(.inUse(path: path, by: .walConnection))) { try reset.reset(path: path) }
        #expect(try app.integer(sql: "SELECT count(*) FROM mine") == 1)
        #expect(!fixture.folder.exists("dev.db.previous"))
        var forced = reset
        forced.force = true
        #expect(try forced.reset(path: path).previousKept)
        let fresh = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try fresh.integer(sql: "SELECT count(*) FROM item") == 2)
        let previous = try SQLiteConnection(path: path + ".previous", mode: .readOnly)
        #expect(try previous.integer(sql: "SELECT count(*) FROM mine") == 1)
    }

    @Test("an open write transaction of another connection is refused and keeps its journal")
    func openWriteTransaction() throws {
        let fixture = try BundleProject()
        let path = fixture.folder.path("dev.db")
        let app = try SQLiteConnection(path: path)
        try app.execute(sql: "CREATE TABLE mine (x); BEGIN IMMEDIATE; INSERT INTO mine VALUES (1)")
        let reset = DeveloperReset(project: try fixture.project, database: "shop")
        #expect(throws: ResetError(.inUse(path: path, by: .transaction))) { try reset.reset(path: path) }
        try app.execute(sql: "COMMIT")
        #expect(try app.integer(sql: "SELECT count(*) FROM mine") == 1)
        try app.close()
        #expect(try reset.reset(path: path).previousKept)
    }

    @Test("temporary files of a killed reset are swept by the next one, and the lock file is the installer's")
    func sweep() throws {
        let fixture = try BundleProject()
        let path = fixture.folder.path("dev.db")
        try fixture.folder.write(".dev.db.kiln-reset-1-2", "a killed reset's build")
        try fixture.folder.write(".dev.db.kiln-reset-1-2-journal", "its journal")
        try fixture.folder.write(".other.db.kiln-reset-1-2", "another file's")
        _ = try DeveloperReset(project: try fixture.project, database: "shop").reset(path: path)
        #expect(!fixture.folder.exists(".dev.db.kiln-reset-1-2"))
        #expect(!fixture.folder.exists(".dev.db.kiln-reset-1-2-journal"))
        #expect(fixture.folder.exists(".other.db.kiln-reset-1-2"))
        #expect(fixture.folder.exists(".dev.db.kiln-lock"))
    }

    @Test("a FILE in a folder that does not exist is an error naming the folder, and no folder is made")
    func missingFolder() throws {
        let fixture = try BundleProject()
        let reset = DeveloperReset(project: try fixture.project, database: "shop")
        #expect(throws: FileSystemError(.open, path: fixture.folder.path("typo"), code: ENOENT)) {
            try reset.reset(path: fixture.folder.path("typo/dev.db"))
        }
        #expect(!fixture.folder.exists("typo"))
    }

    @Test("a -wal left without its database is not paired with the fresh file")
    func orphanWAL() throws {
        let fixture = try BundleProject()
        let path = fixture.folder.path("dev.db")
        try makeWALDatabase(at: path, rows: 5)
        try FileManager.default.removeItem(atPath: path)
        let report = try DeveloperReset(project: try fixture.project, database: "shop").reset(path: path)
        #expect(!report.previousKept && !fixture.folder.exists("dev.db-wal"))
        let fresh = try SQLiteConnection(path: path, mode: .readOnly)
        #expect(try fresh.integer(sql: "SELECT count(*) FROM item") == 2)
    }

    @Test("while a reset publishes, no other connection can write to the old file or bring its WAL back")
    func lockHeldWhilePublishing() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("dev.db")
        try makeWALDatabase(at: path, rows: 5)
        let other = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 0)
        var ranPublish = false
        try OldDatabaseSettler(path: path, force: false).settle {
            ranPublish = true
            #expect(!folder.exists("dev.db-wal") && !folder.exists("dev.db-shm"))
            #expect(try other.integer(sql: "SELECT count(*) FROM mine") == 5)
            #expect(throws: SQLiteError.self) { try other.execute(sql: "INSERT INTO mine VALUES (6)") }
            #expect(throws: SQLiteError.self) { try other.execute(sql: "PRAGMA journal_mode = WAL") }
            #expect(!folder.exists("dev.db-journal") && !folder.exists("dev.db-wal"))
            // The publishing rename, then side files of whoever opens the new file at once.
            let fresh = try SQLiteConnection(path: folder.path("fresh.db"))
            try fresh.execute(sql: "CREATE TABLE item (x)")
            try fresh.close()
            try FileSystem.link(path, to: path + ".previous")
            try FileSystem.rename(folder.path("fresh.db"), to: path)
            try folder.write("dev.db-wal", "the new file's WAL")
            try folder.write("dev.db-journal", "the new file's journal")
        }
        #expect(ranPublish)
        // Releasing the old file's lock touched nothing at FILE's names.
        #expect(try folder.read("dev.db-wal") == Array("the new file's WAL".utf8))
        #expect(try folder.read("dev.db-journal") == Array("the new file's journal".utf8))
        let previous = try SQLiteConnection(path: path + ".previous", mode: .readOnly)
        #expect(try previous.integer(sql: "SELECT count(*) FROM mine") == 5)
        #expect(try previous.scalar(sql: "PRAGMA journal_mode") == .text("delete"))
    }
}

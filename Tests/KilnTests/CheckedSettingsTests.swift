import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("Connection settings are read back after they are set")
struct CheckedSettingsTests {
    @Test("a defensive connection takes the in-memory journal, and a file sealed back to delete mode says delete")
    func journalInMemoryThenDelete() throws {
        let folder = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: folder.path("built.sqlite"), mode: .readWriteCreate)
        try connection.setJournalMode(.memory)
        #expect(try connection.scalar(sql: "PRAGMA journal_mode") == .text("memory"))
        try connection.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(!folder.exists("built.sqlite-journal"))
        try connection.setJournalMode(.delete)
        #expect(try connection.scalar(sql: "PRAGMA journal_mode") == .text("delete"))
    }

    @Test("journal_mode = OFF is what defensive mode turns into a query: SQLite keeps delete")
    func defensiveModeRefusesJournalOff() throws {
        // The reason the builder asks for memory: this answer used to be ignored.
        let folder = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: folder.path("built.sqlite"), mode: .readWriteCreate)
        #expect(try connection.scalar(sql: "PRAGMA journal_mode = OFF") == .text("delete"))
    }

    @Test("a mode SQLite does not take is an error naming the setting and what SQLite kept")
    func refusedJournalModeThrows() throws {
        // An in-memory database keeps its journal in memory whatever is asked.
        let connection = try SQLiteConnection(path: ":memory:")
        let error = try #require(throws: SQLiteError.self) { try connection.setJournalMode(.delete) }
        #expect(error.code == .error)
        #expect(error.sql == "PRAGMA journal_mode = DELETE")
        #expect(error.message == "SQLite did not take the setting; it kept memory")
    }

    @Test("synchronous is read back: off and extra are taken")
    func synchronization() throws {
        let folder = try TemporaryDirectory()
        let connection = try SQLiteConnection(path: folder.path("a.sqlite"), mode: .readWriteCreate)
        try connection.setSynchronization(.extra)
        #expect(try connection.integer(sql: "PRAGMA synchronous") == 3)
        try connection.setSynchronization(.off)
        #expect(try connection.integer(sql: "PRAGMA synchronous") == 0)
    }

    @Test("foreign_keys inside a transaction changes nothing, and setting it there is an error")
    func foreignKeysInsideTransaction() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.setForeignKeys(true)
        try connection.execute(sql: "BEGIN")
        let error = try #require(throws: SQLiteError.self) { try connection.setForeignKeys(false) }
        #expect(error.message == "SQLite did not take the setting; it kept 1")
        try connection.execute(sql: "ROLLBACK")
        try connection.setForeignKeys(false)
        #expect(try connection.integer(sql: "PRAGMA foreign_keys") == 0)
    }
}

@Suite("Source text locations")
struct SourceTextLocationTests {
    @Test("offsets turn into line and column, counted on demand, the same as an index of line starts would")
    func locationsMatchALineIndex() {
        let text = "a\nbc\n\nd;\r\ne"
        let bytes = Array(text.utf8)
        let source = SourceText(path: "m.sql", bytes: bytes)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        for offset in -1...(bytes.count + 2) {
            let clamped = max(0, min(offset, bytes.count))
            let line = starts.lastIndex { $0 <= clamped }!
            let location = source.location(ofByte: offset)
            #expect(location.line == line + 1, "offset \(offset)")
            #expect(location.column == clamped - starts[line] + 1, "offset \(offset)")
            #expect(location.path == "m.sql")
        }
        #expect(SourceText(path: "e.sql", bytes: []).location(ofByte: 5).line == 1)
    }
}

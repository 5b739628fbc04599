import Foundation
import Kiln
import KilnTestSupport
import Testing

/// ``SQLText``, the one rule for text kiln writes into SQL, asked of SQLite with ``HostileNames``: an
/// identifier names exactly its name, a literal is exactly its text, a comment is one line that SQLite skips.
@Suite("SQLText: identifiers, literals and comments, as SQLite reads them")
struct SQLTextTests {
    static let seeds: [UInt64] = Array(201...260)

    @Test("quoted and bare-where-safe identifiers create exactly the table and column named", arguments: seeds)
    func identifiers(seed: UInt64) throws {
        var random = HostileNames(seed: seed)
        let database = try SQLiteConnection(path: ":memory:")
        for (table, column) in zip(random.distinct(6, avoiding: ["victim".identifierKey]), random.distinct(6)) {
            for spelling in [SQLText.quotedIdentifier, SQLText.identifier] {
                let run = try SQLiteSplitRun("CREATE TABLE \(spelling(table)) (\(spelling(column)));", on: database)
                #expect(run.statements.count == 1 && run.strayText == nil, "seed \(seed): \(table.debugDescription)")
                #expect(
                    try SchemaNames(database) == SchemaNames(objects: ["table": [table]], columns: [table: [column]]),
                    "seed \(seed)")
                try database.execute(sql: "DROP TABLE \(quoted(table))")
            }
        }
    }

    @Test("a bare identifier is only ever a plain word that is no keyword")
    func bareIdentifiers() {
        #expect(SQLText.identifier("item_2") == "item_2")
        for name in ["select", "Order", "true", "2x", "", "a b", "é", "a\"b", "_rowid_\n"] {
            #expect(SQLText.identifier(name) == quoted(name), "\(name.debugDescription)")
        }
    }

    @Test("a literal is exactly its text, a NUL included", arguments: seeds)
    func literals(seed: UInt64) throws {
        var random = HostileNames(seed: seed)
        let database = try SQLiteConnection(path: ":memory:")
        var texts = random.distinct(8)
        texts += ["a\u{0}b", "\u{0}", "\u{0}'\u{0}", "'\u{0}\n"]
        for text in texts {
            let literal = SQLText.literal(text)
            let hex = Array(text.utf8).map { String(format: "%02X", $0) }.joined()
            #expect(
                try database.rows(sql: "SELECT hex(\(literal)), typeof(\(literal))") == [[.text(hex), .text("text")]],
                "seed \(seed): \(text.debugDescription) as \(literal.debugDescription)")
        }
        #expect(SQLText.literal("it's") == "'it''s'")
        #expect(SQLText.literal("a\u{0}b") == "('a' || char(0) || 'b')")
    }

    @Test("a comment is one line SQLite skips, with every control and separator written as an escape", arguments: seeds)
    func comments(seed: UInt64) throws {
        var random = HostileNames(seed: seed)
        let lines = random.distinct(6)
        let text = SQLText.lineComments(lines) + "SELECT 1;\n"
        let run = try SQLiteSplitRun(text, on: try SQLiteConnection(path: ":memory:"))
        #expect(run.statements == ["SELECT 1;"] && run.strayText == nil, "seed \(seed): \(text.debugDescription)")
        #expect(run.skippedLines.filter { !$0.isEmpty }.count == lines.count, "seed \(seed): \(text.debugDescription)")
        #expect(run.commentLinesWithControls.isEmpty, "seed \(seed): \(run.commentLinesWithControls)")
    }

    @Test("the escapes comments use")
    func commentEscapes() {
        #expect(
            SQLText.commentText("a\nb\rc\r\nd\te\u{85}f\u{2028}g\u{2029}h\u{1B}[0m\u{7F}\u{202E}i")
                == "a\\nb\\rc\\r\\nd\\te\\u{85}f\\u{2028}g\\u{2029}h\\u{1B}[0m\\u{7F}\\u{202E}i")
        #expect(SQLText.commentText("*/ -- 'é' \"日本\" 😀 \\n") == "*/ -- 'é' \"日本\" 😀 \\n")
        #expect(SQLText.lineComments(["", "x"]) == "--\n-- x\n")
    }

    @Test("a statement ends at its own last token: a view's stored trailing comment does not swallow its ';'")
    func statementEnds() throws {
        #expect(SQLText.statement("CREATE VIEW v AS SELECT 1 -- note") == "CREATE VIEW v AS SELECT 1;")
        #expect(SQLText.statement("CREATE VIEW v AS SELECT 1 /* unclosed") == "CREATE VIEW v AS SELECT 1;")
        #expect(SQLText.statement("SELECT 1;") == "SELECT 1;")
        let text = SQLText.statement("CREATE VIEW v AS SELECT 1 -- note") + "\nCREATE TABLE t (x);\n"
        let database = try SQLiteConnection(path: ":memory:")
        #expect(try SQLiteSplitRun(text, on: database).statements.count == 2)
    }

    @Test("mismatch tells a statement too many, too few or different, and a NUL")
    func mismatches() {
        let meant = ["CREATE TABLE t (x)"]
        #expect(SQLText.mismatch(in: "-- t\nCREATE TABLE t (x);\n", expected: meant) == nil)
        let injected = "-- create table \"zz\nDELETE FROM victim;\n--\"\nCREATE TABLE t (x);\n"
        #expect(
            SQLText.mismatch(in: injected, expected: meant)
                == .statement(index: 0, expected: "CREATE TABLE t (x);", found: "DELETE FROM victim;"))
        #expect(
            SQLText.mismatch(in: "CREATE TABLE t (x);\nSELECT 1;", expected: meant)
                == .statement(index: 1, expected: nil, found: "SELECT 1;"))
        #expect(
            SQLText.mismatch(in: "CREATE VIEW v AS SELECT 1 -- c;\nCREATE TABLE t (x);", expected: ["SELECT 2"])
                != nil)
        #expect(SQLText.mismatch(in: "CREATE TABLE t (x);\u{0}", expected: meant) == .nul(offset: 19))
    }

    @Test("what kiln writes reads back as the same text and name", arguments: Array(UInt64(301)...310))
    func roundTrip(seed: UInt64) {
        var random = HostileNames(seed: seed)
        for text in random.distinct(20) where !text.unicodeScalars.contains("\u{0}") {
            #expect(SQLText.literalValue(SQLText.literal(text)) == text, "\(text.debugDescription)")
            #expect(SQLText.identifierValue(SQLText.quotedIdentifier(text)) == text, "\(text.debugDescription)")
        }
    }
}

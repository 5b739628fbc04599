import Foundation
import Testing

@testable import Kiln

/// ``SQLText``'s reading direction: the value of a quoted literal or identifier, as SQLite reads it.
@Suite("SQLText: the values of quoted literals and identifiers")
struct SQLTextReadingTests {
    @Test("a literal's value: doubled quotes are one, the empty literal is empty text")
    func literals() {
        #expect(SQLText.literalValue("'it''s'") == "it's")
        #expect(SQLText.literalValue("''") == "")
        #expect(SQLText.literalValue("''''") == "'")
        #expect(SQLText.literalValue("'a''''b'") == "a''b")
        #expect(SQLText.literalValue("'\"x\" [y] `z`'") == "\"x\" [y] `z`")
        #expect(SQLText.literalValue("'\u{301}é'") == "\u{301}é")
    }

    @Test("text that is not one whole literal has no literal value")
    func notLiterals() {
        for text in ["", "'", "it's", "'open", "open'", "\"a\"", "[a]", "x'00'"] {
            #expect(SQLText.literalValue(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("an identifier's value in each of SQLite's three identifier quotes")
    func identifiers() {
        #expect(SQLText.identifierValue("\"a\"\"b\"") == "a\"b")
        #expect(SQLText.identifierValue("\"\"") == "")
        #expect(SQLText.identifierValue("`a``b`") == "a`b")
        #expect(SQLText.identifierValue("`say \"hi\"`") == "say \"hi\"")
        #expect(SQLText.identifierValue("[a b]") == "a b")
        // A bracket has no escape: a doubled quote inside one is two quotes of the name.
        #expect(SQLText.identifierValue("[a\"\"b]") == "a\"\"b")
        for text in ["", "\"", "a", "'a'", "\"a", "[a", "`a\"", "[a)"] {
            #expect(SQLText.identifierValue(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("the lexer's tokens have the values SQLite gives them")
    func agreesWithSQLite() throws {
        let sql = "CREATE TABLE t (\"a\"\"b\", [c\"d], `e``f`, g DEFAULT 'it''s', h DEFAULT '', i DEFAULT '''')"
        var lexer = SQLLexer(sql)
        let tokens = lexer.tokens()
        let names = tokens.compactMap { $0.kind == .quotedIdentifier ? lexer.identifier(of: $0) : nil }
        let literals = tokens.compactMap { lexer.literalValue(of: $0) }
        #expect(names == ["a\"b", "c\"d", "e`f"])
        #expect(literals == ["it's", "", "'"])
        let database = try SQLiteConnection(path: ":memory:")
        try database.execute(sql: sql + "; INSERT INTO t DEFAULT VALUES")
        let columns = try database.rows(sql: "SELECT name FROM pragma_table_info('t')").map { $0[0] }
        #expect(Array(columns.prefix(3)) == names.map { SQLiteValue.text($0) })
        #expect(try database.rows(sql: "SELECT g, h, i FROM t").first == literals.map { SQLiteValue.text($0) })
    }
}

import Testing

@testable import Kiln

/// The model of `sql` run on an in-memory database.
private func model(_ sql: String) throws -> SchemaModel {
    let connection = try SQLiteConnection(path: ":memory:")
    try connection.execute(sql: sql)
    return try SchemaModel.read(from: connection)
}

@Suite("Quoted words that read as values when bare")
struct SchemaTextValueWordsTests {
    @Test(
        "a quoted true, false, null or current_date keeps its quotes; the bare word does not",
        arguments: ["true", "false", "null", "current_date", "current_time", "current_timestamp", "TRUE"])
    func quotedValueWords(word: String) {
        #expect(SchemaText.normalize("\"\(word)\"") == "\"\(word.lowercased())\"")
        #expect(SchemaText.normalize(word) != SchemaText.normalize("\"\(word)\""))
    }

    @Test("other quoted words lose their quotes, and a quoted name after a dot is a name")
    func otherQuotedWords() {
        #expect(SchemaText.normalize("\"abc\"") == SchemaText.normalize("abc"))
        #expect(SchemaText.normalize("\"key\"") == SchemaText.normalize("key"))
        #expect(SchemaText.normalize("new.\"true\"") == SchemaText.normalize("new.true"))
    }

    @Test("DEFAULT \"true\" (the text 'true') and DEFAULT true (the integer 1) are different models")
    func defaultsDiffer() throws {
        for word in ["true", "false", "null", "current_date", "current_time", "current_timestamp"] {
            let quoted = try model("CREATE TABLE t (a TEXT DEFAULT \"\(word)\")")
            let bare = try model("CREATE TABLE t (a TEXT DEFAULT \(word))")
            #expect(quoted != bare, "\(word)")
            #expect(
                SchemaDifference.compare(expected: quoted, actual: bare).map(\.description) == [
                    "table t: column a: DEFAULT \"\(word)\" → \(SchemaText.normalize(word))"
                ])
        }
    }

    @Test("the same holds in a CHECK, a generated column and an index expression (a quoted word is a column)")
    func expressionsDiffer() throws {
        let pairs = [
            ("CREATE TABLE t (\"null\" INT, CHECK (\"null\" > 0))", "CREATE TABLE t (\"null\" INT, CHECK (null > 0))"),
            ("CREATE TABLE t (\"true\" INT, b AS (\"true\" + 1))", "CREATE TABLE t (\"true\" INT, b AS (true + 1))"),
            (
                "CREATE TABLE t (\"false\" INT); CREATE INDEX i ON t (\"false\" + 1)",
                "CREATE TABLE t (\"false\" INT); CREATE INDEX i ON t (false + 1)"
            ),
        ]
        for (quoted, bare) in pairs {
            #expect(try model(quoted) != model(bare), "\(quoted)")
        }
    }
}

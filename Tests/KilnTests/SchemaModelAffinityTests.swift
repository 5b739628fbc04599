import Kiln
import Testing

@Suite("Column affinity: the schema model's answer (SQLite's) agrees with the documented rule")
struct SchemaModelAffinityTests {
    /// SQLite's documented examples (<https://www.sqlite.org/datatype3.html>, section 3.1.1), then every declared
    /// type the test fixtures and examples use, and spellings the rule must see through; each with the affinity
    /// the documented rule gives it.
    static let declaredTypes: [(type: String, strict: Bool, expected: SchemaModel.Affinity)] = [
        ("INT", false, .integer), ("INTEGER", false, .integer), ("TINYINT", false, .integer),
        ("SMALLINT", false, .integer), ("MEDIUMINT", false, .integer), ("BIGINT", false, .integer),
        ("UNSIGNED BIG INT", false, .integer), ("INT2", false, .integer), ("INT8", false, .integer),
        ("CHARACTER(20)", false, .text), ("VARCHAR(255)", false, .text), ("VARYING CHARACTER(255)", false, .text),
        ("NCHAR(55)", false, .text), ("NATIVE CHARACTER(70)", false, .text), ("NVARCHAR(100)", false, .text),
        ("TEXT", false, .text), ("CLOB", false, .text), ("BLOB", false, .blob), ("", false, .none),
        ("REAL", false, .real), ("DOUBLE", false, .real), ("DOUBLE PRECISION", false, .real), ("FLOAT", false, .real),
        ("NUMERIC", false, .numeric), ("DECIMAL(10,5)", false, .numeric), ("BOOLEAN", false, .numeric),
        ("DATE", false, .numeric), ("DATETIME", false, .numeric), ("FLOATING POINT", false, .integer),
        ("STRING", false, .numeric),
        // The fixtures' own.
        ("ANY", false, .numeric), ("ANY_TEXT", false, .text), ("TIMESTAMP", false, .numeric),
        ("VARCHAR(20)", false, .text), ("varchar(128)", false, .text), ("bool", false, .numeric),
        ("uint64", false, .integer), ("created_at TEXT", false, .text), ("DECIMAL(10,2)", false, .numeric),
        // STRICT tables' types.
        ("INT", true, .integer), ("INTEGER", true, .integer), ("REAL", true, .real), ("TEXT", true, .text),
        ("BLOB", true, .blob), ("ANY", true, .any), ("any", true, .any),
        // Quoted and bracketed words, case, and what only looks like a keyword.
        ("\"text\"", false, .text), ("[varchar](10)", false, .text), ("`Int`", false, .integer),
        ("'blob'", false, .blob), ("BlobInt", false, .integer), ("CharBlob", false, .text), ("I NT", false, .numeric),
        ("PO INT", false, .integer),
        ("\u{131}nt", false, .numeric), ("t\u{131}nt", false, .numeric), ("FLOA", false, .real),
        ("DOUB", false, .real), ("REALLY", false, .real), ("NUMBER(+5, -2)", false, .numeric),
    ]

    @Test("every known declared type", arguments: declaredTypes)
    func agrees(type: String, strict: Bool, expected: SchemaModel.Affinity) throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: "CREATE TABLE t (c \(type))\(strict ? " STRICT" : "")")
        let column = try #require(try SchemaModel.read(from: connection).tables.first?.columns.first)
        #expect(column.affinity == expected)
    }

    @Test("the affinity SQLite gives decides how a value is stored")
    func storage() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: "CREATE TABLE t (a \"floating point\", b STRING, c, d \"text\")")
        try connection.execute(sql: "INSERT INTO t VALUES ('1.0', '1.0', '1.0', 1)")
        let row = try connection.rows(sql: "SELECT typeof(a), typeof(b), typeof(c), typeof(d) FROM t")
        #expect(row.first == [.text("integer"), .text("integer"), .text("text"), .text("text")])
        let columns = try #require(try SchemaModel.read(from: connection).tables.first?.columns)
        #expect(columns.map(\.affinity) == [.integer, .numeric, .none, .text])
    }
}

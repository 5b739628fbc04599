import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// A seed value a column of a table that is not STRICT would keep as another type than it promises is an
/// error at its field; SQLite's own conversion decides; `textInNumericColumns` lets text in on purpose.
@Suite("Seed values keep their column's type")
struct SeedValueTypeTests {
    @Test("text in an INTEGER column with a CHECK is refused at its field, although SQLite's CHECK would pass it")
    func textInIntegerColumn() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, stock INTEGER NOT NULL CHECK (stock >= 0));",
            seeds: ["item": "id,name,stock\n1,pen,4\n2,ink,n/a\n"])
        #expect(
            try project.failure()
                == "seeds/db/item.csv:3:7: error: item.stock is declared INTEGER, but value 'n/a' is not an integer: "
                + "SQLite would store it as TEXT")
        #expect(try project.rows("SELECT count(*) FROM item") == [[.integer(0)]])
    }

    @Test("a decimal in an INTEGER column is refused: SQLite would keep it as REAL")
    func realInIntegerColumn() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE price (sku TEXT PRIMARY KEY, cents INT);",
            seeds: ["price": "sku,cents\na,399\nb,3.99\n"])
        #expect(
            try project.failure()
                == "seeds/db/price.csv:3:3: error: price.cents is declared INT, but value 3.99 is not an integer: "
                + "SQLite would store it as REAL")
    }

    @Test("what SQLite converts to the column's type loads: spaces, exponents, integral reals")
    func sqliteConversions() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (i INTEGER, r REAL, n NUMERIC, d DECIMAL(10,2));",
            seeds: ["t": "i,r,n,d\n\" 12 \",\" 2.5\",1e3,\"7 \"\n3.0,4,12.0,1.25\n1e3,-0,\" -3\",\"+1.5\"\n"])
        try project.seed()
        #expect(
            try project.rows("SELECT typeof(i), typeof(r), typeof(n), typeof(d) FROM t ORDER BY rowid")
                == [
                    ["integer", "real", "integer", "integer"], ["integer", "real", "integer", "real"],
                    ["integer", "real", "integer", "real"],
                ].map { $0.map(SQLiteValue.text) }
        )
    }

    @Test("text in REAL, NUMERIC and DECIMAL columns is refused; DATE, DATETIME and BOOLEAN columns take text")
    func otherNumericColumns() throws {
        for (type, value) in [("REAL", "abc"), ("DOUBLE PRECISION", "n/a"), ("NUMERIC", "x1"), ("DECIMAL(10,2)", "-")] {
            let project = try SeedProject(
                schema: "CREATE TABLE t (v \(type));", seeds: ["t": "v\n\(value)\n"])
            #expect(
                try project.failure()
                    == "seeds/db/t.csv:2:1: error: t.v is declared \(type), but value '\(value)' is not a number: "
                    + "SQLite would store it as TEXT")
        }
        let project = try SeedProject(
            schema: "CREATE TABLE e (at DATETIME, day DATE, done BOOLEAN);",
            seeds: ["e": "at,day,done\n2024-03-01 10:00:00,2024-03-01,true\n"])
        try project.seed()
        #expect(
            try project.rows("SELECT typeof(at), typeof(day), typeof(done) FROM e")
                == [[.text("text"), .text("text"), .text("text")]])
    }

    @Test("textInNumericColumns loads text into the columns it names, and only those")
    func textOnPurpose() throws {
        let schema = "CREATE TABLE reading (id INTEGER PRIMARY KEY, value REAL, quality INTEGER);"
        let seeds = ["reading": "id,value,quality\n1,12.5,3\n2,n/a,3\n"]
        let config = #"{ "databases": { "db": { "textInNumericColumns": { "reading": ["VALUE"] } } } }"#
        let project = try SeedProject(schema: schema, seeds: seeds, config: config)
        try project.seed()
        #expect(
            try project.rows("SELECT typeof(value) FROM reading ORDER BY id") == [[.text("real")], [.text("text")]])
        try project.write("reading", "id,value,quality\n3,n/a,high\n")
        #expect(
            try project.failure()
                == "seeds/db/reading.csv:2:7: error: reading.quality is declared INTEGER, but value 'high' is not an "
                + "integer: SQLite would store it as TEXT")
    }

    @Test("textInNumericColumns naming a column the table lacks is an error at its table's key in kiln.json")
    func unknownTextColumn() throws {
        let config = """
            {
              "databases": { "db": { "textInNumericColumns": { "reading": ["valeu"] } } }
            }
            """
        let project = try SeedProject(
            schema: "CREATE TABLE reading (id INTEGER PRIMARY KEY, value REAL);",
            seeds: ["reading": "id,value\n1,2\n"], config: config)
        #expect(
            try project.failure()
                == "kiln.json:2:52: error: textInNumericColumns names column 'valeu', which table 'reading' does not have"
        )
    }

    @Test("STRICT tables are left to SQLite, whose own refusal is kept")
    func strictTable() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (v INTEGER) STRICT;", seeds: ["t": "v\nabc\n"])
        #expect(
            try project.failure().hasPrefix("seeds/db/t.csv:2:1: error: cannot store TEXT value in INTEGER column t.v"))
    }

    @Test("upsert leaves unchanged rows alone and counts only changed ones, byte for byte, as updated")
    func upsertCounts() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, n NUMERIC);",
            seeds: ["t": "id,name,n\n1,a,1\n2,b,2\n3,c,3\n"])
        try project.seed()
        let counts = { (reports: [SeedTableReport]) in reports.map { [$0.rows, $0.inserted, $0.updated] } }
        #expect(counts(try project.seed(.upsert)) == [[3, 0, 0]])
        // 'B' equals 'b' under NOCASE but is another value; 2.5 is another type than 2.
        try project.write("t", "id,name,n\n1,a,1\n2,B,2\n3,c,2.5\n4,d,4\n")
        #expect(counts(try project.seed(.upsert)) == [[4, 1, 2]])
        #expect(
            try project.rows("SELECT name, n FROM t WHERE id IN (2, 3) ORDER BY id") == [
                [.text("B"), .integer(2)], [.text("c"), .real(2.5)],
            ])
    }
}

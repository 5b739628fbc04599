import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

@testable import KilnCommandLine

/// A project folder with one database (`db`) built from `schema`, and its seeds.
struct SeedProject {
    let folder: TemporaryDirectory
    let project: KilnProject
    let path: String

    init(schema: String, seeds: [String: String], config: String? = nil) throws {
        folder = try TemporaryDirectory()
        try folder.write("migrations/db/0001_schema.sql", schema)
        for (table, text) in seeds { try folder.write("seeds/db/\(table).csv", text) }
        if let config { try folder.write("kiln.json", config) }
        project = try KilnProject(root: folder.url)
        path = folder.path("db.sqlite")
        try project.migrator(for: "db").migrate(fileAt: path)
    }

    @discardableResult
    func seed(_ mode: SeedMode = .insert, only: [String] = []) throws -> [SeedTableReport] {
        try project.seed("db", fileAt: path, shownAs: "db.sqlite", mode: mode, only: only)
    }

    func rows(_ sql: String) throws -> [[SQLiteValue]] {
        try SQLiteConnection(path: path).rows(sql: sql)
    }

    func write(_ table: String, _ text: String) throws { try folder.write("seeds/db/\(table).csv", text) }

    func bytes() throws -> [UInt8] { try folder.read("db.sqlite") }

    /// Seeds, expecting a failure; returns its first diagnostic line and checks the file did not change.
    func failure(_ mode: SeedMode = .insert, only: [String] = []) throws -> String {
        let before = try bytes()
        do {
            try seed(mode, only: only)
        } catch {
            #expect(try bytes() == before, "the database changed although the load failed")
            // As `kiln seed` prints it: the command line's wording names the --mode flag.
            return ErrorRendering.diagnostics(for: error).first.map { String($0.formatted().split(separator: "\n")[0]) }
                ?? "\(error)"
        }
        Issue.record("expected the load to fail")
        return ""
    }
}

@Suite("Seed loading")
struct SeedLoaderTests {
    @Test("values are typed by column affinity; NULL versus ''; leading zeros survive in TEXT")
    func affinities() throws {
        let project = try SeedProject(
            schema:
                "CREATE TABLE t (i INTEGER, r REAL, n NUMERIC, x TEXT, b BLOB, u, v VARCHAR(5), d DOUBLE PRECISION);",
            seeds: [
                "t":
                    "i,r,n,x,b,u,v,d\n42,1.5,7,007,ab,12,x,3\n-9223372036854775808,1e-3,2.5,\"\",\"\",z,,0.1\n,,abc,,,,\"\",\n9223372036854775808,x,1.0,1,2,3,4,5\n"
            ],
            // Text in numeric columns on purpose: loaded as SQLite converts it (SeedValueTypeTests has the rule).
            config: #"{ "databases": { "db": { "textInNumericColumns": { "t": ["i", "r", "n"] } } } }"#)
        try project.seed()
        let types = try project.rows(
            "SELECT typeof(i), typeof(r), typeof(n), typeof(x), typeof(b), typeof(u), typeof(v), typeof(d) FROM t ORDER BY rowid"
        )
        #expect(types[0] == ["integer", "real", "integer", "text", "blob", "text", "text", "real"])
        #expect(types[1] == ["integer", "real", "real", "text", "blob", "text", "null", "real"])
        #expect(types[2] == ["null", "null", "text", "null", "null", "null", "text", "null"])
        // Text that is not an integer literal stays text; SQLite's affinity then does what it does with text.
        #expect(types[3] == ["real", "text", "integer", "text", "blob", "text", "text", "real"])
        let values = try project.rows("SELECT i, r, x, v, d FROM t ORDER BY rowid LIMIT 3")
        #expect(values[0] == [.integer(42), .real(1.5), .text("007"), .text("x"), .real(3)])
        #expect(values[1] == [.integer(Int64.min), .real(0.001), .text(""), .null, .real(0.1)])
        #expect(values[2][3] == .text(""))
    }

    @Test("REAL values are correctly rounded")
    func rounding() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (r REAL);", seeds: ["t": "r\n0.1\n2.2250738585072011e-308\n9007199254740993\n"])
        try project.seed()
        #expect(
            try project.rows("SELECT r FROM t ORDER BY rowid") == [
                [.real(0.1)], [.real(strtod("2.2250738585072011e-308", nil))], [.real(9_007_199_254_740_992)],
            ])
    }

    @Test("STRICT tables get exactly their types, and a value that cannot be stored is located")
    func strict() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE s (id INTEGER PRIMARY KEY, n INT, r REAL, t TEXT, a ANY) STRICT;",
            seeds: ["s": "id,n,r,t,a\n1,2,3,4,5\n"])
        try project.seed()
        #expect(
            try project.rows("SELECT typeof(n), typeof(r), typeof(t), typeof(a) FROM s") == [
                ["integer", "real", "text", "text"]
            ])
        try project.write("s", "id,n,r,t,a\n2,3,4,5,6\n3,three,4,5,6\n")
        #expect(
            try project.failure()
                == "seeds/db/s.csv:3:3: error: cannot store TEXT value in INT column s.n (value 'three')")
    }

    @Test("missing columns take their defaults")
    func defaults() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'anon', n INTEGER DEFAULT 7);",
            seeds: ["t": "id\n1\n"])
        try project.seed()
        #expect(try project.rows("SELECT id, name, n FROM t") == [[1, "anon", 7]])
    }

    @Test("a conflict in insert mode names the first line that loaded the value")
    func duplicateInCSV() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE country (id INTEGER PRIMARY KEY, title TEXT, code TEXT);",
            seeds: ["country": "id,title,code\n1,Almanya,49\n2,Türkiye,90\n3,İngiltere,44\n1,Amerika,1\n"])
        #expect(
            try project.failure()
                == "seeds/db/country.csv:5:1: error: UNIQUE constraint failed: country.id (value 1 was already loaded at line 2)"
        )
    }

    @Test("a conflict with a different row already in the table says so and suggests upsert")
    func conflictWithExisting() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);", seeds: ["t": "id,name\n1,a\n"])
        try project.seed()
        try project.write("t", "id,name\n1,b\n")
        #expect(
            try project.failure()
                == "seeds/db/t.csv:2:1: error: UNIQUE constraint failed: t.id (value 1 is already in the table)")
    }

    @Test("insert mode leaves a table that already holds every row of its file as it is, byte for byte")
    func alreadyHeld() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT COLLATE NOCASE, n REAL);\n"
                + "CREATE TABLE log (line TEXT);",
            seeds: ["t": "id,name,n\n1,a,1.5\n2,,2\n", "log": "line\nx\nx\n"])
        let held = { (reports: [SeedTableReport]) in
            Dictionary(uniqueKeysWithValues: reports.map { ($0.table, $0.alreadyHeld) })
        }
        #expect(held(try project.seed()) == ["t": false, "log": false])
        let before = try project.bytes()
        // Loading the same seeds again (after a run whose commit reached the file, say) changes nothing.
        let again = try project.seed()
        #expect(held(again) == ["t": true, "log": true])
        #expect(again.map(\.inserted) == [0, 0])
        #expect(try project.bytes() == before)
        // A row that differs only where the column's collation would not tell is not held: the key conflicts.
        try project.write("t", "id,name,n\n1,A,1.5\n2,,2\n")
        #expect(
            try project.failure()
                == "seeds/db/t.csv:2:1: error: UNIQUE constraint failed: t.id (value 1 is already in the table)")
        // A table without a key holds its file only with as many rows: one row short, the file loads again.
        try project.write("t", "id,name,n\n1,a,1.5\n2,,2\n")
        try project.write("log", "line\nx\nx\nx\n")
        #expect(held(try project.seed()) == ["t": true, "log": false])
        #expect(try project.rows("SELECT count(*) FROM log") == [[.integer(5)]])
    }

    @Test("upsert inserts new rows and updates existing ones by primary key; sync also deletes")
    func modes() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);", seeds: ["t": "id,name\n1,a\n2,b\n3,c\n"])
        try project.seed()
        try project.write("t", "id,name\n2,B\n4,d\n")
        let upsert = try project.seed(.upsert)
        #expect(upsert.map { [$0.rows, $0.inserted, $0.updated, $0.deleted] } == [[2, 1, 1, 0]])
        #expect(try project.rows("SELECT id, name FROM t ORDER BY id") == [[1, "a"], [2, "B"], [3, "c"], [4, "d"]])
        let sync = try project.seed(.sync)
        // Rows 2 and 4 are already as the file has them: left alone, not counted as updated.
        #expect(sync.map { [$0.rows, $0.inserted, $0.updated, $0.deleted] } == [[2, 0, 0, 2]])
        #expect(try project.rows("SELECT id, name FROM t ORDER BY id") == [[2, "B"], [4, "d"]])
    }

    @Test("upsert and sync refuse duplicate keys within the CSV")
    func duplicateKeysInUpsert() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (a TEXT, b INTEGER, v TEXT, PRIMARY KEY (a, b));",
            seeds: ["t": "a,b,v\nx,1,p\nx,2,q\nx,01,r\n"])
        #expect(
            try project.failure(.sync)
                == "seeds/db/t.csv:4:1: error: duplicate primary key in the CSV: t.a, t.b (value 'x', 01 was already loaded at line 2)"
        )
    }

    @Test("upsert compares keys with the key's collation: 'ab' and 'AB' collide under NOCASE")
    func collatedKeys() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (code TEXT PRIMARY KEY COLLATE NOCASE, v TEXT);",
            seeds: ["t": "code,v\nab,first\nAB,second\n"])
        #expect(
            try project.failure(.upsert).hasPrefix(
                "seeds/db/t.csv:3:1: error: duplicate primary key in the CSV: t.code"))
    }

    @Test("upsert refuses a row whose primary key is empty")
    func emptyKeyInUpsert() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (code TEXT PRIMARY KEY, v TEXT);", seeds: ["t": "code,v\nx,1\n,2\n"])
        #expect(
            try project.failure(.upsert) == "seeds/db/t.csv:3:1: error: the primary key t.code is empty (value NULL)")
    }

    @Test("upsert and sync need a primary key, in the table and in the header")
    func upsertNeedsKey() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (name TEXT);\nCREATE TABLE u (id INTEGER PRIMARY KEY, name TEXT);",
            seeds: ["t": "name\na\n", "u": "name\nb\n"])
        let message = try project.failure(.upsert)
        #expect(message == "seeds/db/t.csv:1:1: error: --mode upsert needs a primary key, and table 't' has none")
        #expect(
            try project.failure(.sync, only: ["u"])
                == "seeds/db/u.csv:1:1: error: --mode sync matches rows by primary key, but the header lacks 'id'")
    }

    @Test("parents load before children whatever the file order, and orphans are located")
    func foreignKeyOrder() throws {
        let schema = """
            CREATE TABLE zone (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE address (id INTEGER PRIMARY KEY, zone_id INTEGER NOT NULL REFERENCES zone (id));
            """
        // "address" sorts before "zone", so file order alone would load the child first.
        let project = try SeedProject(
            schema: schema, seeds: ["address": "id,zone_id\n1,2\n2,1\n", "zone": "id,name\n1,north\n2,south\n"])
        let reports = try project.seed()
        #expect(reports.map(\.table) == ["zone", "address"])
        try project.write("address", "id,zone_id\n3,1\n4,9\n")
        #expect(
            try project.failure(.upsert)
                == "seeds/db/address.csv:3:3: error: FOREIGN KEY constraint failed: address.zone_id references zone, which has no row with value 9"
        )
    }

    @Test("tables in a foreign-key cycle load with the check deferred to the end")
    func cycle() throws {
        let schema = """
            CREATE TABLE a (id INTEGER PRIMARY KEY, b_id INTEGER REFERENCES b (id));
            CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id));
            """
        let project = try SeedProject(schema: schema, seeds: ["a": "id,b_id\n1,1\n", "b": "id,a_id\n1,1\n"])
        try project.seed()
        #expect(try project.rows("SELECT count(*) FROM a JOIN b ON a.b_id = b.id") == [[1]])
    }

    @Test("sync refuses to delete parent rows that children still reference")
    func syncKeepsReferences() throws {
        let schema = """
            CREATE TABLE zone (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE address (id INTEGER PRIMARY KEY, zone_id INTEGER REFERENCES zone (id) ON DELETE CASCADE);
            """
        let project = try SeedProject(
            schema: schema, seeds: ["zone": "id,name\n1,north\n2,south\n", "address": "id,zone_id\n1,2\n"])
        try project.seed()
        try project.write("zone", "id,name\n1,north\n")
        let message = try project.failure(.sync, only: ["zone"])
        #expect(
            message.hasPrefix(
                "seeds/db/zone.csv:1:1: error: FOREIGN KEY constraint failed: table address rowid 1 references a missing row of zone"
            ))
    }

    @Test("NOT NULL and CHECK failures point at the field, with its value")
    func constraints() throws {
        let project = try SeedProject(
            schema:
                "CREATE TABLE vehiculo (id INTEGER PRIMARY KEY, nombre_vehiculo TEXT NOT NULL, numero_ruedas INTEGER NOT NULL CHECK (numero_ruedas >= 0));",
            seeds: ["vehiculo": "id,nombre_vehiculo,numero_ruedas\n1,coche,4\n2,,2\n"])
        #expect(
            try project.failure()
                == "seeds/db/vehiculo.csv:3:3: error: NOT NULL constraint failed: vehiculo.nombre_vehiculo (the field is empty)"
        )
        try project.write("vehiculo", "id,nombre_vehiculo,numero_ruedas\n1,coche,4\n2,moto,-2\n")
        #expect(
            try project.failure()
                == "seeds/db/vehiculo.csv:3:8: error: CHECK constraint failed: numero_ruedas >= 0 (value -2)")
        try project.write("vehiculo", "id,numero_ruedas\n1,4\n")
        #expect(
            try project.failure()
                == "seeds/db/vehiculo.csv:2:1: error: NOT NULL constraint failed: vehiculo.nombre_vehiculo (the header has no column 'nombre_vehiculo' and it has no default)"
        )
    }

    @Test("a constraint failure on the last row of a 100,000-row file leaves the database byte for byte unchanged")
    func lastRowOfLargeFile() throws {
        var text = "id,name,code\n"
        for id in 1...99_999 { text += "\(id),name \(id),\"c,\(id % 97)\"\n" }
        text += "100000,,x\n"
        let project = try SeedProject(
            schema:
                "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT);\nCREATE INDEX t_code ON t (code);",
            seeds: ["t": text])
        #expect(
            try project.failure()
                == "seeds/db/t.csv:100001:8: error: NOT NULL constraint failed: t.name (the field is empty)")
        #expect(try project.rows("SELECT count(*) FROM t") == [[0]])
        #expect(try project.rows("SELECT name FROM sqlite_schema WHERE type = 'index'") == [["t_code"]])
    }

    @Test("indexes dropped for the load are re-created, and a UNIQUE one reports its duplicate")
    func indexes() throws {
        let project = try SeedProject(
            schema:
                "CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT);\nCREATE UNIQUE INDEX t_code ON t (code);\nCREATE INDEX t_code_id ON t (code, id) WHERE code IS NOT NULL;",
            seeds: ["t": "id,code\n1,a\n2,b\n3,\n4,\n"])
        let before = try project.rows("SELECT name, sql FROM sqlite_schema ORDER BY name")
        try project.seed()
        #expect(try project.rows("SELECT name, sql FROM sqlite_schema ORDER BY name") == before)
        #expect(try project.rows("PRAGMA integrity_check") == [["ok"]])
        try project.write("t", "id,code\n5,c\n6,a\n")
        #expect(
            try project.failure()
                == "seeds/db/t.csv:3:3: error: UNIQUE constraint failed: t.code (value 'a' is already in the table)")
        let empty = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT);\nCREATE UNIQUE INDEX t_code ON t (code);",
            seeds: ["t": "id,code\n1,DE\n2,TR\n3,DE\n"])
        #expect(
            try empty.failure()
                == "seeds/db/t.csv:4:3: error: UNIQUE constraint failed: t.code (value 'DE' was already loaded at line 2)"
        )
    }

    @Test(
        "hostile headers are unknown columns, never SQL",
        arguments: [
            "x\"); DROP TABLE t; --", "name\"", "\"name\"", "name; DROP TABLE t", "rowid",
        ])
    func hostileHeaders(header: String) throws {
        let csvHeader = "\"" + header.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let project = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);", seeds: ["t": "id,\(csvHeader)\n1,x\n"])
        #expect(try project.failure() == "seeds/db/t.csv:1:4: error: table 't' has no column '\(header)'")
        #expect(try project.rows("SELECT count(*) FROM sqlite_schema WHERE name = 't'") == [[1]])
    }

    @Test("a seed file for a table that does not exist lists the tables")
    func unknownTable() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT);", seeds: ["location": "id\n1\n"])
        #expect(try project.failure() == "seeds/db/location.csv:1:1: error: no table 'location' in the database")
    }

    @Test("a database that is not at the newest migration is refused with the command to run")
    func versionCheck() throws {
        let project = try SeedProject(schema: "CREATE TABLE t (id INTEGER PRIMARY KEY);", seeds: ["t": "id\n1\n"])
        try project.folder.write("migrations/db/0002_more.sql", "ALTER TABLE t ADD COLUMN name TEXT;")
        let reopened = try KilnProject(root: project.folder.url)
        let error = try #require(throws: SeedError.self) {
            try reopened.seed("db", fileAt: project.path, shownAs: "db.sqlite")
        }
        #expect(error.reason == .notAtNewestVersion(file: "db.sqlite", database: "db", version: 1, newest: 2))
        // The command the hint names is the command line's wording, added where the error becomes text.
        #expect(
            ErrorRendering.diagnostics(for: error).first?.formatted()
                == "kiln: error: db.sqlite is at version 1, but the seeds are written for the newest version, 2\nkiln: note: run 'kiln migrate db --db db.sqlite' first"
        )
    }

    @Test("a table's delimiter comes from kiln.json")
    func delimiter() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE t (id INTEGER PRIMARY KEY, price TEXT);",
            seeds: ["t": "id;price\n1;\"2,50\"\n2;3,10\n"],
            config: #"{"databases": {"db": {"delimiters": {"t": ";"}}}}"#)
        try project.seed()
        #expect(try project.rows("SELECT price FROM t ORDER BY id") == [["2,50"], ["3,10"]])
    }

    @Test("CSV format errors abort the load with their location")
    func formatErrorRollsBack() throws {
        let project = try SeedProject(
            schema: "CREATE TABLE a (id INTEGER PRIMARY KEY);\nCREATE TABLE b (id INTEGER PRIMARY KEY);",
            seeds: ["a": "id\n1\n2\n", "b": "id\n1\n\"2\n"])
        #expect(try project.failure() == "seeds/db/b.csv:3:1: error: a quoted field is never closed")
        #expect(try project.rows("SELECT count(*) FROM a") == [[0]])
    }
}

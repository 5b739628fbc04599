import Kiln
import Testing

@Suite("SQLite result codes")
struct SQLiteResultCodeTests {
    @Test("a primary code matches itself and all of its extended codes")
    func primaryMatchesExtended() {
        #expect(SQLiteResultCode.constraint ~= .constraint)
        for extended in [
            SQLiteResultCode.constraintUnique, .constraintNotNull, .constraintPrimaryKey, .constraintForeignKey,
            .constraintCheck, .constraintRowID,
        ] {
            #expect(SQLiteResultCode.constraint ~= extended, "\(extended)")
            #expect(extended.primary == .constraint)
            #expect(!extended.isPrimary)
        }
        #expect(SQLiteResultCode.busy ~= .busySnapshot)
        #expect(SQLiteResultCode.readOnly ~= .readOnlyDatabaseMoved)
        #expect(SQLiteResultCode.ioError ~= .ioErrorShortRead)
        #expect(SQLiteResultCode.ioError ~= .ioErrorFsync)
    }

    @Test("an extended code matches only itself, never a sibling or another primary code")
    func extendedMatchesOnlyItself() {
        #expect(SQLiteResultCode.constraintUnique ~= .constraintUnique)
        #expect(!(SQLiteResultCode.constraintUnique ~= .constraintNotNull))
        #expect(!(SQLiteResultCode.constraintNotNull ~= .constraintUnique))
        #expect(!(SQLiteResultCode.constraintPrimaryKey ~= .constraintUnique))
        #expect(!(SQLiteResultCode.constraintUnique ~= .busy))
        #expect(!(SQLiteResultCode.constraint ~= .busy))
        #expect(!(SQLiteResultCode.constraint ~= .busySnapshot))
    }

    @Test("an extended pattern does not match its bare primary code; matches(_:) reads with the value first")
    func valueFirst() {
        #expect(!(SQLiteResultCode.constraintUnique ~= .constraint))
        #expect(!(SQLiteResultCode.busySnapshot ~= .busy))
        #expect(SQLiteResultCode.constraintUnique.matches(.constraint))
        #expect(SQLiteResultCode.busySnapshot.matches(.busy))
        #expect(SQLiteResultCode.constraintUnique.matches(.constraintUnique))
        #expect(!SQLiteResultCode.constraint.matches(.constraintUnique))
        #expect(!SQLiteResultCode.constraintUnique.matches(.ioError))
        #expect(!SQLiteResultCode.busySnapshot.matches(.constraint))
    }

    @Test("a switch picks the extended case before the primary one")
    func switchOverCodes() {
        func kind(_ code: SQLiteResultCode) -> String {
            switch code {
            case .constraintUnique: "unique"
            case .constraintNotNull: "not null"
            case .constraint: "other constraint"
            case .busy: "busy"
            default: "other"
            }
        }
        #expect(kind(.constraintUnique) == "unique")
        #expect(kind(.constraintNotNull) == "not null")
        #expect(kind(.constraintCheck) == "other constraint")
        #expect(kind(.busySnapshot) == "busy")
        #expect(kind(.corrupt) == "other")
    }

    @Test("SQLite's own extended codes match the named constants")
    func realErrors() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL CHECK (name <> 'x'))")
        try db.execute(sql: "INSERT INTO t VALUES (1, 'a')")
        let cases: [(String, SQLiteResultCode)] = [
            ("INSERT INTO t VALUES (2, 'a')", .constraintUnique),
            ("INSERT INTO t VALUES (3, NULL)", .constraintNotNull),
            ("INSERT INTO t VALUES (4, 'x')", .constraintCheck),
            ("INSERT INTO t VALUES (1, 'b')", .constraintPrimaryKey),
        ]
        for (sql, expected) in cases {
            let error = try #require(throws: SQLiteError.self) { try db.execute(sql: sql) }
            #expect(error.code.matches(expected), "\(sql): \(error.code)")
            #expect(error.code.matches(.constraint))
            #expect(!error.code.matches(expected == .constraintUnique ? .constraintNotNull : .constraintUnique))
        }
    }

    @Test("each failure a seed load explains has its own extended code, whatever its message says")
    func seedFailureCodes() throws {
        let db = try SQLiteConnection(path: ":memory:")
        try db.execute(
            sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, u TEXT UNIQUE, n TEXT NOT NULL, c INTEGER CHECK (c > 0));
                CREATE TABLE pair (a, b, PRIMARY KEY (a, b));
                CREATE TABLE s (x INTEGER) STRICT;
                INSERT INTO t VALUES (1, 'u', 'n', 1);
                INSERT INTO pair VALUES (1, 2);
                """)
        func code(_ sql: String) -> (SQLiteResultCode?, String?) {
            do {
                try db.execute(sql: sql)
                return (nil, nil)
            } catch let error as SQLiteError {
                return (error.code, error.message)
            } catch {
                return (nil, "\(error)")
            }
        }
        let cases: [(String, SQLiteResultCode, String)] = [
            ("INSERT INTO t VALUES (1, 'v', 'n', 1)", .constraintPrimaryKey, "UNIQUE constraint failed: t.id"),
            ("INSERT INTO t VALUES (2, 'u', 'n', 1)", .constraintUnique, "UNIQUE constraint failed: t.u"),
            ("INSERT INTO pair VALUES (1, 2)", .constraintPrimaryKey, "UNIQUE constraint failed: pair.a, pair.b"),
            ("INSERT INTO t VALUES (2, 'v', NULL, 1)", .constraintNotNull, "NOT NULL constraint failed: t.n"),
            ("INSERT INTO t VALUES (2, 'v', 'n', 0)", .constraintCheck, "CHECK constraint failed: c > 0"),
            ("INSERT INTO s VALUES ('x')", .constraintDataType, "cannot store TEXT value in INTEGER column s.x"),
            ("INSERT INTO t VALUES ('x', 'v', 'n', 1)", .mismatch, "datatype mismatch"),
        ]
        for (sql, expected, message) in cases {
            let (found, text) = code(sql)
            #expect(found == expected && text == message, "\(sql): \(String(describing: found)) \(text ?? "")")
        }
    }
}

import Kiln
import Testing

@testable import KilnBuild

/// Generated upgrade rows, one constraint kind at a time: SQLite accepts every row (it judged them), so each
/// test checks that the table got rows, and what they hold.
@Suite("Upgrade data")
struct UpgradeDataTests {
    /// An in-memory database with `schema`, filled at version 1.
    func filled(_ schema: String, versions: ClosedRange<Int32> = 1...1, checkKeys: Bool = true) throws -> (
        SQLiteConnection, [CheckFinding]
    ) {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(sql: schema)
        var notes: [CheckFinding] = []
        for version in versions { notes += try GeneratedRows.insert(into: connection, version: version) }
        if checkKeys { #expect(try connection.rows(sql: "PRAGMA foreign_key_check").isEmpty) }
        return (connection, notes)
    }

    func count(_ connection: SQLiteConnection, _ sql: String) throws -> Int64 { try connection.integer(sql: sql) }

    @Test func aCheckListGivesOnlyItsValuesAndSeveralOfThem() throws {
        let (connection, notes) = try filled(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, kind TEXT NOT NULL CHECK (kind IN ('checking', 'savings', 'cash')));"
        )
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM t") >= 3)
        #expect(try count(connection, "SELECT count(*) FROM t WHERE kind NOT IN ('checking', 'savings', 'cash')") == 0)
        #expect(try count(connection, "SELECT count(DISTINCT kind) FROM t") == 3)
    }

    @Test func aPrimaryKeyWhoseOnlyValuesComeFromACheckFillsUpAndStaysFull() throws {
        let (connection, notes) = try filled(
            "CREATE TABLE currency (code TEXT PRIMARY KEY NOT NULL CHECK (code IN ('EUR', 'USD')), decimals INTEGER NOT NULL CHECK (decimals BETWEEN 0 AND 3));",
            versions: 1...3)
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM currency") == 2)
    }

    @Test func aGlobPatternGetsMatchingDistinctText() throws {
        let (connection, notes) = try filled(
            "CREATE TABLE invoice (number TEXT NOT NULL UNIQUE CHECK (number GLOB 'INV-[0-9][0-9][0-9]-[A-C]'), month TEXT NOT NULL CHECK (month LIKE '20__-%'));",
            versions: 1...2)
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM invoice") >= 6)
    }

    @Test func jsonColumnsGetJSONOfTheTypeTheCheckNames() throws {
        let (connection, notes) = try filled(
            """
            CREATE TABLE doc (body TEXT NOT NULL CHECK (json_valid(body) AND json_type(body) = 'array'));
            CREATE TABLE event (payload TEXT NOT NULL);
            CREATE INDEX event_kind ON event (json_extract(payload, '$.kind'));
            """)
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM doc") >= 3)
        // No CHECK on event.payload, but an index reads it as JSON: the valid rows hold JSON.
        #expect(try count(connection, "SELECT count(*) FROM event WHERE json_valid(payload)") >= 3)
    }

    @Test func strictTablesGetExactlyTypedValues() throws {
        let (connection, notes) = try filled(
            "CREATE TABLE s (id INTEGER PRIMARY KEY, n INT NOT NULL, r REAL NOT NULL, t TEXT NOT NULL, b BLOB NOT NULL, a ANY) STRICT;"
        )
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM s") >= 3)
        #expect(try count(connection, "SELECT count(*) FROM s WHERE typeof(b) <> 'blob'") == 0)
    }

    @Test func withoutRowIDTablesAndGeneratedColumnsWork() throws {
        let (connection, notes) = try filled(
            """
            CREATE TABLE pair (a TEXT NOT NULL, b INTEGER NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID;
            CREATE TABLE g (id INTEGER PRIMARY KEY, x INTEGER NOT NULL,
                y INTEGER GENERATED ALWAYS AS (x * 2) STORED, z TEXT AS (upper(x)) VIRTUAL);
            """, versions: 1...2)
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM pair") >= 6)
        #expect(try count(connection, "SELECT count(*) FROM g WHERE y IS NOT x * 2") == 0)
    }

    @Test func nocaseUniquenessIsRespected() throws {
        let (connection, notes) = try filled(
            "CREATE TABLE tag (label TEXT NOT NULL UNIQUE COLLATE NOCASE);", versions: 1...3)
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM tag") >= 9)
    }

    @Test func aSelfReferencePointsAtEarlierRows() throws {
        let (connection, notes) = try filled(
            "CREATE TABLE node (id INTEGER PRIMARY KEY, name TEXT NOT NULL, parent_id INTEGER REFERENCES node (id));",
            versions: 1...2)
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM node WHERE parent_id IS NOT NULL") >= 1)
        #expect(try count(connection, "SELECT count(*) FROM node WHERE parent_id >= id") == 0)
    }

    @Test func aCycleWithNotNullOnOneSideIsClosedBySecondPass() throws {
        let (connection, notes) = try filled(
            """
            CREATE TABLE a (id INTEGER PRIMARY KEY, b_id INTEGER NOT NULL REFERENCES b (id));
            CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id));
            """)
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM a") >= 3)
        #expect(try count(connection, "SELECT count(*) FROM b WHERE a_id IS NOT NULL") >= 3)
    }

    @Test func childrenReferenceParentsThatExistAndParentsWithChecksGetRows() throws {
        let (connection, notes) = try filled(
            """
            CREATE TABLE currency (code TEXT PRIMARY KEY CHECK (code IN ('EUR', 'USD', 'JPY')));
            CREATE TABLE rate (base TEXT NOT NULL REFERENCES currency (code), quote TEXT NOT NULL REFERENCES currency (code),
                value REAL NOT NULL CHECK (value > 0), CHECK (base <> quote));
            CREATE TABLE account (id INTEGER PRIMARY KEY, currency_code TEXT NOT NULL REFERENCES currency (code));
            CREATE TABLE note (id INTEGER PRIMARY KEY, account_id INTEGER REFERENCES account (id),
                currency_code TEXT REFERENCES currency (code), CHECK ((account_id IS NULL) <> (currency_code IS NULL)));
            """)
        #expect(notes.isEmpty)
        #expect(try count(connection, "SELECT count(*) FROM rate WHERE base <> quote") >= 3)
        #expect(try count(connection, "SELECT count(*) FROM note") >= 3)
    }

    @Test func aTableThatCannotBePopulatedIsANoteNamingItAndTheConstraint() throws {
        let (_, notes) = try filled("CREATE TABLE never (x INTEGER NOT NULL CHECK (x > 5 AND x < 5));")
        let note = try #require(notes.first)
        #expect(notes.count == 1)
        #expect(note.severity == .note)
        #expect(
            note.reason.message == "could not generate rows for table never at version 1: CHECK constraint failed: x > 5 AND x < 5")
        #expect(note.reason.code == "table-not-populated")
    }

    @Test(
        "a foreign-key cycle over NOT NULL columns gets rows: inserted with keys deferred, then pointed at real parents",
        arguments: ["DEFERRABLE INITIALLY DEFERRED", ""])
    func notNullCycle(deferrable: String) throws {
        let (connection, notes) = try filled(
            """
            CREATE TABLE team (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                captain_id INTEGER NOT NULL REFERENCES player (id) \(deferrable)
            );
            CREATE TABLE player (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                team_id INTEGER NOT NULL REFERENCES team (id)
            );
            """, versions: 1...2)
        #expect(notes.isEmpty, "\(notes.map(\.reason.message))")
        #expect(try count(connection, "SELECT count(*) FROM team") >= 3)
        #expect(try count(connection, "SELECT count(*) FROM player") >= 3)
        #expect(try count(connection, "SELECT count(*) FROM team JOIN player ON player.id = team.captain_id") >= 3)
    }

    @Test func aForeignKeyToColumnsThatAreNotAKeyIsANote() throws {
        let (connection, notes) = try filled(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_name TEXT REFERENCES parent (name));
            """, checkKeys: false)
        #expect(
            notes.map(\.reason.message) == [
                #"could not generate rows for table child at version 1: foreign key mismatch - "child" referencing "parent""#
            ])
        #expect(try count(connection, "SELECT count(*) FROM parent") >= 3)
    }

    @Test func edgeRowsHoldNullsDuplicatesAndUnusualText() throws {
        let (connection, _) = try filled(
            "CREATE TABLE person (id INTEGER PRIMARY KEY, name TEXT NOT NULL, nick TEXT, age INTEGER);",
            versions: 1...2)
        #expect(try count(connection, "SELECT count(*) FROM person WHERE nick IS NULL AND age IS NULL") >= 1)
        #expect(try count(connection, "SELECT count(*) - count(DISTINCT name) FROM person") >= 2)
        #expect(try count(connection, "SELECT count(*) FROM person WHERE name = ''") >= 1)
        #expect(try count(connection, "SELECT count(*) FROM person WHERE length(name) >= 300") >= 1)
        #expect(try count(connection, "SELECT count(*) FROM person WHERE name LIKE '%日本%'") >= 1)
        #expect(try count(connection, "SELECT count(*) FROM person WHERE age IN (0, -1, 2147483648)") >= 3)
    }

    @Test func theSameSchemaAndRowsGiveTheSameRowsAndForeignKeysAreRestored() throws {
        let schema = """
            CREATE TABLE parent (id INTEGER PRIMARY KEY, kind TEXT CHECK (kind IN ('x', 'y')));
            CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id), at TEXT);
            """
        let (first, _) = try filled(schema, versions: 1...3)
        let (second, _) = try filled(schema, versions: 1...3)
        for table in ["parent", "child"] {
            #expect(try first.rows(sql: "SELECT * FROM \(table)") == second.rows(sql: "SELECT * FROM \(table)"))
        }
        #expect(try first.integer(sql: "PRAGMA foreign_keys") == 0)
    }
}

import Foundation
import Kiln
import KilnTestSupport
import Testing

@Suite("kiln binary: SOURCE_DATE_EPOCH from the process's environment")
struct SourceDateEpochTests {
    @Test(
        "builds under one SOURCE_DATE_EPOCH are byte-identical, another one changes the stored time, an invalid one fails"
    )
    func reproducibleBuilds() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "migrations/app/0001_events.sql",
            """
            CREATE TABLE event (id INTEGER PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
                                token TEXT NOT NULL DEFAULT (hex(randomblob(16))), stamped INTEGER);
            CREATE TRIGGER event_stamp AFTER INSERT ON event BEGIN
                UPDATE event SET stamped = strftime('%s','now') WHERE id = NEW.id;
            END;

            """)
        try folder.write("seeds/app/event.csv", "id,name\n1,first\n2,second\n")
        func build(_ epoch: String) throws -> (status: Int32, bytes: [UInt8]?) {
            let result = try KilnBinary.run(
                ["build", "--force"], in: folder.url, environment: ["SOURCE_DATE_EPOCH": epoch])
            return (result.status, result.status == 0 ? try folder.read("build/app.sqlite") : nil)
        }
        let first = try build("1700000000")
        let second = try build("1700000000")
        #expect(first.status == 0 && first.bytes != nil && first.bytes == second.bytes)
        let later = try build("1700000001")
        #expect(later.bytes != nil && later.bytes != first.bytes)
        let db = try SQLiteConnection(path: folder.path("build/app.sqlite"), mode: .readOnly)
        #expect(
            try db.rows(sql: "SELECT created_at, stamped FROM event WHERE id = 2") == [
                ["2023-11-14 22:13:21", 1_700_000_001]
            ])
        let invalid = try KilnBinary.run(["build"], in: folder.url, environment: ["SOURCE_DATE_EPOCH": "1.7e9"])
        #expect(invalid.status == 1)
        #expect(invalid.standardError.hasPrefix("kiln: error: SOURCE_DATE_EPOCH is '1.7e9'"))
    }
}

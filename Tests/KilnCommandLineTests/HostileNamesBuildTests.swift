import Foundation
import Kiln
import KilnTestSupport
import Testing

/// Issue 23, item 1, for the SQL kiln builds from names and runs itself: seeding (inserts, upserts, the keys
/// it has seen), the content hash, the upgrade path's generated rows and the reproducibility comparison of
/// `kiln check`, on tables and columns named by ``HostileNames``.
@Suite("hostile names through kiln build, kiln seed and kiln check")
struct HostileNamesBuildTests {
    static let seeds: [UInt64] = Array(301...312)

    @Test("build, seed and check keep every name a name and every value a value", arguments: seeds)
    func buildSeedCheck(seed: UInt64) throws {
        var random = HostileNames(seed: seed)
        // Seed files are named after their tables: no `/`, no leading `.`, and a name that fits a file name.
        let fileSafe = { (name: String) in
            !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && name.utf8.count < 200
        }
        var tables: [String] = []
        while tables.count < 2 {
            tables += random.distinct(1, avoiding: Set((tables + ["victim"]).map(\.identifierKey))).filter(fileSafe)
        }
        let columns = random.distinct(6)
        let values = random.distinct(2)
        let (parent, child) = (quoted(tables[0]), quoted(tables[1]))
        let column = columns.map(quoted)
        let project = try ShopProject([
            (
                "0001_start.sql",
                """
                CREATE TABLE victim (v TEXT);
                INSERT INTO victim VALUES ('ceo');
                CREATE TABLE \(parent) (\(column[0]) INTEGER PRIMARY KEY, \(column[1]) TEXT NOT NULL);
                CREATE TABLE \(child) (\(column[2]) INTEGER PRIMARY KEY, \
                \(column[3]) INTEGER REFERENCES \(parent) (\(column[0])), \(column[4]) TEXT);

                """
            ),
            (
                "0002_more.sql",
                "CREATE INDEX \(quoted(columns[5] + "_index")) ON \(child) (\(column[4]));\n"
                    + "ALTER TABLE \(child) ADD COLUMN \(column[5]) TEXT;\n"
            ),
        ])
        try project.folder.write(
            "seeds/shop/\(tables[0]).csv", Self.csv([[columns[0], columns[1]], ["1", values[0]]]))
        try project.folder.write(
            "seeds/shop/\(tables[1]).csv",
            Self.csv([[columns[2], columns[3], columns[4], columns[5]], ["7", "1", values[1], ""]]))
        let runs = [
            ["hash", "shop"], ["build", "--out", "out"], ["check"], ["migrate", "shop", "--db", "app.sqlite"],
            ["seed", "shop", "--db", "app.sqlite"], ["seed", "shop", "--db", "app.sqlite", "--mode", "upsert"],
            ["seed", "shop", "--db", "app.sqlite", "--mode", "sync", "--only", tables[1]],
        ]
        for arguments in runs {
            let result = try project.kiln(arguments: arguments)
            #expect(result.status == 0, "seed \(seed), kiln \(arguments): \(result.standardError.debugDescription)")
        }
        for file in ["out/shop.sqlite", "app.sqlite"] {
            let built = try SQLiteConnection(path: project.folder.path(file), mode: .readOnly)
            #expect(try built.rows(sql: "SELECT v FROM victim") == [[.text("ceo")]], "seed \(seed)")
            #expect(
                try built.rows(sql: "SELECT * FROM \(parent)") == [[.integer(1), .text(values[0])]], "seed \(seed)")
            #expect(
                try built.rows(sql: "SELECT * FROM \(child)")
                    == [[.integer(7), .integer(1), .text(values[1]), .text("")]], "seed \(seed)")
        }
    }

    /// `rows` as CSV, every field double-quoted (inner quotes doubled, `""` the empty text), lines ended by CRLF.
    static func csv(_ rows: [[String]]) -> String {
        rows.map { row in
            row.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",")
        }.joined(separator: "\r\n") + "\r\n"
    }
}

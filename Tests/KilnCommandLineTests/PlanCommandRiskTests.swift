import Foundation
import Kiln
import KilnTestSupport
import Testing

/// `kiln plan` judging risks (issue 27, items 3 to 5), then `kiln migrate` running what it wrote: a table
/// turned STRICT over rows it refuses needs the flag and placeholders; a UNIQUE index made an inline UNIQUE
/// needs neither; INTEGER → REAL is a guarded copy that migrates every device whose values REAL keeps and
/// stops, located and rolled back, on one holding 2^53 + 1.
@Suite("kiln plan, risks judged then migrated")
struct PlanCommandRiskTests {
    /// The migration file `kiln plan` wrote as migration 2, `0002_change_<table>.sql`.
    static func written(_ project: ShopProject, table: String) throws -> String {
        String(decoding: try project.folder.read("migrations/shop/0002_change_\(table).sql"), as: UTF8.self)
    }

    @Test("INTEGER → REAL: refused without the flag, written with a guard, and migrate stops at 2^53 + 1 only")
    func integerToReal() throws {
        let project = try PlanCommandSetAsideTests.project(
            initial: "CREATE TABLE m (id INTEGER PRIMARY KEY, big INTEGER);\n",
            wanted: "CREATE TABLE m (id INTEGER PRIMARY KEY, big REAL);\n",
            rows: "INSERT INTO m VALUES (1, 9007199254740992), (2, -5);",
            badRows: "INSERT INTO m VALUES (3, 9007199254740993);")
        let refused = try project.kiln("plan", "shop")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("whose \"big\" holds an integer beyond 2^53 (REAL would round it)"))
        let result = try project.kiln("plan", "shop", "--allow-data-loss")
        #expect(result.status == 0, "\(result.standardError)")
        // The generated rows' 2^53 + 1 is set aside with the guard's message, and nothing is left to fill.
        #expect(result.standardOutput.contains("of m set aside: JSON path error near 'kiln stopped converting"))
        #expect(!result.standardOutput.contains("to fill:"))
        let text = try Self.written(project, table: "m")
        #expect(!text.contains("kiln_placeholder"))
        let good = try project.kiln("migrate", "shop", "--db", "good.sqlite")
        #expect(good.status == 0, "\(good.standardError)")
        #expect(
            try PlanCommandSetAsideTests.rows(project, "good.sqlite", "SELECT big, typeof(big) FROM m ORDER BY id")
                == ["[9007199254740992.0, real]", "[-5.0, real]"])
        let bad = try project.kiln("migrate", "shop", "--db", "bad.sqlite")
        #expect(bad.status == 1)
        // Located at the copy, the statement the migration failed at, naming table, column and value.
        let insertLine = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.hasPrefix("INSERT INTO \"new_m\"")
            })
        #expect(
            bad.standardError.hasPrefix(
                "migrations/shop/0002_change_m.sql:\(insertLine + 1):1: error: "), "\(bad.standardError)")
        #expect(
            bad.standardError.contains(
                "kiln stopped converting \"m\".\"big\": 9007199254740993 would become 9007199254740992.0 as REAL"))
        #expect(bad.standardError.contains("; kiln plan guarded this conversion, which would change that value"))
        #expect(bad.standardError.contains("migration 2 was rolled back"))
        #expect(
            try PlanCommandSetAsideTests.rows(project, "bad.sqlite", "SELECT big, typeof(big) FROM m ORDER BY id")
                == ["[9007199254740992, integer]", "[-5, integer]", "[9007199254740993, integer]"])
    }

    @Test("STRICT over mistyped rows: refused without the flag; with it, a located placeholder to fill per column")
    func strictOverMistypedRows() throws {
        let project = try PlanCommandSetAsideTests.project(
            initial: "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, s TEXT);\n",
            wanted: "CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, s TEXT) STRICT;\n",
            rows: "INSERT INTO t VALUES (1, 7, 'x');", badRows: "INSERT INTO t VALUES (2, 'abc', x'00');")
        let refused = try project.kiln("plan", "shop")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("its INTEGER column \"n\" refuses real, text or blob values"))
        let result = try project.kiln("plan", "shop", "--allow-data-loss")
        #expect(result.status == 0, "\(result.standardError)")
        let toFill = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  to fill: ") }
        #expect(toFill.count == 2, "\(result.standardOutput)")
        #expect(
            toFill.first?.hasSuffix(": convert the real, text or blob values of \"n\", which STRICT INTEGER refuses")
                == true)
        let location = String(toFill.first?.dropFirst("  to fill: ".count).prefix { $0 != " " } ?? "")
        let migrate = try project.kiln("migrate", "shop", "--db", "bad.sqlite")
        #expect(migrate.status == 1)
        #expect(migrate.standardError.hasPrefix("\(location) error: no such function: kiln_placeholder\n"))
    }

    @Test("a UNIQUE index made an inline UNIQUE is planned without --allow-data-loss and migrates every row")
    func uniqueIndexToInline() throws {
        let project = try PlanCommandSetAsideTests.project(
            initial: "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT);\nCREATE UNIQUE INDEX a_e ON a (e);\n",
            wanted: "CREATE TABLE a (id INTEGER PRIMARY KEY, e TEXT UNIQUE);\n",
            rows: "INSERT INTO a VALUES (1, 'x'), (2, NULL), (3, NULL);", badRows: "")
        let result = try project.kiln("plan", "shop")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("allowed by --allow-data-loss"))
        let migrate = try project.kiln("migrate", "shop", "--db", "good.sqlite")
        #expect(migrate.status == 0, "\(migrate.standardError)")
        #expect(try PlanCommandSetAsideTests.rows(project, "good.sqlite", "SELECT count(*) FROM a") == ["[3]"])
    }
}

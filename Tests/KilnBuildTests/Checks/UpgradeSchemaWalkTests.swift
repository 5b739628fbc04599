import Foundation
import Kiln
import KilnTestSupport
import Testing

@testable import KilnBuild

@Suite("kiln check: the walk without rows that a failing upgrade path copies its schemas from")
struct UpgradeSchemaWalkTests {
    @Test(
        "each version's database is, byte for byte but the header's counters, the fresh build at that version, however few images fit",
        arguments: [16 << 20, 40_000, 1])
    func sameAsFreshBuild(budget: Int) throws {
        let history = try ReachHistory(failing: "SELECT 1;")
        let migrator = history.check.migrator
        let walk = UpgradeSchemaWalk(imageBudget: budget)
        // Forward (the walk advancing), then backward (copies of images, or rebuilt from the nearest below).
        for version in Array(Int32(1)...11) + Array((Int32(1)...10).reversed()) {
            let copy = try walk.database(at: version, migrator)
            let fresh = try migrator.freshDatabase(at: version)
            #expect(try Self.content(of: copy) == Self.content(of: fresh), "version \(version)")
            #expect(try Migrator.version(of: copy) == version)
            #expect(copy.path == ":memory:")
        }
        #expect(walk.version == 11)
    }

    /// The bytes of a database without the header's counters (<https://www.sqlite.org/fileformat.html>): the file
    /// change counter, the schema cookie, the version-valid-for number and the library's version, which a copy
    /// (the backup API, as every upgrade path has always been made) rewrites and SQL does not read.
    static func content(of connection: SQLiteConnection) throws -> [UInt8] {
        var bytes = try connection.serializedDatabase()
        for offset in Array(24..<28) + Array(40..<44) + Array(92..<100) where offset < bytes.count { bytes[offset] = 0 }
        return bytes
    }

    @Test("the walk tells what each migration reads and writes, through renames and triggers")
    func accesses() throws {
        let history = try ReachHistory(failing: "SELECT 1;")
        let walk = UpgradeSchemaWalk()
        try walk.advance(history.check.migrator, to: 10)
        let keys = { (names: [String]) in Set(names.map(\.identifierKey)) }
        let rebuild = try #require(walk.access(of: 4))
        #expect(rebuild.reads == keys(["a"]))
        #expect(rebuild.writes == keys(["a", "a_new"]))
        #expect(!rebuild.isOpaque && !rebuild.readsEveryTable)
        let update = try #require(walk.access(of: 9))
        #expect(update.writes == keys(["a", "log"]))
        let rename = try #require(walk.access(of: 10))
        #expect(rename.touched == keys(["c", "c_old"]))
        #expect(walk.tables(at: 4) == keys(["a", "b"]))
        #expect(walk.tables(at: 10) == keys(["a", "b", "c", "d", "log"]))
    }

    @Test("what SQLite's authorizer names is what a statement touches; what it cannot bound makes it opaque")
    func classification() throws {
        let connection = try SQLiteConnection(path: ":memory:")
        try connection.execute(
            sql:
                "CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, x); CREATE TABLE u (y); CREATE INDEX u_y ON u (y)"
        )
        let modules = Set(
            try connection.rows(sql: "SELECT name FROM pragma_module_list").map { "\($0[0])".identifierKey })
        func access(_ sql: String) throws -> UpgradeMigrationAccess {
            var access = UpgradeMigrationAccess()
            try connection.observingAuthorizations({ access.record($0, modules: modules) }) {
                try connection.execute(sql: sql)
            }
            return access
        }
        let copy = try access("INSERT INTO u SELECT x FROM t AS alias WHERE x IN (SELECT value FROM json_each('[1]'))")
        #expect(copy.reads == ["t".identifierKey] && copy.writes == ["u".identifierKey])
        #expect(!copy.isOpaque && !copy.readsEveryTable)
        let index = try access("CREATE INDEX t_x ON t (x)")
        #expect(index.writes == ["t".identifierKey] && !index.readsEveryTable && !index.isOpaque)
        #expect(try access("REINDEX u_y").readsEveryTable)
        #expect(try access("SELECT seq FROM sqlite_sequence").readsEveryTable)
        #expect(try access("SELECT count(*) FROM pragma_foreign_key_check").readsEveryTable)
        #expect(try !access("SELECT count(*) FROM pragma_table_info('t')").isOpaque)
        for opaque in [
            "UPDATE sqlite_sequence SET seq = 0", "SELECT * FROM pragma_page_count", "PRAGMA cache_size = 10",
            "SELECT random()", "SELECT changes()", "ATTACH ':memory:' AS other", "ANALYZE", "CREATE TEMP TABLE v (z)",
        ] {
            #expect(try access(opaque).isOpaque, "\(opaque)")
        }
    }
}

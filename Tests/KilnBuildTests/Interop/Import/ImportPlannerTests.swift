import Kiln
import Testing

@testable import KilnBuild

@Suite("kiln import's planner: version order, owned statements, placeholders")
struct ImportPlannerTests {
    @Test("versions order numerically, group by group; 1 equals 1.0")
    func versionOrder() throws {
        func key(_ text: String) throws -> VersionKey {
            try #require(VersionKey(text.split(separator: ".", omittingEmptySubsequences: false)))
        }
        #expect(try key("1.9") < key("1.10"))
        #expect(try key("9") < key("10"))
        #expect(try key("000009") < key("10"))
        #expect(try key("1.2") < key("1.2.1"))
        #expect(try key("20240102150405") < key("20240102150406"))
        #expect(try key("99999999999999999999") < key("100000000000000000000"))  // beyond UInt64
        #expect(try key("1") == key("1.0"))
        #expect(VersionKey(["1", "x"]) == nil)
        #expect(VersionKey(["1", ""]) == nil)
    }

    /// The kept text and the removed statements' lines and texts.
    static func remove(_ sql: String) throws -> (String, [String]) {
        let bytes = Array(sql.utf8)
        let (kept, removals) = try OwnedStatements.remove(
            from: bytes[...], source: SourceText(path: "up.sql", bytes: bytes))
        return (String(decoding: kept, as: UTF8.self), removals.map { "\($0.location.line):\($0.text)" })
    }

    @Test("wrappers and kiln's pragmas are removed with their line; a trigger's BEGIN … END and pragma reads are kept")
    func ownedStatements() throws {
        let sql = """
            begin immediate transaction; -- wrapper
            PRAGMA main.foreign_keys = off;
            PRAGMA foreign_keys;
            PRAGMA user_version(7);
            CREATE TRIGGER t AFTER INSERT ON x BEGIN
              SELECT 1; SELECT 'COMMIT;';
            END;
              END TRANSACTION ;
            SELECT 2; COMMIT;

            """
        let (kept, removed) = try Self.remove(sql)
        #expect(
            removed == [
                "1:begin immediate transaction;", "2:PRAGMA main.foreign_keys = off;", "4:PRAGMA user_version(7);",
                "8:END TRANSACTION ;", "9:COMMIT;",
            ])
        #expect(
            kept == """
                 -- wrapper
                PRAGMA foreign_keys;
                CREATE TRIGGER t AFTER INSERT ON x BEGIN
                  SELECT 1; SELECT 'COMMIT;';
                END;
                SELECT 2; 

                """)
    }

    @Test("placeholders count in SQL and strings, not in comments")
    func placeholders() {
        func first(_ sql: String, inStrings: Bool = false) -> String? {
            let bytes = Array(sql.utf8)
            return (try? Placeholders.first(in: bytes, range: 0..<bytes.count, inStrings: inStrings))?.text
        }
        #expect(first("-- ${x}\n/* {{ .Env }} */ SELECT 1;") == nil)
        #expect(first("SELECT '${x}';", inStrings: true) == "${x}")
        #expect(first("SELECT '${x}';") == nil)
        #expect(first("SELECT 1; -- {{ y }}\nCREATE TABLE t (id $%PK%$, n {{ .T }});") == "$%PK%$")
        #expect(first("SELECT '$5', '{x}';") == nil)
        // The same rule as kiln check's (TemplatePlaceholder): an unclosed placeholder runs to its line's end.
        #expect(first("SELECT {{ x\nFROM t; -- }}") == "{{ x")
    }

    @Test("file names keep the source version and name in kiln's characters")
    func fileNames() {
        func name(_ version: String, _ title: String) -> String {
            let source = SourceMigration(
                order: .numbers(VersionKey(["1"])!), trackedVersion: version, writtenVersion: version, name: title,
                file: "f", bytes: [], imported: 0..<0)
            return ImportPlanner.fileName(version: 3, source: source)
        }
        #expect(name("20240102150405", "add_tags") == "0003_20240102150405_add_tags.sql")
        #expect(name("1.10", "add tags.v2") == "0003_1-10_add_tags_v2.sql")
        #expect(name("2024-01-02-150405", "größe") == "0003_2024-01-02-150405_gr__e.sql")
    }

    @Test("text orders compare bytes: diesel's 20240313 after 20240306170000, which numbers put after it")
    func orders() throws {
        #expect(SourceOrder.text("20240306170000") < .text("20240313"))
        #expect(SourceOrder.text("20240313") < .text("20240314000000"))
        #expect(SourceOrder.text("10_b.sql") < .text("9_a.sql"))
        let short = try #require(VersionKey(["20240313"]))
        let long = try #require(VersionKey(["20240306170000"]))
        #expect(SourceOrder.numbers(short) < .numbers(long))
    }

    @Test("the displaced migrations are the fewest whose moving explains another order")
    func displaced() {
        #expect(OrderReview.displaced([0, 1, 2, 3]).isEmpty)
        #expect(OrderReview.displaced([3, 0, 1, 2]) == [3])
        #expect(OrderReview.displaced([0, 1, 2, 4, 3]).count == 1)
        #expect(OrderReview.displaced([0, 9, 10, 11, 1, 2]) == [1, 2])
    }
}

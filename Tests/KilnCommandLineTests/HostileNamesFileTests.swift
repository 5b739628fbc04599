import Foundation
import Kiln
import KilnBuild
import KilnTestSupport
import Testing

/// Issue 23, item 1, for the other files kiln writes SQL into: `kiln import`'s migrations (the source's SQL
/// with the statements kiln owns removed), `kiln new`'s and `kiln init`'s template, each fed
/// ``HostileNames``; and the names kiln refuses rather than write.
@Suite("hostile names through kiln import, kiln new and kiln init")
struct HostileNamesFileTests {
    static let seeds: [UInt64] = Array(101...116)

    @Test("an imported sqlx folder keeps exactly its statements, minus the wrapper, and its names", arguments: seeds)
    func importKeepsStatements(seed: UInt64) throws {
        var random = HostileNames(seed: seed)
        // kiln import refuses a template placeholder anywhere in SQL, names included (the tools that expand
        // them would): those are ImportRefusalTests' subject.
        let placeholders = ["${", "{{", "$%"]
        let objects = random.distinct(3, avoiding: ["victim".identifierKey], excluding: placeholders)
        let columns = random.distinct(2, excluding: placeholders)
        // File names hold no `/`, and fit in 255 bytes (kiln's own names hold only letters, digits, `_` and `-`).
        let titles = random.distinct(2).map { name in
            name.isEmpty ? "x" : String(name.replacingOccurrences(of: "/", with: "|").unicodeScalars.prefix(50))
        }
        let (table, index, view) = (quoted(objects[0]), quoted(objects[1]), quoted(objects[2]))
        let source = try TemporaryDirectory()
        try source.write(
            "1_\(titles[0]).sql",
            "BEGIN;\nCREATE TABLE \(table) (\(quoted(columns[0])), \(quoted(columns[1])));\nCOMMIT;\n")
        try source.write(
            "2_\(titles[1]).sql",
            "CREATE INDEX \(index) ON \(table) (\(quoted(columns[1])));\n"
                + "CREATE VIEW \(view) AS SELECT \(quoted(columns[0])) FROM \(table);\n")
        let project = try TemporaryDirectory.emptyProject()
        let imported = kiln(["import", "app", source.path("."), "--from", "sqlx"], in: project.url)
        try #require(imported.status == 0, "seed \(seed): \(imported.standardError.debugDescription)")
        let folder = project.path("migrations/app")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sql") }.sorted()
        try #require(files.count == 2, "seed \(seed): \(files)")
        let database = try SQLiteConnection(path: ":memory:")
        try database.execute(sql: "CREATE TABLE victim (v TEXT); INSERT INTO victim VALUES ('ceo')")
        for (file, count) in zip(files, [1, 2]) {
            let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
            let run = try SQLiteSplitRun(text, on: database)
            #expect(
                run.statements.count == count && run.strayText == nil, "seed \(seed), \(file): \(text.debugDescription)"
            )
        }
        let expected = SchemaNames(
            objects: ["table": [objects[0]], "index": [objects[1]], "view": [objects[2]]],
            columns: [objects[0]: columns])
        #expect(try SchemaNames(database) == expected, "seed \(seed)")
        #expect(try database.rows(sql: "SELECT v FROM victim") == [[.text("ceo")]], "seed \(seed)")
        let manifest = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/imported.json")))
        let entries = (manifest as? [String: Any])?["migrations"] as? [[String: Any]]
        #expect(entries?.compactMap { $0["sourceName"] as? String } == titles, "seed \(seed)")
    }

    @Test(
        "kiln new's file is comments only, whatever the words, and kiln takes it for an empty version", arguments: seeds
    )
    func newTemplate(seed: UInt64) throws {
        var random = HostileNames(seed: seed)
        // Words short enough for a file name (a longer one is kiln new's errno error, NewCommandFailureTests').
        let words = random.distinct(3).map { String($0.unicodeScalars.prefix(60)) }
        let project = try ShopProject()
        let result = try project.kiln(arguments: ["new", "shop", "--"] + words)
        try #require(result.status == 0, "seed \(seed): \(result.standardError.debugDescription)")
        let path = project.folder.path(result.standardOutput.trimmingCharacters(in: .newlines))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let run = try SQLiteSplitRun(text, on: try SQLiteConnection(path: ":memory:"))
        #expect(run.statements.isEmpty && run.strayText == nil, "seed \(seed): \(text.debugDescription)")
        #expect(run.commentLinesWithControls.isEmpty, "seed \(seed): \(run.commentLinesWithControls)")
        #expect(!SQLLexer.containsStatement(Array(text.utf8)), "seed \(seed)")
    }

    @Test("the migration template is comments only even for names kiln's commands never pass it", arguments: seeds)
    func templateText(seed: UInt64) throws {
        var random = HostileNames(seed: seed)
        let names = random.distinct(4)
        let text = MigrationTemplate.text(version: 7, database: names[0], words: Array(names.dropFirst()))
        let run = try SQLiteSplitRun(text, on: try SQLiteConnection(path: ":memory:"))
        #expect(run.statements.isEmpty && run.strayText == nil, "seed \(seed): \(text.debugDescription)")
        #expect(run.commentLinesWithControls.isEmpty, "seed \(seed): \(run.commentLinesWithControls)")
    }

    @Test("kiln init refuses a database name that is no plain word, and makes nothing", arguments: seeds)
    func initRefusesHostileDatabaseNames(seed: UInt64) throws {
        var random = HostileNames(seed: seed)
        for name in random.distinct(4) where !KilnProject.isValidDatabaseName(name) {
            let folder = try TemporaryDirectory()
            let result = kiln(["init", "--", name], in: folder.url)
            #expect(
                result.status != 0, "seed \(seed): \(name.debugDescription) \(result.standardOutput.debugDescription)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path(".")).isEmpty, "seed \(seed)")
        }
    }
}
